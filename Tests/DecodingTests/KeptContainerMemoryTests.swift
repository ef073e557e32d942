import Foundation
import TapeJSON
import Testing

/// A model that keeps its `KeyedDecodingContainer` after `init(from:)` (as lazy models do) keeps its
/// call's session, workspace and document alive, and frees them when it goes: decoding such a model
/// again and again through one decoder must not make memory grow.
@Suite("Kept containers free their documents")
struct KeptContainerMemoryTests {
    /// Reads one field at once and keeps the container for the others.
    struct LazyLine: Decodable {
        enum CodingKeys: String, CodingKey { case id, level, message }
        let id: Int
        let rest: KeyedDecodingContainer<CodingKeys>

        init(from decoder: any Decoder) throws {
            rest = try decoder.container(keyedBy: CodingKeys.self)
            id = try rest.decode(Int.self, forKey: .id)
        }

        var message: String { get throws { try rest.decode(String.self, forKey: .message) } }
    }

    /// The resident set size of this process, in bytes (from `/proc/self/statm`).
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Under AddressSanitizer (`make test`'s second run), freed blocks wait in its quarantine (up to
    /// 256 MB) before they are reused, so the resident size grows whatever the code does; its allocator
    /// reports the bytes still allocated instead, which is what a leak grows. Nil without the sanitizer.
    static func sanitizerAllocatedBytes() -> Int? {
        typealias Counter = @convention(c) () -> Int
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__sanitizer_get_current_allocated_bytes") else {
            return nil
        }
        return unsafeBitCast(symbol, to: Counter.self)()
    }

    /// The child process's work: decodes keeping each value's container, and answers 0 when the memory
    /// grew by less than 64 MB (1 when more; 2, 3, 4 when a read or a measure failed).
    static func decodeManyKeepingContainers() throws -> Int32 {
        let decoder = TapeJSONDecoder()
        let document = Data(#"{"id":41,"level":"INFO","message":"user signed in"}"#.utf8)
        var last: KeptContainerMemoryTests.LazyLine?
        for i in 0..<1_000 {
            last = try decoder.decode(KeptContainerMemoryTests.LazyLine.self, from: document)
            if i == 0, try last?.message != "user signed in" { return 2 }
        }
        // Under AddressSanitizer: the allocated bytes, over 20,000 decodes (each runs about 40 times
        // slower there; the leak this guards against grew 39 KB a call, 780 MB over 20,000).
        let sanitized = KeptContainerMemoryTests.sanitizerAllocatedBytes() != nil
        let measure = sanitized ? KeptContainerMemoryTests.sanitizerAllocatedBytes : KeptContainerMemoryTests.residentBytes
        let calls = sanitized ? 20_000 : 200_000
        guard let before = measure() else { return 3 }
        let start = Date()
        for _ in 0..<calls {
            last = try decoder.decode(KeptContainerMemoryTests.LazyLine.self, from: document)
        }
        let seconds = Date().timeIntervalSince(start)
        guard let after = measure() else { return 3 }
        // The last value still reads its own document.
        guard last?.id == 41, try last?.message == "user signed in" else { return 4 }
        print("\(sanitized ? "allocated (AddressSanitizer)" : "resident") before \(before >> 10) KiB, "
              + "after \(after >> 10) KiB, \(calls) decodes in \(String(format: "%.2f", seconds)) s")
        return after - before < 64 << 20 ? 0 : 1
    }

    @Test("200,000 decodes of a model that keeps its container grow resident memory by less than 64 MB")
    func keptContainersDoNotAccumulate() async throws {
        #if os(Linux)
        // In a process of its own, so that other tests running at the same time do not count.
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            // The work runs in a function of its own, so that its values are freed before `exit` (the
            // decoder's `Data` would otherwise still be on this frame, behind spare bits LeakSanitizer
            // does not read as a pointer, and the exit-time leak check would count it).
            exit(try KeptContainerMemoryTests.decodeManyKeepingContainers())
        }
        if let output = result?.standardOutputContent {
            print(String(decoding: output, as: UTF8.self), terminator: "")
        }
        #endif
    }
}
