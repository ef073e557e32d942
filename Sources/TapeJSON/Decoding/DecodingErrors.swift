import Foundation

/// The `DecodingError`s a session throws, with Foundation's cases, types and messages. They are built
/// only on the error path: a hot path reads a value, and when it is not what was asked for, calls one of
/// these to find out why.
extension DecodingSession {
    /// How Foundation names the kind of JSON value at tape index `i` in its messages.
    func describeValue(at i: Int) -> String {
        switch tape.tag(i) {
        case .startObject: return "a dictionary"
        case .startArray: return "an array"
        case .string: return "a string"
        case .int64, .uint64, .double: return "number"
        case .trueValue, .falseValue: return "bool"
        case .null: return "null"
        case .root, .endObject, .endArray: return "nothing"
        }
    }

    func isNull(_ i: Int) -> Bool { tape.tagByte(i) == TapeTag.null.rawValue }

    func isNumber(_ i: Int) -> Bool {
        switch tape.tagByte(i) {
        case TapeTag.int64.rawValue, TapeTag.uint64.rawValue, TapeTag.double.rawValue: return true
        default: return false
        }
    }

    /// The number at tape index `i` as text, for messages: as written when the tape's value is a zero
    /// (which may stand for `1e-400` or a big number), else from the binary value.
    func numberText(at i: Int) -> String {
        if (tape.tag(i) == .double && tape.double(i) == 0) || (tape.tag(i) == .int64 && tape.int64(i) == 0),
           let text = exactNumberText(at: i) {
            return text
        }
        switch tape.tag(i) {
        case .int64: return String(tape.int64(i))
        case .uint64: return String(tape.uint64(i))
        default: return "\(tape.double(i))"
        }
    }

    func typeMismatch(_ type: Any.Type, at i: Int, path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(
            codingPath: path,
            debugDescription: workspace.errorMemo.message(type, kind: tape.tagByte(i)) {
                "Expected to decode \(type) but found \(describeValue(at: i)) instead."
            }))
    }

    func valueNotFound(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(
            codingPath: path,
            debugDescription: workspace.errorMemo.message(type, kind: 0) {
                "Cannot get value of type \(type) -- found null value instead"
            }))
    }

    func keyNotFound(_ key: any CodingKey, path: [any CodingKey]) -> DecodingError {
        .keyNotFound(key, DecodingError.Context(
            codingPath: path,
            debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }

    /// Why the value at `i` is not a `T` (a `String`, `Bool`, `Double`, `Float` or integer), as the
    /// containers report it.
    @inline(never)
    func scalarError<T>(_ type: T.Type, at i: Int, path: [any CodingKey]) -> DecodingError {
        if T.self == String.self { return stringError(at: i, path: path) }
        if T.self == Bool.self { return boolError(at: i, path: path) }
        if T.self == Double.self || T.self == Float.self { return floatingPointError(type, at: i, path: path) }
        return integerError(type, at: i, path: path)
    }

    /// Why the value at `i` is not a `T`: null, a number that does not fit, or another kind of value.
    func integerError<T>(_ type: T.Type, at i: Int, path: [any CodingKey]) -> DecodingError {
        if isNull(i) { return valueNotFound(type, path: path) }
        if isNumber(i) { return numberDoesNotFit(type, at: i, path: path) }
        return typeMismatch(type, at: i, path: path)
    }

    /// Why the value at `i` is not a `T` (`Float` or `Double`).
    func floatingPointError<T>(_ type: T.Type, at i: Int, path: [any CodingKey]) -> DecodingError {
        integerError(type, at: i, path: path)
    }

    /// A number outside the range of `T`, reported at the value's path (Foundation 5.10's wording).
    func numberDoesNotFit<T>(_ type: T.Type, at i: Int, path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(
            codingPath: path,
            debugDescription: "Parsed JSON number <\(numberText(at: i))> does not fit in \(type)."))
    }

    /// Why the value at `i` is not a String.
    func stringError(at i: Int, path: [any CodingKey]) -> DecodingError {
        if isNull(i) { return valueNotFound(String.self, path: path) }
        return typeMismatch(String.self, at: i, path: path)
    }

    /// Why the value at `i` is not a Bool (Foundation reports null as a type mismatch here).
    func boolError(at i: Int, path: [any CodingKey]) -> DecodingError {
        typeMismatch(Bool.self, at: i, path: path)
    }

    func keyedContainerError(at i: Int, path: [any CodingKey]) -> DecodingError {
        if isNull(i) {
            return .valueNotFound([String: Any].self, DecodingError.Context(
                codingPath: path,
                debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        }
        return typeMismatch([String: Any].self, at: i, path: path)
    }

    func unkeyedContainerError(at i: Int, path: [any CodingKey]) -> DecodingError {
        if isNull(i) {
            return .valueNotFound([Any].self, DecodingError.Context(
                codingPath: path,
                debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        }
        return typeMismatch([Any].self, at: i, path: path)
    }
}
