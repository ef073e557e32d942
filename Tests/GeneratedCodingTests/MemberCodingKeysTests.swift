import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import TapeJSONMacros
import Testing

// The macros' member role: without a `CodingKeys` in the body, they add the one synthesized Codable
// would make. Synthesized Codable then uses that one: the keys in its errors' coding paths cast to
// `CodingKeys` and have a `rawValue`, which only the added enum has (`String` raw values; a synthesized
// `CodingKeys` has no raw type, and a second one would make `CodingKeys` ambiguous here). Same strings,
// so the Codable path and the generated path agree. (That a `CodingKeys` in an extension is then an
// invalid redeclaration is a compile error, checked outside the test targets.)

@TapeJSONCodable
struct AddedKeysStruct: Codable, Equatable {
    var a: Int
    let b = "constant"
    var `default`: Bool
    var d: Double
    var note: String?
}

@TapeJSONCodable
enum AddedKeysEnum: Codable, Equatable {
    case move(Int, to: String)
    case stop
    case `default`(value: Double)
}

@TapeJSONDecodable
struct AddedKeysDecodableOnly: Codable, Equatable {
    var x: Int
    var y: Int
}

@TapeJSONCodable
struct AddedKeysEmpty: Codable, Equatable {}

extension AddedKeysStruct {
    /// The key of the error synthesized `encode(to:)` throws for a non-finite Double (JSONEncoder's
    /// default strategy), checked to be a case of the `CodingKeys` in the type's body.
    static func keyOfEncodingError() -> (isBodyKey: Bool, stringValue: String?) {
        do {
            _ = try JSONEncoder().encode(AddedKeysStruct(a: 1, default: true, d: .nan, note: nil))
            return (false, nil)
        } catch let EncodingError.invalidValue(_, context) {
            let key = context.codingPath.last
            return (key is CodingKeys, (key as? CodingKeys)?.rawValue)
        } catch {
            return (false, "\(error)")
        }
    }

    /// The added keys, from the type itself: every stored property, `let b` included, as written.
    static var bodyKeys: [String] {
        [CodingKeys.a, .b, .default, .d, .note].map(\.rawValue)
    }
}

extension AddedKeysEnum {
    /// The case's key in the path of synthesized `init(from:)`'s error for a payload value of the
    /// wrong type, checked to be a case of the `CodingKeys` in the type's body.
    static func keyOfDecodingError() -> (isBodyKey: Bool, stringValue: String?) {
        do {
            _ = try JSONDecoder().decode(AddedKeysEnum.self, from: Data(#"{"move":{"_0":"one","to":"b"}}"#.utf8))
            return (false, nil)
        } catch let DecodingError.typeMismatch(_, context) {
            let key = context.codingPath.first
            return (key is CodingKeys, (key as? CodingKeys)?.rawValue)
        } catch {
            return (false, "\(error)")
        }
    }

    static var bodyKeys: [String] {
        [CodingKeys.move, .stop, .default].map(\.rawValue)
    }
}

@Suite struct MemberCodingKeysTests {
    private func encoder(generated: Bool) -> TapeJSONEncoder {
        let encoder = TapeJSONEncoder()
        encoder.takesGeneratedPaths = generated
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    private func decoder(generated: Bool) -> TapeJSONDecoder {
        let decoder = TapeJSONDecoder()
        decoder.takesGeneratedPaths = generated
        return decoder
    }

    @Test func synthesizedCodableUsesTheAddedStructKeys() throws {
        let error = AddedKeysStruct.keyOfEncodingError()
        #expect(error.isBodyKey)
        #expect(error.stringValue == "d")
        #expect(AddedKeysStruct.bodyKeys == ["a", "b", "default", "d", "note"])

        let value = AddedKeysStruct(a: 1, default: true, d: 2.5, note: "n")
        let expected = #"{"a":1,"b":"constant","d":2.5,"default":true,"note":"n"}"#
        for generated in [false, true] {
            let bytes = try encoder(generated: generated).encode(value)
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "generated: \(generated)")
            #expect(try decoder(generated: generated).decode(AddedKeysStruct.self, from: bytes) == value)
        }
    }

    @Test func synthesizedCodableUsesTheAddedEnumKeys() throws {
        let error = AddedKeysEnum.keyOfDecodingError()
        #expect(error.isBodyKey)
        #expect(error.stringValue == "move")
        #expect(AddedKeysEnum.bodyKeys == ["move", "stop", "default"])

        let values: [(AddedKeysEnum, String)] = [
            (.move(1, to: "b"), #"{"move":{"_0":1,"to":"b"}}"#),
            (.stop, #"{"stop":{}}"#),
            (.default(value: 0.5), #"{"default":{"value":0.5}}"#),
        ]
        for (value, expected) in values {
            for generated in [false, true] {
                let bytes = try encoder(generated: generated).encode(value)
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "generated: \(generated)")
                #expect(try decoder(generated: generated).decode(AddedKeysEnum.self, from: bytes) == value)
            }
        }
    }

    @Test func decodableOnlyAndEmptyStruct() throws {
        for generated in [false, true] {
            let bytes = try encoder(generated: generated).encode(AddedKeysDecodableOnly(x: 1, y: 2))
            #expect(String(decoding: bytes, as: UTF8.self) == #"{"x":1,"y":2}"#)
            #expect(try decoder(generated: generated).decode(AddedKeysDecodableOnly.self, from: bytes) == AddedKeysDecodableOnly(x: 1, y: 2))
            let empty = try encoder(generated: generated).encode(AddedKeysEmpty())
            #expect(String(decoding: empty, as: UTF8.self) == "{}")
            #expect(try decoder(generated: generated).decode(AddedKeysEmpty.self, from: Data(#"{"x":1}"#.utf8)) == AddedKeysEmpty())
        }
    }
}
