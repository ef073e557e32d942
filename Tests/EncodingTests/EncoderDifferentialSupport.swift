import Foundation
import TapeJSON
import Testing

/// One setting applied to both encoders.
struct EncoderSettings: @unchecked Sendable, CustomStringConvertible {
    var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
    var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var tapeKeys: TapeJSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    var dates: JSONEncoder.DateEncodingStrategy = .deferredToDate
    var tapeDates: TapeJSONEncoder.DateEncodingStrategy = .deferredToDate
    var data: JSONEncoder.DataEncodingStrategy = .base64
    var tapeData: TapeJSONEncoder.DataEncodingStrategy = .base64
    var floats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var tapeFloats: TapeJSONEncoder.NonConformingFloatEncodingStrategy = .throw
    var label = "default"

    var description: String { "\(label) \(formatting.rawValue)" }

    func foundation() -> JSONEncoder {
        let e = JSONEncoder()
        e.outputFormatting = formatting
        e.keyEncodingStrategy = keys
        e.dateEncodingStrategy = dates
        e.dataEncodingStrategy = data
        e.nonConformingFloatEncodingStrategy = floats
        return e
    }

    func tape() -> TapeJSONEncoder {
        let e = TapeJSONEncoder()
        e.outputFormatting = TapeJSONEncoder.OutputFormatting(rawValue: formatting.rawValue)
        e.keyEncodingStrategy = tapeKeys
        e.dateEncodingStrategy = tapeDates
        e.dataEncodingStrategy = tapeData
        e.nonConformingFloatEncodingStrategy = tapeFloats
        return e
    }

    static let allFormattings: [JSONEncoder.OutputFormatting] = [
        [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]
}

/// What an encoder did with a value: its bytes, or its error reduced to comparable parts.
enum EncodeOutcome: Equatable, CustomStringConvertible {
    case bytes(String)
    case error(kind: String, path: [String], message: String)

    init(_ body: () throws -> Data) {
        do {
            self = .bytes(String(decoding: try body(), as: UTF8.self))
        } catch let EncodingError.invalidValue(_, context) {
            self = .error(kind: "invalidValue",
                          path: context.codingPath.map { k in k.intValue.map { "[\($0)]" } ?? k.stringValue },
                          message: context.debugDescription)
        } catch {
            self = .error(kind: "\(type(of: error))", path: [], message: "\(error)")
        }
    }

    var description: String {
        switch self {
        case .bytes(let text): text
        case .error(let kind, let path, let message): "error \(kind) at \(path): \(message)"
        }
    }
}

/// Encodes `value` with `JSONEncoder` and `TapeJSONEncoder` under `settings` and expects the same
/// bytes (the settings sort keys) or the same error.
func expectSameAsFoundation<T: Encodable>(_ value: T, _ settings: EncoderSettings = EncoderSettings(),
                                          sourceLocation: SourceLocation = #_sourceLocation) {
    let reference = EncodeOutcome { try settings.foundation().encode(value) }
    let tape = settings.tape()
    let ours = EncodeOutcome { try tape.encode(value) }
    #expect(ours == reference, "\(T.self) under \(settings)", sourceLocation: sourceLocation)
    // The appending form writes the same bytes after what the buffer holds.
    var buffer: [UInt8] = Array("prefix".utf8)
    let appended = EncodeOutcome {
        try tape.encode(value, into: &buffer)
        return Data(buffer.dropFirst(6))
    }
    #expect(appended == reference, "\(T.self) into a buffer under \(settings)", sourceLocation: sourceLocation)
}

/// Without `.sortedKeys` Foundation's key order is unspecified: the same JSON value is expected.
func expectSameValueAsFoundation<T: Encodable>(_ value: T, _ settings: EncoderSettings,
                                               sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reference = try settings.foundation().encode(value)
    let ours = try settings.tape().encode(value)
    let a = try JSONSerialization.jsonObject(with: reference, options: .fragmentsAllowed)
    let b = try JSONSerialization.jsonObject(with: ours, options: .fragmentsAllowed)
    #expect(NSDictionary(dictionary: ["v": a]) == NSDictionary(dictionary: ["v": b]),
            "\(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: reference, as: UTF8.self))",
            sourceLocation: sourceLocation)
}
