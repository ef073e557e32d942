import Foundation
import Testing

@testable import TapeJSON

/// `UUID` is read from its canonical text on the tape (no `String`, no `sscanf`); every other value goes
/// to `UUID.init(from:)`. Both must give what Foundation's decoder gives: the same UUID, or the same
/// error at the same path.
@Suite("UUID values")
struct UUIDDecodingTests {
    struct Record: Codable, Equatable {
        var id: UUID
        var other: UUID?
        var list: [UUID]
    }

    static let spellings = [
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
        "e621E1F8-c36C-495a-93Fc-0C247A3E6E5f", "00000000-0000-0000-0000-000000000000",
        "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
        // Not canonical: each goes to `UUID.init(from:)`, which accepts or rejects it as Foundation does.
        "E621E1F8C36C495A93FC0C247A3E6E5F", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5G", "E621E1F8_C36C-495A-93FC-0C247A3E6E5F",
        " 621E1F8-C36C-495A-93FC-0C247A3E6E5F", "+621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E\\u0000F", "É621E1F8-C36C-495A-93FC-0C247A3E6E5", "",
    ]

    @Test("every spelling decodes to Foundation's UUID or fails with its error", arguments: spellings)
    func sameAsFoundation(spelling: String) {
        expectSameDecoding(UUID.self, json: "\"\(spelling)\"")
        expectSameDecoding([UUID].self, json: "[\"\(spelling)\"]")
        expectSameDecoding(Record.self, json: #"{"id":"\#(spelling)","list":["\#(spelling)"]}"#)
        expectSameDecoding(Record.self, json: #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","other":"\#(spelling)","list":[]}"#)
    }

    @Test("values that are not strings: Foundation's errors and paths")
    func notStrings() {
        for value in ["null", "1", "true", "{}", "[]"] {
            expectSameDecoding(Record.self, json: #"{"id":\#(value),"list":[]}"#)
            expectSameDecoding(Record.self, json: #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","other":\#(value),"list":[]}"#)
            expectSameDecoding(Record.self, json: #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","list":[\#(value)]}"#)
        }
    }

    @Test("the canonical reader gives the UUID(uuidString:) value for random UUIDs, in both cases")
    func randomUUIDs() {
        for _ in 0..<500 {
            let uuid = UUID()
            for text in [uuid.uuidString, uuid.uuidString.lowercased()] {
                let read = Array(text.utf8).withUnsafeBufferPointer { DecodingSession.canonicalUUID($0) }
                #expect(read == uuid)
                #expect(read == UUID(uuidString: text))
            }
        }
    }
}
