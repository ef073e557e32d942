import Foundation
import Testing

@testable import TapeJSON

/// The public RFC 6902 suite (json-patch-tests 1.1.0, `Fixtures/tests.json`), record by record. The
/// records are cut from the file's text, not from a parsed tree: one record repeats the member `op`,
/// which only the text shows.
@Suite struct JSONPatchSuiteTests {
    struct Record: CustomStringConvertible {
        var index: Int
        var comment: String?
        var doc: [UInt8]
        var patch: [UInt8]
        var expected: [UInt8]?
        var error: String?
        var disabled: Bool
        var description: String { "record \(index): \(comment ?? text(patch))" }
    }

    static let records: [Record] = {
        let bytes = Array(FileManager.default.contents(atPath: Fixtures.path("tests.json")) ?? Data())
        return bytes.withUnsafeBufferPointer { buffer in
            let scanner = JSONTextScanner(buffer)
            var records: [Record] = []
            var index = 0
            scanner.forEachElement(in: scanner.rootValue()) { element in
                var members: [String: Range<Int>] = [:]
                scanner.forEachMember(in: element) { key, value in members[text(scanner.unescaped(key))] = value }
                defer { index += 1 }
                // Records with only a comment are notes.
                guard let doc = members["doc"], let patch = members["patch"] else { return }
                records.append(Record(
                    index: index,
                    comment: members["comment"].map { text(scanner.unescaped($0)) },
                    doc: buffer.copy(doc), patch: buffer.copy(patch),
                    expected: members["expected"].map { buffer.copy($0) },
                    error: members["error"].map { text(scanner.unescaped($0)) },
                    disabled: members["disabled"].map { text(buffer.copy($0)) == "true" } ?? false))
            }
            return records
        }
    }()

    @Test func theSuiteIsRead() {
        // The suite's README: 95 records, 31 expecting an error, 3 disabled (a few are comments only).
        #expect(Self.records.count > 80)
        #expect(Self.records.filter { $0.error != nil }.count == 31)
        #expect(Self.records.filter(\.disabled).count == 3)
    }

    // Disabled records run too: the suite's README gives no reason to skip them, and each holds for
    // this implementation (a scalar document, a `test` of the whole document, an operation with two
    // `op` members, rejected as malformed).
    @Test(arguments: records)
    func record(_ record: Record) throws {
        let outcome = Result { () throws(JSONPatchError) in try JSONPatch(bytes: record.patch).apply(toBytes: record.doc) }
        if let expected = record.expected {
            let result = try outcome.get()
            #expect(try Tree(json: result) == Tree(json: expected), "\(record): \(text(result))")
        } else if record.error != nil {
            #expect(throws: JSONPatchError.self, "\(record)") { try outcome.get() }
        } else {
            _ = try outcome.get()
        }
    }

    @Test func errorsNameTheOperationAndPointer() throws {
        let doc = #"{"foo": {"bar": [1, 2]}}"#
        func failure(_ patch: String, on document: String = doc) -> JSONPatchError? {
            do { _ = try JSONPatch(patch).apply(to: document); return nil } catch { return error }
        }
        let missing = try #require(failure(#"[{"op":"test","path":"/foo/bar/0","value":1},{"op":"remove","path":"/foo/baz"}]"#))
        #expect(missing.kind == .pathNotFound && missing.operation == 1 && missing.operationName == "remove" && missing.pointer == "/foo/baz")
        #expect(missing.description == "operation 1 (remove) at '/foo/baz': no member 'baz'")
        let range = try #require(failure(#"[{"op":"add","path":"/foo/bar/3","value":1}]"#))
        #expect(range.kind == .indexOutOfRange && range.operation == 0)
        let test = try #require(failure(#"[{"op":"test","path":"/foo","value":{"bar":[2,1]}}]"#))
        #expect(test.kind == .testFailed && test.pointer == "/foo")
        let child = try #require(failure(#"[{"op":"move","from":"/foo","path":"/foo/bar/0"}]"#))
        #expect(child.kind == .moveIntoOwnChild)
        let malformed = try #require(failure(#"[{"op":"add","path":"/a","value":1},{"op":"copy","path":"/b"}]"#))
        #expect(malformed.kind == .malformedOperation && malformed.operation == 1 && malformed.member == "from")
        #expect(malformed.description == "operation 1 (copy), member 'from': missing")
        let typed = try #require(failure(#"[{"op":"add","path":7,"value":1}]"#))
        #expect(typed.kind == .malformedOperation && typed.member == "path")
        let notJSON = try #require(failure(#"[{"op":"add""#))
        #expect(notJSON.kind == .invalidPatchJSON && notJSON.underlying != nil)
        let notArray = try #require(failure(#"{"op":"add","path":"/a","value":1}"#))
        #expect(notArray.kind == .malformedOperation && notArray.operation == nil)
        let document = try #require(failure(#"[{"op":"test","path":"","value":1}]"#, on: "{"))
        #expect(document.kind == .invalidDocumentJSON && document.operation == nil)
        let root = try #require(failure(#"[{"op":"remove","path":""}]"#))
        #expect(root.kind == .removeRoot)
    }

    @Test func aFailedOperationLeavesNothing() throws {
        // The first operation succeeds, the second fails: the caller gets the error, never half a patch.
        let patch = try JSONPatch(#"[{"op":"replace","path":"/a","value":2},{"op":"test","path":"/a","value":1}]"#)
        #expect(throws: JSONPatchError.self) { try patch.apply(to: #"{"a":1}"#) }
    }
}
