import Foundation
import Testing

@testable import TapeJSON

/// `UUID` is written as its `encode(to:)` writes it (its `uuidString`, quoted) without making the
/// `String`: the bytes must be Foundation's wherever the UUID appears and under every output setting.
@Suite("UUID values written")
struct UUIDEncodingTests {
    struct Record: Codable {
        var id: UUID
        var other: UUID?
        var list: [UUID]
        var byName: [String: UUID]
    }

    static let uuids = [
        UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
        UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!, UUID(uuidString: "0a1b2c3d-4e5f-6789-abcd-ef0123456789")!,
    ] + (0..<20).map { _ in UUID() }

    @Test("the bytes are JSONEncoder's, at the top level and inside containers, in every layout",
          arguments: EncoderSettings.allFormattings)
    func sameAsFoundation(formatting: JSONEncoder.OutputFormatting) {
        var settings = EncoderSettings()
        settings.formatting = formatting
        for uuid in Self.uuids {
            expectSameAsFoundation(uuid, settings)
            expectSameAsFoundation([uuid, uuid], settings)
            expectSameAsFoundation(Record(id: uuid, other: uuid, list: [uuid], byName: ["a": uuid]), settings)
            expectSameAsFoundation(Record(id: uuid, other: nil, list: [], byName: [:]), settings)
        }
    }

    @Test("under key options (the two-pass writer) and a key strategy the value is still the UUID's text")
    func withKeyStrategies() throws {
        let uuid = Self.uuids[0]
        var settings = EncoderSettings()
        settings.keys = .convertToSnakeCase
        settings.tapeKeys = .convertToSnakeCase
        expectSameAsFoundation(Record(id: uuid, other: uuid, list: [uuid], byName: ["someKey": uuid]), settings)
        struct Nested: Codable, Equatable {
            var id: UUID
            var list: [UUID]
            enum CodingKeys: String, CodingKey { case id = "meta.id", list }
        }
        let encoder = TapeJSONEncoder()
        encoder.keyOptions = .init()
        let value = Nested(id: uuid, list: [uuid])
        let bytes = try encoder.encode(value)
        #expect(String(decoding: bytes, as: UTF8.self)
                == #"{"meta":{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"},"list":["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]}"#)
        let decoder = TapeJSONDecoder()
        decoder.keyOptions = .init()
        #expect(try decoder.decode(Nested.self, from: bytes) == value)
    }
}
