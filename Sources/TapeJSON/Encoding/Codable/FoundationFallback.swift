import Foundation

/// Encodes with Foundation's `JSONEncoder` under a `TapeJSONEncoder`'s settings: for the rare value
/// whose containers are used in an order a single pass cannot write (see `EncodingCore`).
enum FoundationFallback {
    static func encode<T: Encodable>(_ value: T, _ settings: TapeJSONEncoder.Configuration) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = JSONEncoder.OutputFormatting(rawValue: settings.outputFormatting.rawValue)
        switch settings.keyEncodingStrategy {
        case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .convertToKebabCase:
            encoder.keyEncodingStrategy = .custom { path in
                TapeCodingKey(stringValue: KeyWordSplitter.joinedWords(path.last!.stringValue, separator: "-"))
            }
        case .convertToUpperCamelCase:
            encoder.keyEncodingStrategy = .custom { path in
                TapeCodingKey(stringValue: KeyWordSplitter.upperCamel(path.last!.stringValue))
            }
        case .custom(let convert): encoder.keyEncodingStrategy = .custom(convert)
        }
        switch settings.dateEncodingStrategy {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .formatted(let formatter): encoder.dateEncodingStrategy = .formatted(formatter)
        case .custom(let closure): encoder.dateEncodingStrategy = .custom(closure)
        }
        switch settings.dataEncodingStrategy {
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        case .base64: encoder.dataEncodingStrategy = .base64
        case .custom(let closure): encoder.dataEncodingStrategy = .custom(closure)
        }
        switch settings.nonConformingFloatEncodingStrategy {
        case .throw: encoder.nonConformingFloatEncodingStrategy = .throw
        case .convertToString(let positive, let negative, let nan):
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: positive, negativeInfinity: negative, nan: nan)
        }
        encoder.userInfo = settings.userInfo
        return try encoder.encode(value)
    }
}
