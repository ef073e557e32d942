/// Reading scalars from the tape for the containers: each reader returns nil when the value is not
/// what was asked for (wrong kind, null, or a number out of range), and the caller then asks
/// `DecodingErrors` why. The readers are generic and inlined so that each container method gets a
/// specialised copy.
extension DecodingSession {
    @inline(__always)
    func integer<T: FixedWidthInteger>(_ type: T.Type, at i: Int) -> T? {
        let word = tape.word(i)
        switch UInt8(truncatingIfNeeded: word >> 56) {
        case TapeTag.int64.rawValue: return T(exactly: Int64(bitPattern: tape.word(i + 1)))
        case TapeTag.uint64.rawValue: return T(exactly: tape.word(i + 1))
        case TapeTag.double.rawValue: return T(exactly: Double(bitPattern: tape.word(i + 1)))
        default: return nil
        }
    }

    @inline(__always)
    func double(at i: Int) -> Double? {
        let word = tape.word(i)
        switch UInt8(truncatingIfNeeded: word >> 56) {
        case TapeTag.double.rawValue: return Double(bitPattern: tape.word(i + 1))
        case TapeTag.int64.rawValue: return Double(Int64(bitPattern: tape.word(i + 1)))
        case TapeTag.uint64.rawValue: return Double(tape.word(i + 1))
        case TapeTag.string.rawValue: return nonConformingFloat(at: i)
        default: return nil
        }
    }

    @inline(__always)
    func float(at i: Int) -> Float? {
        let word = tape.word(i)
        switch UInt8(truncatingIfNeeded: word >> 56) {
        case TapeTag.double.rawValue:
            let value = Double(bitPattern: tape.word(i + 1))
            let narrowed = Float(value)
            // Out of Float's range: infinite, or rounded to zero from a non-zero value.
            if narrowed.isInfinite || (narrowed == 0 && value != 0) { return nil }
            return narrowed
        case TapeTag.int64.rawValue: return Float(Int64(bitPattern: tape.word(i + 1)))
        case TapeTag.uint64.rawValue: return Float(tape.word(i + 1))
        case TapeTag.string.rawValue: return nonConformingFloat(at: i).map { Float($0) }
        default: return nil
        }
    }

    /// Infinity or NaN spelled as a string, under `.convertFromString`.
    func nonConformingFloat(at i: Int) -> Double? {
        guard case .convertFromString(let positive, let negative, let nan) = context.nonConformingFloats else {
            return nil
        }
        let bytes = tape.stringBytes(i)
        func matches(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { KeyBytes.equal($0, bytes) }
        }
        if matches(positive) { return .infinity }
        if matches(negative) { return -.infinity }
        if matches(nan) { return .nan }
        return nil
    }

    @inline(__always)
    func string(at i: Int) -> String? {
        guard tape.tagByte(i) == TapeTag.string.rawValue else { return nil }
        return String(validatedUTF8: tape.stringBytes(i))
    }

    @inline(__always)
    func bool(at i: Int) -> Bool? {
        switch tape.tagByte(i) {
        case TapeTag.trueValue.rawValue: return true
        case TapeTag.falseValue.rawValue: return false
        default: return nil
        }
    }
}
