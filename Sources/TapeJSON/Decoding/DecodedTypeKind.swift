import Foundation

/// How the session decodes a type, decided once per type and workspace (`TypeKindCache`).
///
/// Foundation's decoder handles `Date`, `Data`, `URL`, `Decimal` (and `[String: Value]` under a key
/// conversion) itself. TapeJSON also reads the standard scalars and arrays straight from the tape
/// instead of going through their `init(from:)`: from generic code (`Array.init(from:)`,
/// `Dictionary.init(from:)`) each scalar would otherwise cost a single-value container and several
/// dynamic calls, and each array an existential container. `[String: Value]` is read straight from the
/// tape under every key strategy (under `.useDefaultKeys`, with the values and coding paths
/// `Dictionary.init(from:)` would give). The results are the same, errors included.
enum DecodedTypeKind {
    case plain
    /// A type with a generated path (``TapeJSONDecodable``), tried before its `init(from:)`.
    case generated(any TapeJSONDecodable.Type)
    case date, data, url, decimal, uuid
    case stringDictionary(any StringKeyedDictionaryDecodable.Type)
    case array(any ArrayDecoding.Type)
    case bool, string, double, float
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64

    init<T>(_ type: T.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(String.self): self = .string
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(Float.self): self = .float
        case ObjectIdentifier(Int8.self): self = .int8
        case ObjectIdentifier(Int16.self): self = .int16
        case ObjectIdentifier(Int32.self): self = .int32
        case ObjectIdentifier(UInt.self): self = .uint
        case ObjectIdentifier(UInt8.self): self = .uint8
        case ObjectIdentifier(UInt16.self): self = .uint16
        case ObjectIdentifier(UInt32.self): self = .uint32
        case ObjectIdentifier(UInt64.self): self = .uint64
        case ObjectIdentifier(Date.self): self = .date
        case ObjectIdentifier(Data.self): self = .data
        case ObjectIdentifier(URL.self): self = .url
        case ObjectIdentifier(Decimal.self): self = .decimal
        case ObjectIdentifier(UUID.self): self = .uuid
        default:
            if let generated = type as? any TapeJSONDecodable.Type {
                self = .generated(generated)
            } else if let array = type as? any ArrayDecoding.Type {
                self = .array(array)
            } else if let dictionary = type as? any StringKeyedDictionaryDecodable.Type {
                self = .stringDictionary(dictionary)
            } else {
                self = .plain
            }
        }
    }
}
