import CSimdShim
import Foundation

/// The JSON text a decode call parsed, for the numbers read from their text (see `NumberText.swift`:
/// exact `Decimal`s, big integers written with a fraction, the sign of `-0`, zeros that were not written
/// as zero). Made on the first such read of a call; shared by the call's `superDecoder` sessions.
///
/// The bytes are the caller's during the call; when something the call handed out outlives it, the
/// session moves them into a copy this object owns (`keepCopy`).
final class SourceText {
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    /// The copy `keepCopy` made, once made (it never grows after, so `bytes` may point into it).
    private var owned = RawVector<UInt8>()
    private var kept = false
    /// `tj_number_scan`'s answer for the text; nil until scanned.
    private var scanFlags: Int32?
    private var locator = NumberLocator()

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes.unsafeUInt8s
    }

    /// Copies the bytes, so that they outlive the decode call.
    func keepCopy() {
        guard !kept else { return }
        kept = true
        owned.append(contentsOf: bytes)
        bytes = UnsafeBufferPointer(start: owned.unsafeBaseAddress, count: owned.count)
    }

    private var flags: Int32 {
        if let scanFlags { return scanFlags }
        let found = bytes.baseAddress.map { tj_number_scan($0, bytes.count) } ?? 0
        scanFlags = found
        return found
    }

    /// Whether the text may hold the integer `-0` (false: every integer 0 was written `0`).
    var mayHaveNegativeZero: Bool { flags & 1 != 0 }

    /// Whether the text may hold a non-zero number that a `Double` rounds to zero (false: every
    /// floating-point zero on the tape was written as zero).
    var mayHaveUnderflow: Bool { flags & 2 != 0 }

    /// The text of the number at tape index `i`.
    func text(ofNumberAt i: Int) -> String? {
        guard let range = locator.range(ofNumberAt: i, in: bytes) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}

extension DecodingSession {
    /// The text of the number at tape index `i`: a big number's (see `BigNumbers`), else from the
    /// source text; nil when the session has no source text.
    func exactNumberText(at i: Int) -> String? {
        if let text = bigNumbers?.text(at: i) { return text }
        return sourceText()?.text(ofNumberAt: i)
    }

    /// The value at `i` (a `'d'` word that is zero, a big number's placeholder, or has a magnitude of at least 2^53) as an integer, read from its text as Foundation does: an integer literal exactly; a
    /// number with a fraction or exponent through its `Double` below 2^53, and exactly from its digits
    /// (rounded toward zero, as Foundation's `Decimal` path does) from 2^53 up.
    ///
    /// A rare path, kept generic: one copy serves every integer type, where a specialised copy per type
    /// (twelve, with the text parsing each inlines) made a tenth of the library's optimized SIL and 7%
    /// of its optimizer time.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func integerFromText<T: FixedWidthInteger>(_ type: T.Type, at i: Int, value: Double) -> T? {
        if let text = bigNumbers?.text(at: i) {
            return Self.integer(type, fromText: text)
        }
        if value == 0 { return T.zero }
        guard let text = sourceText()?.text(ofNumberAt: i) else { return T(exactly: value) }
        return Self.integer(type, fromText: text)
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, fromText text: String) -> T? {
        if NumberSyntax.isIntegerLiteral(text) { return T(text, radix: 10) }
        guard let double = Double(text), double.isFinite else { return nil }
        if double.magnitude < 0x1p53 { return T(exactly: double) }
        return NumberSyntax.truncatedInteger(type, from: text)
    }

    /// A `Double` for a zero on the tape (`'l'` 0 or `'d'` ±0) or a big number (rounded from its text): the sign
    /// of `-0`, and nil for a non-zero number too small for a `Double` (Foundation rejects it).
    @inline(never)
    func doubleFromText(at i: Int, tapeValue: Double, isInteger: Bool) -> Double? {
        if !isInteger, let text = bigNumbers?.text(at: i) {
            // JSON5's Infinity and NaN are themselves; other big numbers are rounded as Foundation rounds
            // the text, and beyond Double's range do not fit.
            if let special = JSON5Translation.specialValue(text) { return special }
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }
        guard let source = sourceText() else { return tapeValue }
        if bigNumbers == nil && !source.mayHaveNegativeZero && !source.mayHaveUnderflow {
            zerosAreAsWritten = true
            return tapeValue
        }
        if isInteger {
            guard source.mayHaveNegativeZero, let text = source.text(ofNumberAt: i) else { return tapeValue }
            return text.utf8.first == UInt8(ascii: "-") ? -0.0 : 0.0
        }
        guard source.mayHaveUnderflow, let text = source.text(ofNumberAt: i) else { return tapeValue }
        return NumberSyntax.isTrueZero(text) ? tapeValue : nil
    }

    /// `doubleFromText` for a `Float`.
    @inline(never)
    func floatFromText(at i: Int, tapeValue: Double, isInteger: Bool) -> Float? {
        if !isInteger, let text = bigNumbers?.text(at: i) {
            if let special = JSON5Translation.specialValue(text) { return Float(special) }
            guard let value = Float(text), value.isFinite else { return nil }
            return value
        }
        return doubleFromText(at: i, tapeValue: tapeValue, isInteger: isInteger).map { Float($0) }
    }

    /// The session's `SourceText`, made on first use (nil when the session was given no source).
    func sourceText() -> SourceText? {
        if let sourceTextObject { return sourceTextObject }
        guard source.baseAddress != nil else { return nil }
        let made = SourceText(source)
        sourceTextObject = made
        return made
    }

    /// Moves the source text into memory of its own, for containers that outlive the decode call.
    func keepSourceText() {
        guard let text = sourceText() else { return }
        text.keepCopy()
        source = UnsafeRawBufferPointer(text.bytes)
        for session in superSessions where session.sourceTextObject === text || session.sourceTextObject == nil {
            session.sourceTextObject = text
            session.source = source
        }
    }
}
