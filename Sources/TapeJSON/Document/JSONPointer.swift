/// A malformed RFC 6901 JSON Pointer.
public struct JSONPointerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pointer as given.
    public var pointer: String
    /// What is wrong with it.
    public var reason: String
    /// The pointer and what is wrong with it, on one line.
    public var description: String { "invalid JSON Pointer '\(pointer)': \(reason)" }
}

extension JSONValue {
    /// The value at an RFC 6901 JSON Pointer relative to this one, or nil when nothing is there.
    ///
    /// Reference tokens are unescaped (`~1` is `/`, `~0` is `~`); on arrays a token must be `0` or a
    /// number without leading zeros, and `-` (one past the end) never names a value.
    ///
    /// - Throws: `JSONPointerError` for a pointer that is neither empty nor starts with `/`, or has a
    ///   `~` not followed by `0` or `1`.
    public func value(atPointer pointer: String) throws(JSONPointerError) -> JSONValue? {
        var current: JSONValue? = self
        for token in try JSONPointerTokens.parse(pointer) {
            guard let value = current else { break }
            current = value.child(forToken: token)
        }
        return current
    }

    /// The member or element a pointer token names.
    func child(forToken token: [UInt8]) -> JSONValue? {
        switch tape.tag(index) {
        case .startObject:
            return token.withUnsafeBufferPointer { findMember($0) }
        case .startArray:
            guard let position = Self.arrayIndex(token) else { return nil }
            return self[position]
        default:
            return nil
        }
    }

    /// `0`, or digits without a leading zero, as an index.
    static func arrayIndex<Token: RandomAccessCollection<UInt8>>(_ token: Token) -> Int? where Token.Index == Int {
        guard !token.isEmpty, token.count <= 18 else { return nil }
        if token.count > 1 && token[0] == UInt8(ascii: "0") { return nil }
        var n = 0
        for byte in token {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return n
    }
}

/// The reference tokens of an RFC 6901 JSON Pointer, unescaped.
enum JSONPointerTokens {
    /// `""` has no token; `"/a~1b/0"` has `a/b` and `0`.
    ///
    /// - Throws: `JSONPointerError` for a pointer that is neither empty nor starts with `/`, or has a
    ///   `~` not followed by `0` or `1`.
    static func parse(_ pointer: String) throws(JSONPointerError) -> [[UInt8]] {
        if pointer.isEmpty { return [] }
        var utf8 = Substring(pointer).utf8[...]
        guard utf8.first == UInt8(ascii: "/") else {
            throw JSONPointerError(pointer: pointer, reason: "must be empty or start with '/'")
        }
        utf8 = utf8.dropFirst()
        var tokens: [[UInt8]] = []
        while true {
            var token: [UInt8] = []
            var escaped = false
            while let byte = utf8.first, byte != UInt8(ascii: "/") {
                utf8 = utf8.dropFirst()
                if escaped {
                    switch byte {
                    case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                    case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                    default: throw JSONPointerError(pointer: pointer, reason: "'~' must be followed by '0' or '1'")
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "~") {
                    escaped = true
                } else {
                    token.append(byte)
                }
            }
            if escaped { throw JSONPointerError(pointer: pointer, reason: "'~' must be followed by '0' or '1'") }
            tokens.append(token)
            guard utf8.first == UInt8(ascii: "/") else { break }
            utf8 = utf8.dropFirst()
        }
        return tokens
    }
}

/// Escapes a key as an RFC 6901 reference token (`~` to `~0`, `/` to `~1`).
func appendPointerToken(_ key: UnsafeBufferPointer<UInt8>, to path: inout [UInt8]) {
    path.append(UInt8(ascii: "/"))
    for byte in key {
        switch byte {
        case UInt8(ascii: "~"): path.append(UInt8(ascii: "~")); path.append(UInt8(ascii: "0"))
        case UInt8(ascii: "/"): path.append(UInt8(ascii: "~")); path.append(UInt8(ascii: "1"))
        default: path.append(byte)
        }
    }
}
