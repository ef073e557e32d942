import Foundation
import Testing

@testable import TapeJSON

/// A decoder keeps the workspace of a finished call (its key conversions, type kinds, memos and
/// session buffers) for its next call. These tests check that reuse never changes what a call
/// returns: settings changed between calls apply at once, a failed call leaves nothing behind,
/// threads sharing one decoder each get a workspace of their own, and a workspace that a kept
/// container holds is not reused.
@Suite("Workspaces kept between decode calls")
struct IdleWorkspacesTests {
    struct User: Decodable, Equatable, Sendable {
        var userId: Int
        var createdAt: Date?
    }

    // Made on each use: a `Data` held by a static keeps its storage behind spare bits LeakSanitizer does not read as a pointer.
    static var snakeCased: Data { Data(#"{"user_id":1,"created_at":0}"#.utf8) }

    private static func idle(_ decoder: TapeJSONDecoder) -> Int {
        decoder.idleWorkspaces.withLock { $0.count }
    }

    @Test("a call takes the workspace the previous call left")
    func reusesParkedContext() throws {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(Self.idle(decoder) == 0)
        _ = try decoder.decode(User.self, from: Self.snakeCased)
        #expect(Self.idle(decoder) == 1)
        let first = decoder.withWorkspace { ObjectIdentifier($0) }
        let second = decoder.withWorkspace { ObjectIdentifier($0) }
        #expect(first == second)
        #expect(Self.idle(decoder) == 1)
    }

    @Test("a setting changed between calls applies to the next call")
    func settingsApplyAtOnce() throws {
        let decoder = TapeJSONDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode(User.self, from: Self.snakeCased) }
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(User.self, from: Self.snakeCased)
                == User(userId: 1, createdAt: Date(timeIntervalSinceReferenceDate: 0)))
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(User.self, from: Self.snakeCased)
                == User(userId: 1, createdAt: Date(timeIntervalSince1970: 0)))
        decoder.keyDecodingStrategy = .useDefaultKeys
        #expect(throws: DecodingError.self) { try decoder.decode(User.self, from: Self.snakeCased) }
        decoder.keyDecodingStrategy = .custom { path in
            TestKey(path.last!.stringValue == "user_id" ? "userId" : path.last!.stringValue)
        }
        #expect(try decoder.decode(User.self, from: Self.snakeCased) == User(userId: 1, createdAt: nil))
    }

    @Test("a workspace made before a setting changed is dropped when its call returns")
    func retiredContextIsDropped() {
        let decoder = TapeJSONDecoder()
        decoder.withWorkspace { _ in }
        #expect(Self.idle(decoder) == 1)
        decoder.withWorkspace { _ in
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            #expect(Self.idle(decoder) == 0)
        }
        #expect(Self.idle(decoder) == 0)
        let madeNow = decoder.withWorkspace { $0.keyMatching }
        #expect(madeNow == .converted)
    }

    @Test("a decoder keeps at most its capacity of idle workspaces")
    func capacityIsBounded() {
        let decoder = TapeJSONDecoder()
        func nest(_ depth: Int) {
            decoder.withWorkspace { _ in
                if depth > 1 { nest(depth - 1) }
            }
        }
        nest(IdleWorkspaces.capacity + 4)
        #expect(Self.idle(decoder) == IdleWorkspaces.capacity)
    }

    @Test("a workspace whose key conversions met thousands of distinct keys is not kept")
    func oversizedConversionsAreDropped() throws {
        /// Counts an object's keys through a key type of its own (keys that are data).
        struct KeyCount: Decodable {
            var count: Int
            init(from decoder: any Decoder) throws {
                count = try decoder.container(keyedBy: TestKey.self).allKeys.count
            }
        }
        func object(keys: Int) -> Data {
            Data(("{" + (0..<keys).map { #""key_\#($0)":\#($0)"# }.joined(separator: ",") + "}").utf8)
        }
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(KeyCount.self, from: object(keys: 10)).count == 10)
        #expect(Self.idle(decoder) == 1)
        let many = KeyConversionCache.maximumKeptKeys + 10
        #expect(try decoder.decode(KeyCount.self, from: object(keys: many)).count == many)
        #expect(Self.idle(decoder) == 0)
        #expect(try decoder.decode(KeyCount.self, from: object(keys: 10)).count == 10)
        #expect(Self.idle(decoder) == 1)
    }

    @Test("a call after a failed one throws and decodes as a new decoder's call would")
    func failureLeavesNothingBehind() throws {
        struct Typed: Decodable, Equatable {
            var id: Int
            var tags: [String]
        }
        let reused = TapeJSONDecoder()
        let bad = Data(#"{"id":"seven","tags":["a"]}"#.utf8)
        let good = Data(#"{"id":7,"tags":["a","b"]}"#.utf8)
        for _ in 0..<3 {
            let error = try #require(tapeError(Typed.self, json: String(decoding: bad, as: UTF8.self), decoder: reused))
            let fresh = try #require(tapeError(Typed.self, json: String(decoding: bad, as: UTF8.self)))
            #expect(error == fresh)
            #expect(error.kind == "typeMismatch" && error.path == ["id"])
            #expect(try reused.decode(Typed.self, from: good) == Typed(id: 7, tags: ["a", "b"]))
        }
        #expect(throws: DecodingError.self) { try reused.decode(Typed.self, from: Data("{".utf8)) }
        #expect(try reused.decode(Typed.self, from: good) == Typed(id: 7, tags: ["a", "b"]))
    }

    @Test("threads sharing one decoder each decode with a workspace of their own")
    func sharedAcrossThreads() async throws {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .secondsSince1970
        let expected = User(userId: 1, createdAt: Date(timeIntervalSince1970: 0))
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        if (task + round) % 5 == 0 {
                            guard (try? decoder.decode(User.self, from: Data("[]".utf8))) == nil else { return false }
                        } else {
                            guard try decoder.decode(User.self, from: Self.snakeCased) == expected else { return false }
                        }
                    }
                    return true
                }
            }
            for try await allMatched in group {
                #expect(allMatched)
            }
        }
        #expect(Self.idle(decoder) <= IdleWorkspaces.capacity)
    }

    /// Keeps its keyed container and its decoder (weakly, to see when they are freed).
    final class Lazy: Decodable, @unchecked Sendable {
        let container: KeyedDecodingContainer<TestKey>
        weak var decoder: AnyObject?

        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: TestKey.self)
            self.decoder = decoder as AnyObject
        }
    }

    @Test("a workspace held by a kept container is not reused, and is freed with the container")
    func keptContainerKeepsItsWorkspace() throws {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        var lazy: Lazy? = try decoder.decode(Lazy.self, from: Self.snakeCased)
        #expect(Self.idle(decoder) == 0)
        // Later calls decode with another workspace and leave it for the next call.
        #expect(try decoder.decode(User.self, from: Self.snakeCased).userId == 1)
        #expect(Self.idle(decoder) == 1)
        let other = Data(#"{"user_id":2,"created_at":5}"#.utf8)
        #expect(try decoder.decode(User.self, from: other).userId == 2)
        // The kept container still reads its own document.
        #expect(try lazy?.container.decode(Int.self, forKey: TestKey("userId")) == 1)
        #expect(lazy?.decoder != nil)
        weak let session = lazy?.decoder
        // The kept session holds its workspace: freed with it, and never given back to the decoder.
        weak let workspace = (lazy?.decoder as? DecodingSession).map { $0.workspace }
        #expect(workspace != nil)
        lazy = nil
        #expect(session == nil)
        #expect(workspace == nil)
        #expect(Self.idle(decoder) == 1)
    }

    @Test("a call takes the session the previous call left, cleared; a kept one is not left")
    func sessionKeptForTheNextCall() throws {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        _ = try decoder.decode(User.self, from: Self.snakeCased)
        let first = try #require(decoder.withWorkspace { $0.idleSession.map(ObjectIdentifier.init) })
        for n in 0..<3 {
            let json = Data(#"{"user_id":\#(n),"created_at":\#(n)}"#.utf8)
            #expect(try decoder.decode(User.self, from: json) == User(userId: n, createdAt: Date(timeIntervalSinceReferenceDate: Double(n))))
            #expect(decoder.withWorkspace { $0.idleSession.map(ObjectIdentifier.init) } == first)
        }
        // A call whose container is kept leaves no session: the kept one is its container's.
        let lazy = try decoder.decode(Lazy.self, from: Self.snakeCased)
        #expect(decoder.withWorkspace { $0.idleSession } == nil)
        #expect(try lazy.container.decode(Int.self, forKey: TestKey("userId")) == 1)
        #expect(try decoder.decode(User.self, from: Self.snakeCased).userId == 1)
    }

    @Test("a decoder's workspaces and their idle sessions are freed with it")
    func idleSessionsFreedWithTheDecoder() throws {
        weak var workspace: DecodingWorkspace?
        weak var session: DecodingSession?
        do {
            let decoder = TapeJSONDecoder()
            _ = try decoder.decode(User.self, from: Data(#"{"userId":3}"#.utf8))
            decoder.withWorkspace { kept in
                workspace = kept
                session = kept.idleSession
            }
            #expect(workspace != nil && session != nil)
        }
        #expect(workspace == nil)
        #expect(session == nil)
    }
}
