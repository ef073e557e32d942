import Foundation

/// The least any `Encoder` can cost: an encoder that takes every call a value's `encode(to:)` makes and
/// writes nothing. It reads what every encoder must read (each key's `stringValue`, each string's UTF-8
/// length, each number's bits) into a checksum and keeps no output, coding path or error state.
///
/// What is left is the Codable traffic itself: the synthesized `encode(to:)` methods, the standard
/// library's box around each keyed container (one allocation per container, which every encoder pays
/// through `KeyedEncodingContainer.init`), the dynamic dispatch of each `encode(_:forKey:)` through that
/// box, and `Array.encode(to:)`'s element loop (except for the arrays of scalars `TapeJSONEncoder` writes
/// itself, which are read directly here too). A real encoder's speed against `JSONEncoder` cannot
/// exceed this row's ratio; the bench prints it beside `encode <Model> vs JSONEncoder` as the ceiling.
public final class CodableCallsFloor: Encoder {
    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }
    public private(set) var checksum: UInt64 = 0

    /// Runs `value.encode(to:)` through the floor encoder and returns the checksum of what it read.
    public static func run<T: Encodable>(_ value: T) throws -> UInt64 {
        let encoder = CodableCallsFloor()
        try encoder.encodeGeneric(value)
        return encoder.checksum
    }

    @inline(__always)
    func touch(_ bits: UInt64) { checksum = checksum &* 31 &+ bits }

    @inline(__always)
    func touch(_ string: String) { touch(UInt64(truncatingIfNeeded: string.utf8.count)) }

    @inline(__always)
    func touch(key: some CodingKey) { touch(key.stringValue) }

    /// A value reaching a generic `encode`: the scalars and arrays of scalars `TapeJSONEncoder` writes
    /// without calling their `encode(to:)` are read directly here too, anything else through its
    /// `encode(to:)`.
    @inline(__always)
    func encodeGeneric<T: Encodable>(_ value: T) throws {
        if T.self == String.self {
            touch(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            touch(UInt64(bitPattern: Int64(unsafeBitCast(value, to: Int.self))))
        } else if T.self == Double.self {
            touch(unsafeBitCast(value, to: Double.self).bitPattern)
        } else if T.self == Bool.self {
            touch(unsafeBitCast(value, to: Bool.self) ? 1 : 0)
        } else if ObjectIdentifier(T.self) == doubles {
            for element in value as! [Double] { touch(element.bitPattern) }
        } else if ObjectIdentifier(T.self) == ints {
            for element in value as! [Int] { touch(UInt64(bitPattern: Int64(element))) }
        } else if ObjectIdentifier(T.self) == strings {
            for element in value as! [String] { touch(element) }
        } else {
            try value.encode(to: self)
        }
    }

    private let doubles = ObjectIdentifier([Double].self)
    private let ints = ObjectIdentifier([Int].self)
    private let strings = ObjectIdentifier([String].self)

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(encoder: self) }

    public func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: CodableCallsFloor
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) { encoder.touch(key: key) }
        mutating func encode(_ value: Bool, forKey key: Key) { encoder.touch(key: key); encoder.touch(value ? 1 : 0) }
        mutating func encode(_ value: String, forKey key: Key) { encoder.touch(key: key); encoder.touch(value) }
        mutating func encode(_ value: Double, forKey key: Key) { encoder.touch(key: key); encoder.touch(value.bitPattern) }
        mutating func encode(_ value: Float, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(value.bitPattern)) }
        mutating func encode(_ value: Int, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int8, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int16, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int32, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int64, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(bitPattern: value)) }
        mutating func encode(_ value: UInt, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) { encoder.touch(key: key); encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) { encoder.touch(key: key); encoder.touch(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.touch(key: key)
            try encoder.encodeGeneric(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                             forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.touch(key: key)
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.touch(key: key)
            return encoder.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.touch(key: key); return encoder }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: CodableCallsFloor
        var codingPath: [any CodingKey] { [] }
        private(set) var count = 0

        init(encoder: CodableCallsFloor) { self.encoder = encoder }

        mutating func encodeNil() { count += 1 }
        mutating func encode(_ value: Bool) { count += 1; encoder.touch(value ? 1 : 0) }
        mutating func encode(_ value: String) { count += 1; encoder.touch(value) }
        mutating func encode(_ value: Double) { count += 1; encoder.touch(value.bitPattern) }
        mutating func encode(_ value: Float) { count += 1; encoder.touch(UInt64(value.bitPattern)) }
        mutating func encode(_ value: Int) { count += 1; encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int64) { count += 1; encoder.touch(UInt64(bitPattern: value)) }
        mutating func encode(_ value: UInt64) { count += 1; encoder.touch(value) }
        mutating func encode(_ value: Int8) { count += 1; encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int16) { count += 1; encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int32) { count += 1; encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: UInt) { count += 1; encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt8) { count += 1; encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt16) { count += 1; encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt32) { count += 1; encoder.touch(UInt64(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            try encoder.encodeGeneric(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return encoder.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: CodableCallsFloor
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.touch(0) }
        mutating func encode(_ value: Bool) { encoder.touch(value ? 1 : 0) }
        mutating func encode(_ value: String) { encoder.touch(value) }
        mutating func encode(_ value: Double) { encoder.touch(value.bitPattern) }
        mutating func encode(_ value: Float) { encoder.touch(UInt64(value.bitPattern)) }
        mutating func encode(_ value: Int) { encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int64) { encoder.touch(UInt64(bitPattern: value)) }
        mutating func encode(_ value: UInt64) { encoder.touch(value) }
        mutating func encode(_ value: Int8) { encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int16) { encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int32) { encoder.touch(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: UInt) { encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt8) { encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt16) { encoder.touch(UInt64(value)) }
        mutating func encode(_ value: UInt32) { encoder.touch(UInt64(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeGeneric(value) }
    }
}
