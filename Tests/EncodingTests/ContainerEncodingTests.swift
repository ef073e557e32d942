import Foundation
import TapeJSON
import Testing

// Containers of every kind against Foundation's JSONEncoder. Cases after swift-foundation's
// Tests/FoundationEssentialsTests/JSONEncoderTests.swift (the facts; the code is this project's).

private enum Keys: String, CodingKey { case a, b, c, d, x, y, z, nested, list, zzz = "zz top", slash = "a/b" }

struct Point: Codable, Equatable { var x: Double; var y: Double }

struct Everything: Codable, Equatable {
    var string = "s/\"t\"\n"
    var int = -42
    var uint: UInt64 = .max
    var double = 0.1
    var float: Float = 1.5
    var bool = true
    var optional: Int? = nil
    var optionalPresent: String? = "here"
    var array = [1, 2, 3]
    var emptyArray: [Int] = []
    var emptyDictionary: [String: Int] = [:]
    var dictionary = ["b": 2, "a": 1, "c/d": 3]
    var nested = [[Point(x: 1, y: -0.0)], []]
    var points = [Point(x: 1e-7, y: 1e21)]
    var intKeyed = [3: "three", 1: "one", 20: "twenty"]
    var enumValue = Kind.second
    var int128 = Int128.min
    enum Kind: String, Codable { case first, second = "2nd" }
}

/// A hand-written encode(to:) with nested keyed and unkeyed containers, used in order.
struct Manual: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(1, forKey: .z)
        var n = c.nestedContainer(keyedBy: Keys.self, forKey: .nested)
        try n.encode("inner", forKey: .a)
        var deeper = n.nestedUnkeyedContainer(forKey: .list)
        try deeper.encode(1)
        var obj = deeper.nestedContainer(keyedBy: Keys.self)
        try obj.encode(true, forKey: .b)
        var arr = deeper.nestedUnkeyedContainer()
        try arr.encode("x")
        try deeper.encodeNil()
        try n.encode(2.5, forKey: .b)
        try c.encode([Point(x: 1, y: 2)], forKey: .list)
        try c.encode("zz", forKey: .zzz)
        try c.encode("slash", forKey: .slash)
    }
}

class Animal: Codable {
    var name = "generic"
    enum CodingKeys: String, CodingKey { case name }
    init() {}
    required init(from decoder: any Decoder) throws {}
}

/// The superclass under "super" (the usual pattern).
final class Dog: Animal {
    var barks = 3
    enum DogKeys: String, CodingKey { case barks }
    override init() { super.init() }
    required init(from decoder: any Decoder) throws { try super.init(from: decoder) }
    override func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: DogKeys.self)
        try c.encode(barks, forKey: .barks)
        try super.encode(to: c.superEncoder())
    }
}

/// The superclass sharing the encoder (its container merges with the subclass's).
final class Cat: Animal {
    var lives = 9
    enum CatKeys: String, CodingKey { case lives }
    override init() { super.init() }
    required init(from decoder: any Decoder) throws { try super.init(from: decoder) }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var c = encoder.container(keyedBy: CatKeys.self)
        try c.encode(lives, forKey: .lives)
    }
}

/// superEncoder(forKey:), a super encoder left empty, and one in an unkeyed container.
struct Supers: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try Dog().encode(to: c.superEncoder(forKey: .a))
        _ = c.superEncoder(forKey: .b)
        var list = c.nestedUnkeyedContainer(forKey: .list)
        try "first".encode(to: list.superEncoder())
        _ = list.superEncoder()
        try list.encode(3)
        try c.encode(1, forKey: .c)
    }
}

struct EncodesNothing: Encodable { func encode(to encoder: any Encoder) throws {} }

struct KeyTwice: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(1, forKey: .a)
        try c.encode("x", forKey: .b)
        try c.encode([1, 2], forKey: .a)
        try c.encode(Point(x: 1, y: 2), forKey: .c)
        try c.encodeNil(forKey: .c)
    }
}

/// Containers used out of order: the second nested container is opened before the first is written.
struct Interleaved: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var first = c.nestedContainer(keyedBy: Keys.self, forKey: .a)
        var second = c.nestedUnkeyedContainer(forKey: .b)
        try first.encode(1, forKey: .x)
        try second.encode(2)
        try c.encode(3, forKey: .c)
        try first.encode(4, forKey: .y)
    }
}

/// A nested container requested twice for one key: Foundation merges them.
struct MergedNested: Encodable {
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var x = c.nestedContainer(keyedBy: Keys.self, forKey: .a)
        try x.encode(1, forKey: .a)
        var y = c.nestedContainer(keyedBy: Keys.self, forKey: .a)
        try y.encode(2, forKey: .b)
    }
}

struct SingleValues: Encodable {
    struct Wrapper<T: Encodable>: Encodable {
        var value: T
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(value)
        }
    }
    var a = Wrapper(value: 5)
    var b = Wrapper(value: Wrapper(value: "deep"))
    var c = Wrapper(value: Point(x: 1, y: 2))
    var d = Wrapper(value: EncodesNothing())
    var e = Wrapper(value: [Wrapper(value: 1.5)])
}

@Suite struct ContainerEncodingTests {
    static let formattings = EncoderSettings.allFormattings.map { EncoderSettings(formatting: $0) }

    @Test(arguments: formattings)
    func everyShape(_ settings: EncoderSettings) {
        expectSameAsFoundation(Everything(), settings)
        expectSameAsFoundation([Everything(), Everything()], settings)
        expectSameAsFoundation(["k": Everything()], settings)
        expectSameAsFoundation(Manual(), settings)
        expectSameAsFoundation(SingleValues(), settings)
        expectSameAsFoundation([[[[1]], [[]]], [] as [[[Int]]]], settings)
        expectSameAsFoundation([[String: [String: Int]]](), settings)
        expectSameAsFoundation([["a": [String: Int]()], [:]], settings)
        expectSameAsFoundation([EncodesNothing(), EncodesNothing()], settings)
        expectSameAsFoundation(["e": EncodesNothing()], settings)
        expectSameAsFoundation([Point?.none, Point(x: 0, y: 0)], settings)
    }

    @Test(arguments: formattings)
    func inheritanceAndSuperEncoders(_ settings: EncoderSettings) {
        expectSameAsFoundation(Dog(), settings)
        expectSameAsFoundation(Cat(), settings)
        expectSameAsFoundation([Dog(), Dog()], settings)
        expectSameAsFoundation(["pets": [Cat()]], settings)
        expectSameAsFoundation(Supers(), settings)
    }

    @Test(arguments: formattings)
    func aKeyEncodedTwiceKeepsTheLastValue(_ settings: EncoderSettings) throws {
        expectSameAsFoundation(KeyTwice(), settings)
        var unsorted = settings
        unsorted.formatting.remove(.sortedKeys)
        try expectSameValueAsFoundation(KeyTwice(), unsorted)
        // At the place of its first encoding.
        let text = String(decoding: try unsorted.tape().encode(KeyTwice()), as: UTF8.self)
        if !unsorted.formatting.contains(.prettyPrinted) {
            #expect(text == #"{"a":[1,2],"b":"x","c":null}"#)
        }
    }

    @Test(arguments: formattings)
    func containersUsedOutOfOrderGiveFoundationsBytes(_ settings: EncoderSettings) {
        expectSameAsFoundation(Interleaved(), settings)
        expectSameAsFoundation(MergedNested(), settings)
        expectSameAsFoundation([Interleaved()], settings)
    }

    @Test func withoutSortedKeysKeysComeInEncodingOrder() throws {
        let encoder = TapeJSONEncoder()
        #expect(String(decoding: try encoder.encode(Point(x: 1, y: 2)), as: UTF8.self) == #"{"x":1,"y":2}"#)
        #expect(String(decoding: try encoder.encode(Manual()), as: UTF8.self)
                == #"{"z":1,"nested":{"a":"inner","list":[1,{"b":true},["x"],null],"b":2.5},"list":[{"x":1,"y":2}],"zz top":"zz","a\/b":"slash"}"#)
        for formatting in [[], JSONEncoder.OutputFormatting.prettyPrinted, .withoutEscapingSlashes] {
            var settings = EncoderSettings(formatting: formatting)
            settings.label = "unsorted"
            try expectSameValueAsFoundation(Everything(), settings)
            try expectSameValueAsFoundation(Manual(), settings)
            try expectSameValueAsFoundation(Supers(), settings)
        }
    }

    @Test func prettyLayoutIsFoundations() throws {
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let text = String(decoding: try encoder.encode(["b": [1], "a": [Int]()]), as: UTF8.self)
        #expect(text == "{\n  \"a\" : [\n\n  ],\n  \"b\" : [\n    1\n  ]\n}")
        #expect(String(decoding: try encoder.encode([String: Int]()), as: UTF8.self) == "{\n\n}")
    }

    @Test func topLevelValueThatEncodesNothing() {
        expectSameAsFoundation(EncodesNothing())
        #expect(throws: EncodingError.self) { try TapeJSONEncoder().encode(EncodesNothing()) }
    }

    @Test func nestingDepthLimit() {
        indirect enum Nest: Encodable {
            case leaf
            case node(Nest)
            func encode(to encoder: any Encoder) throws {
                var c = encoder.unkeyedContainer()
                if case .node(let inner) = self { try c.encode(inner) }
            }
        }
        for depth in [500, 510, 511, 512, 513, 600] {
            var value = Nest.leaf
            for _ in 1..<depth { value = .node(value) }
            expectSameAsFoundation(value)
        }
    }

    @Test func nonConformingFloatsThrowWithTheirCodingPath() {
        struct Inner: Encodable { var values: [Double]; var f: Float; var opt: Double? }
        struct Outer: Encodable { var inner: [String: Inner] }
        expectSameAsFoundation(Double.nan)
        expectSameAsFoundation(Float.infinity)
        expectSameAsFoundation([1, -Double.infinity])
        expectSameAsFoundation(Outer(inner: ["k": Inner(values: [1, .nan], f: 0, opt: nil)]))
        expectSameAsFoundation(Outer(inner: ["k": Inner(values: [], f: -.infinity, opt: nil)]))
        expectSameAsFoundation(Outer(inner: ["k": Inner(values: [], f: 1, opt: .nan)]))
        expectSameAsFoundation([Point(x: 1, y: .nan)])
        expectSameAsFoundation([[Float.nan]])
        expectSameAsFoundation(SingleValues.Wrapper(value: Double.infinity))
        expectSameAsFoundation(["a": SingleValues.Wrapper(value: [Float.nan])])
    }

    @Test func aValueThatThrowsIsTakenBack() throws {
        // A caller that catches a member's error and goes on: the member is not written.
        struct Tolerant: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(1, forKey: .a)
                _ = try? c.encode(Point(x: .nan, y: 1), forKey: .b)
                _ = try? c.encode(Double.nan, forKey: .c)
                var list = c.nestedUnkeyedContainer(forKey: .list)
                _ = try? list.encode(Point(x: .infinity, y: 1))
                try list.encode(2)
                try c.encode(3, forKey: .d)
            }
        }
        expectSameAsFoundation(Tolerant())
        expectSameAsFoundation(Tolerant(), EncoderSettings(formatting: [.sortedKeys, .prettyPrinted]))
        // An array whose element throws, caught: Foundation stops the process on the next container
        // (its reused sub-encoder still holds the failed value); TapeJSON writes the rest.
        struct TolerantArray: Encodable {
            func encode(to encoder: any Encoder) throws {
                var list = encoder.unkeyedContainer()
                _ = try? list.encode([Point(x: 1, y: 1), Point(x: .infinity, y: 1)])
                try list.encode([Point(x: 2, y: 2)])
            }
        }
        #expect(String(decoding: try TapeJSONEncoder().encode(TolerantArray()), as: UTF8.self) == #"[[{"x":2,"y":2}]]"#)
    }

    @Test func misuseThatTrapsInFoundationThrows() {
        struct TwoValues: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(1)
                try c.encode(2)
            }
        }
        struct KeyedThenUnkeyed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(1, forKey: .a)
                var u = encoder.unkeyedContainer()
                try u.encode(2)
            }
        }
        struct NestedOverScalar: Encodable {
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(1, forKey: .a)
                var n = c.nestedUnkeyedContainer(forKey: .a)
                try n.encode(2)
            }
        }
        #expect(throws: EncodingError.self) { try TapeJSONEncoder().encode(TwoValues()) }
        #expect(throws: EncodingError.self) { try TapeJSONEncoder().encode(KeyedThenUnkeyed()) }
        #expect(throws: EncodingError.self) { try TapeJSONEncoder().encode([NestedOverScalar()]) }
    }

    @Test func codingPathsSeenByValues() throws {
        final class Recorder: @unchecked Sendable { var paths: [String] = [] }
        struct Probe: Encodable {
            let recorder: Recorder
            func encode(to encoder: any Encoder) throws {
                recorder.paths.append(encoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: "."))
                var c = encoder.singleValueContainer()
                try c.encode(1)
            }
        }
        struct Holder: Encodable {
            let recorder: Recorder
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: Keys.self)
                try c.encode(Probe(recorder: recorder), forKey: .a)
                var n = c.nestedContainer(keyedBy: Keys.self, forKey: .nested)
                try n.encode(Probe(recorder: recorder), forKey: .b)
                var u = n.nestedUnkeyedContainer(forKey: .list)
                try u.encode(Probe(recorder: recorder))
                try u.encode(Probe(recorder: recorder))
                try Probe(recorder: recorder).encode(to: c.superEncoder())
            }
        }
        let ours = Recorder()
        let theirs = Recorder()
        _ = try TapeJSONEncoder().encode(["top": [Holder(recorder: ours)]])
        _ = try JSONEncoder().encode(["top": [Holder(recorder: theirs)]])
        // Foundation leaves the keys of nested containers out of the paths of the values inside them
        // (["top.[0].a", "top.[0].b", "top.[0].[0]", "top.[0].[1]", "top.[0].super"]); TapeJSON
        // gives the whole path (a deliberate difference).
        #expect(ours.paths == ["top.[0].a", "top.[0].nested.b", "top.[0].nested.list.[0]", "top.[0].nested.list.[1]",
                               "top.[0].super"])
        #expect(theirs.paths.count == ours.paths.count)
    }

    @Test func userInfoReachesValues() throws {
        let key = CodingUserInfoKey(rawValue: "unit")!
        struct Reads: Encodable {
            let key: CodingUserInfoKey
            func encode(to encoder: any Encoder) throws {
                var c = encoder.singleValueContainer()
                try c.encode(encoder.userInfo[key] as? String ?? "missing")
            }
        }
        let encoder = TapeJSONEncoder()
        encoder.userInfo = [key: "cm"]
        #expect(String(decoding: try encoder.encode([Reads(key: key)]), as: UTF8.self) == #"["cm"]"#)
    }

    @Test func aReusedBufferIsAppendedTo() throws {
        let encoder = TapeJSONEncoder()
        var buffer: [UInt8] = []
        for i in 0..<3 {
            try encoder.encode(Point(x: Double(i), y: 0), into: &buffer)
            buffer.append(0x0A)
        }
        #expect(String(decoding: buffer, as: UTF8.self) == "{\"x\":0,\"y\":0}\n{\"x\":1,\"y\":0}\n{\"x\":2,\"y\":0}\n")
        let before = buffer
        #expect(throws: EncodingError.self) { try encoder.encode(Point(x: .nan, y: 0), into: &buffer) }
        #expect(buffer == before)
    }

    @Test func concurrentCallsOnOneEncoder() async throws {
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let reference = try encoder.encode(Everything())
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 { group.addTask { try encoder.encode(Everything()) } }
            for try await data in group { #expect(data == reference) }
        }
    }
}
