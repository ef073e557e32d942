import Foundation
import Testing

@testable import TapeJSON

/// The same settings, applied to Foundation's `JSONDecoder` and to `TapeJSONDecoder`.
struct Setup {
    enum Keys {
        case useDefaultKeys
        case convertFromSnakeCase
        case custom(@Sendable ([any CodingKey]) -> any CodingKey)
    }

    enum Dates {
        case deferredToDate
        case secondsSince1970
        case millisecondsSince1970
        case iso8601
        case formatted(DateFormatter)
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    enum Bytes {
        case deferredToData
        case base64
        case custom(@Sendable (any Decoder) throws -> Data)
    }

    var keys = Keys.useDefaultKeys
    var dates = Dates.deferredToDate
    var data = Bytes.base64
    var nonConformingFloats: (positiveInfinity: String, negativeInfinity: String, nan: String)? = nil
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var assumesTopLevelDictionary = false
    var allowsJSON5 = false

    func foundation() -> JSONDecoder {
        let decoder = JSONDecoder()
        switch keys {
        case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let convert): decoder.keyDecodingStrategy = .custom(convert)
        }
        switch dates {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .formatted(let formatter): decoder.dateDecodingStrategy = .formatted(formatter)
        case .custom(let decode): decoder.dateDecodingStrategy = .custom(decode)
        }
        switch data {
        case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
        case .base64: decoder.dataDecodingStrategy = .base64
        case .custom(let decode): decoder.dataDecodingStrategy = .custom(decode)
        }
        if let strings = nonConformingFloats {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: strings.positiveInfinity, negativeInfinity: strings.negativeInfinity, nan: strings.nan)
        }
        decoder.userInfo = userInfo
        if assumesTopLevelDictionary { decoder.assumesTopLevelDictionary = true }
        if allowsJSON5 { decoder.allowsJSON5 = true }
        return decoder
    }

    func tape() -> TapeJSONDecoder {
        let decoder = TapeJSONDecoder()
        switch keys {
        case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
        case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let convert): decoder.keyDecodingStrategy = .custom(convert)
        }
        switch dates {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .formatted(let formatter): decoder.dateDecodingStrategy = .formatted(formatter)
        case .custom(let decode): decoder.dateDecodingStrategy = .custom(decode)
        }
        switch data {
        case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
        case .base64: decoder.dataDecodingStrategy = .base64
        case .custom(let decode): decoder.dataDecodingStrategy = .custom(decode)
        }
        if let strings = nonConformingFloats {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: strings.positiveInfinity, negativeInfinity: strings.negativeInfinity, nan: strings.nan)
        }
        decoder.userInfo = userInfo
        if assumesTopLevelDictionary { decoder.assumesTopLevelDictionary = true }
        if allowsJSON5 { decoder.allowsJSON5 = true }
        return decoder
    }
}

/// A `DecodingError` reduced to what the differential suite compares: the case, the coding path
/// (string and int values of each key), the debug description and, for `keyNotFound`, the key.
struct ErrorSummary: Equatable, CustomStringConvertible {
    var kind: String
    var path: [String]
    var message: String
    var key: String?

    init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            kind = "not a DecodingError: \(error)"
            path = []
            message = ""
            return
        }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c): kind = "typeMismatch"; context = c
        case .valueNotFound(_, let c): kind = "valueNotFound"; context = c
        case .keyNotFound(let k, let c): kind = "keyNotFound"; context = c; key = describe(k)
        case .dataCorrupted(let c): kind = "dataCorrupted"; context = c
        @unknown default: kind = "unknown"; context = .init(codingPath: [], debugDescription: "")
        }
        path = context.codingPath.map(describe)
        // Deliberate difference 3 (README): TapeJSON's text for invalid JSON is Foundation's without its
        // final period (so that `print(error)` does not read "JSON.. Underlying error"); the summaries
        // compare them as one message. `InputTests.invalidJSON` checks TapeJSON's own text.
        message = context.debugDescription == "The given data was not valid JSON"
            ? "The given data was not valid JSON." : context.debugDescription
    }

    /// Foundation's error for input it considers invalid JSON.
    static let invalidJSON = ErrorSummary(kind: "dataCorrupted", path: [], message: "The given data was not valid JSON.")

    init(kind: String, path: [String], message: String, key: String? = nil) {
        self.kind = kind
        self.path = path
        self.message = message
        self.key = key
    }

    var description: String {
        "\(kind) at [\(path.joined(separator: ", "))]\(key.map { " key \($0)" } ?? ""): \(message)"
    }
}

func describe(_ key: any CodingKey) -> String {
    key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue
}

/// Decodes `json` as `T` with Foundation's `JSONDecoder` and with `TapeJSONDecoder`, configured alike,
/// and expects the same value, or the same error (case, coding path, message).
///
/// `notFitPath` allows deliberate difference 2 (README): where Foundation reports a number that does not fit
/// as invalid JSON with an empty path, TapeJSON must report "does not fit" at `notFitPath`.
func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, json: String, setup: Setup = Setup(), compareMessages: Bool = true,
    notFitPath: [String]? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let data = Data(json.utf8)
    let expected = Result { try setup.foundation().decode(type, from: data) }
    let actual = Result { try setup.tape().decode(type, from: data) }
    switch (expected, actual) {
    case (.success(let a), .success(let b)):
        #expect(a == b, "decoding \(json)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        var foundation = ErrorSummary(a)
        var tape = ErrorSummary(b)
        if let notFitPath, foundation == ErrorSummary.invalidJSON, tape.message.contains("does not fit in") {
            #expect(tape.kind == "dataCorrupted" && tape.path == notFitPath, "\(tape) for \(json)",
                    sourceLocation: sourceLocation)
            return
        }
        if !compareMessages {
            foundation.message = ""
            tape.message = ""
        }
        #expect(foundation == tape, "decoding \(json)", sourceLocation: sourceLocation)
    case (.success(let a), .failure(let b)):
        Issue.record("Foundation decoded \(a), TapeJSON threw \(ErrorSummary(b)) for \(json)", sourceLocation: sourceLocation)
    case (.failure(let a), .success(let b)):
        Issue.record("Foundation threw \(ErrorSummary(a)), TapeJSON decoded \(b) for \(json)", sourceLocation: sourceLocation)
    }
}

/// Decodes `json` with `TapeJSONDecoder` and returns the error it throws (recording an issue when it
/// decodes instead).
func tapeError<T: Decodable>(_ type: T.Type, json: String, decoder: TapeJSONDecoder = TapeJSONDecoder(),
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ErrorSummary? {
    do {
        let value = try decoder.decode(type, from: Data(json.utf8))
        Issue.record("expected an error, decoded \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return ErrorSummary(error)
    }
}

/// Decodes `json` with Foundation's decoder and returns its error, or nil when it decodes.
func foundationError<T: Decodable>(_ type: T.Type, json: String, setup: Setup = Setup()) -> ErrorSummary? {
    do {
        _ = try setup.foundation().decode(type, from: Data(json.utf8))
        return nil
    } catch {
        return ErrorSummary(error)
    }
}

/// A plain string key for custom key strategies and hand-made paths.
struct TestKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ stringValue: String) { self.stringValue = stringValue }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
