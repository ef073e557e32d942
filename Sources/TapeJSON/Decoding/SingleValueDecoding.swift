/// The session is its own single-value container, like Foundation's decoder: reading the value the
/// cursor is on, with errors at the session's coding path.
extension DecodingSession: SingleValueDecodingContainer {
    func decodeNil() -> Bool { isNull(valueIndex) }

    func decode(_ type: Bool.Type) throws -> Bool {
        if let value = bool(at: valueIndex) { return value }
        throw boolError(at: valueIndex, path: codingPath)
    }

    func decode(_ type: String.Type) throws -> String {
        if let value = string(at: valueIndex) { return value }
        throw stringError(at: valueIndex, path: codingPath)
    }

    func decode(_ type: Double.Type) throws -> Double {
        if let value = double(at: valueIndex) { return value }
        throw floatingPointError(type, at: valueIndex, path: codingPath)
    }

    func decode(_ type: Float.Type) throws -> Float {
        if let value = float(at: valueIndex) { return value }
        throw floatingPointError(type, at: valueIndex, path: codingPath)
    }

    func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeCurrent(type)
    }

    @inline(__always)
    private func decodeInteger<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        if let value = integer(type, at: valueIndex) { return value }
        throw integerError(type, at: valueIndex, path: codingPath)
    }
}
