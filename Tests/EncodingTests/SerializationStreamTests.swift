import Foundation
import TapeJSON
import Testing

// `TapeJSONSerialization.writeJSONObject(_:to:options:)` against
// `JSONSerialization.writeJSONObject(_:toStream:options:)`: the same bytes and count on an
// `OutputStream`, and a clear error where Foundation returns a short count.

@Suite struct SerializationStreamTests {
    private static var graph: [String: Any] { ["name": "Ada/Lovelace", "year": 1815, "ratio": 0.5,
                                               "tags": ["a", "é", "\u{1}"], "nothing": NSNull(), "ok": true,
                                               "nested": ["deep": [1, 2.5, ["x": false]]]]
    }

    private func memoryText(_ write: (OutputStream) throws -> Int) rethrows -> (Int, Data) {
        let stream = OutputStream(toMemory: ())
        stream.open()
        defer { stream.close() }
        let count = try write(stream)
        let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        return (count, data)
    }

    @Test(arguments: [JSONSerialization.WritingOptions.sortedKeys, [.sortedKeys, .prettyPrinted],
                      [.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]])
    func sameBytesAsFoundation(_ options: JSONSerialization.WritingOptions) throws {
        let ours = try memoryText { try TapeJSONSerialization.writeJSONObject(Self.graph, toStream: $0, options: options) }
        let theirs = memoryText { (try? JSONSerialization.writeJSONObject(Self.graph, toStream: $0, options: options)) ?? -1 }
        #expect(ours.0 == theirs.0)
        #expect(ours.1 == theirs.1)
        #expect(ours.1 == (try TapeJSONSerialization.data(withJSONObject: Self.graph, options: options)))
    }

    @Test func fragmentsAndLargeTexts() throws {
        let fragment = try memoryText { try TapeJSONSerialization.writeJSONObject("a/b", toStream: $0, options: .fragmentsAllowed) }
        #expect(String(decoding: fragment.1, as: UTF8.self) == #""a\/b""#)
        #expect(fragment.0 == 6)
        // Larger than any single buffer the stream may take at once.
        let big: [Any] = (0..<50_000).map { ["i": $0, "s": String(repeating: "x", count: $0 % 17)] as [String: Any] }
        let ours = try memoryText { try TapeJSONSerialization.writeJSONObject(big, toStream: $0, options: .sortedKeys) }
        #expect(ours.1 == (try JSONSerialization.data(withJSONObject: big, options: .sortedKeys)))
        #expect(ours.0 == ours.1.count)
    }

    @Test func anInvalidObjectWritesNothing() throws {
        let (count, data) = memoryText { stream -> Int in
            #expect(throws: (any Error).self) {
                try TapeJSONSerialization.writeJSONObject(["a": [1, Double.nan]], toStream: stream)
            }
            return 0
        }
        #expect(count == 0)
        #expect(data.isEmpty)
    }

    /// A stream that takes only part of the text (a fixed buffer that fills) and one that is not open:
    /// errors, where Foundation returns 0 with or without an error.
    @Test func aStreamThatRefusesBytesThrows() throws {
        var storage = [UInt8](repeating: 0, count: 16)
        storage.withUnsafeMutableBufferPointer { buffer in
            let stream = OutputStream(toBuffer: buffer.baseAddress!, capacity: buffer.count)
            stream.open()
            defer { stream.close() }
            #expect(throws: (any Error).self) {
                try TapeJSONSerialization.writeJSONObject(Self.graph, toStream: stream, options: .sortedKeys)
            }
        }
        let unopened = OutputStream(toMemory: ())
        #expect(throws: (any Error).self) { try TapeJSONSerialization.writeJSONObject([1], toStream: unopened) }
    }
}
