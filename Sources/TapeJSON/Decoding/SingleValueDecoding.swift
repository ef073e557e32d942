/// The session is its own single-value container, like Foundation's decoder: reading the value the
/// cursor is on, with errors at the session's coding path.
extension DecodingSession: SingleValueDecodingContainer {
    func decodeNil() -> Bool { isNull(valueIndex) }

    func decode(_ type: Bool.Type) throws -> Bool { try scalar { $0.bool(at: $1) } }
    func decode(_ type: String.Type) throws -> String { try scalar { $0.string(at: $1) } }
    func decode(_ type: Double.Type) throws -> Double { try scalar { $0.double(at: $1) } }
    func decode(_ type: Float.Type) throws -> Float { try scalar { $0.float(at: $1) } }
    func decode(_ type: Int.Type) throws -> Int { try scalar { $0.integer(Int.self, at: $1) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar { $0.integer(Int8.self, at: $1) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar { $0.integer(Int16.self, at: $1) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar { $0.integer(Int32.self, at: $1) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar { $0.integer(Int64.self, at: $1) } }
    func decode(_ type: Int128.Type) throws -> Int128 { try scalar { $0.integer(Int128.self, at: $1) } }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar { $0.integer(UInt.self, at: $1) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar { $0.integer(UInt8.self, at: $1) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar { $0.integer(UInt16.self, at: $1) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar { $0.integer(UInt32.self, at: $1) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar { $0.integer(UInt64.self, at: $1) } }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try scalar { $0.integer(UInt128.self, at: $1) } }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeCurrent(type)
    }

    /// The value read by `read` (a tape reader of the session), or the error `decode(_:)` throws.
    @inline(__always)
    private func scalar<T>(_ read: (DecodingSession, Int) -> T?) throws -> T {
        if let value = read(self, valueIndex) { return value }
        throw scalarError(T.self, at: valueIndex, path: codingPath)
    }
}
