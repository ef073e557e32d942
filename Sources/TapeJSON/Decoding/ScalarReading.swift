/// Reading scalars from the tape for the containers: each reader returns nil when the value is not
/// what was asked for (wrong kind, null, or a number out of range), and the caller then asks
/// `DecodingErrors` why. The readers are generic and inlined so that each container method gets a
/// specialised copy.
///
/// The tape's binary value answers almost every read. The few it cannot answer as Foundation does go to
/// the text (`NumberTextReading`): a zero read as `Double` or `Float` (the tape holds `0` for `-0` and
/// for `1e-400`) and a `'d'` number read as an integer from a magnitude of 2^53 up (its `Double` may
/// have rounded the digits).
extension DecodingSession {
    @inline(__always)
    func integer<T: FixedWidthInteger>(_ type: T.Type, at i: Int) -> T? {
        let word = tape.word(i)
        switch UInt8(truncatingIfNeeded: word >> 56) {
        case TapeTag.int64.rawValue: return T(exactly: Int64(bitPattern: tape.word(i + 1)))
        case TapeTag.uint64.rawValue: return T(exactly: tape.word(i + 1))
        case TapeTag.double.rawValue:
            let value = Double(bitPattern: tape.word(i + 1))
            if value.magnitude < 0x1p53 && value != 0 { return T(exactly: value) }
            return integerFromText(T.self, at: i, value: value)
        default: return nil
        }
    }

    // `Int64` and `UInt64` read with their tags tested in another order than `integer(_:at:)` tests
    // them (the same answers). Through `integer`, the generated path's `Int64` and `Int` overloads (and
    // `UInt64` and `UInt`) compiled to the same code but for a few constants, and LLVM's function merging
    // made them one body behind two thunks, which re-read their stack arguments with wider loads than
    // the caller wrote them: a store-forwarding stall on every member. instruments.json (integers under
    // 33 keys per object) decoded into a model with the macro: 1,013 MB/s merged, 1,289 MB/s apart.

    /// `integer(Int64.self, at:)`.
    @inline(__always)
    func int64(at i: Int) -> Int64? {
        let word = tape.word(i)
        let tag = UInt8(truncatingIfNeeded: word >> 56)
        if tag == TapeTag.uint64.rawValue { return Int64(exactly: tape.word(i + 1)) }
        if tag == TapeTag.int64.rawValue { return Int64(bitPattern: tape.word(i + 1)) }
        if tag == TapeTag.double.rawValue {
            let value = Double(bitPattern: tape.word(i + 1))
            if value.magnitude < 0x1p53 && value != 0 { return Int64(exactly: value) }
            return integerFromText(Int64.self, at: i, value: value)
        }
        return nil
    }

    /// `integer(UInt64.self, at:)`.
    @inline(__always)
    func uint64(at i: Int) -> UInt64? {
        let word = tape.word(i)
        let tag = UInt8(truncatingIfNeeded: word >> 56)
        if tag == TapeTag.uint64.rawValue { return tape.word(i + 1) }
        if tag == TapeTag.int64.rawValue { return UInt64(exactly: Int64(bitPattern: tape.word(i + 1))) }
        if tag == TapeTag.double.rawValue {
            let value = Double(bitPattern: tape.word(i + 1))
            if value.magnitude < 0x1p53 && value != 0 { return UInt64(exactly: value) }
            return integerFromText(UInt64.self, at: i, value: value)
        }
        return nil
    }

    @inline(__always)
    func double(at i: Int) -> Double? {
        let word = tape.word(i)
        switch UInt8(truncatingIfNeeded: word >> 56) {
        case TapeTag.double.rawValue:
            let value = Double(bitPattern: tape.word(i + 1))
            if value != 0 || zerosAreAsWritten { return value }
            return doubleFromText(at: i, tapeValue: value, isInteger: false)
        case TapeTag.int64.rawValue:
            let value = Int64(bitPattern: tape.word(i + 1))
            if value != 0 || zerosAreAsWritten { return Double(value) }
            return doubleFromText(at: i, tapeValue: 0, isInteger: true)
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
            if value == 0 { return zerosAreAsWritten ? Float(value) : floatFromText(at: i, tapeValue: value, isInteger: false) }
            let narrowed = Float(value)
            // Out of Float's range: infinite, or rounded to zero from a non-zero value.
            if narrowed.isInfinite || (narrowed == 0 && value != 0) { return nil }
            return narrowed
        case TapeTag.int64.rawValue:
            let value = Int64(bitPattern: tape.word(i + 1))
            if value != 0 || zerosAreAsWritten { return Float(value) }
            return floatFromText(at: i, tapeValue: 0, isInteger: true)
        case TapeTag.uint64.rawValue: return Float(tape.word(i + 1))
        case TapeTag.string.rawValue: return nonConformingFloat(at: i).map { Float($0) }
        default: return nil
        }
    }

    /// Infinity or NaN spelled as a string, under `.convertFromString`.
    func nonConformingFloat(at i: Int) -> Double? {
        guard case .convertFromString(let positive, let negative, let nan) = workspace.nonConformingFloats else {
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
