/// A cursor over the bytes of a date string.
struct DateTextScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// Consumes `byte` if it comes next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Consumes the next byte if it is one of the two spellings of an ASCII letter.
    mutating func consumeLetter(_ upper: UInt8) -> Bool {
        guard let byte = peek(), byte == upper || byte == upper | 0x20 else { return false }
        position += 1
        return true
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    var nextIsDigit: Bool { peek().map(Self.isDigit) ?? false }

    /// One or more digits (at most `maxDigits`), as a value up to `Int32.max`; nil if there is no digit
    /// or the value is larger.
    mutating func digits(max maxDigits: Int = .max) -> Int? {
        var value = 0
        var count = 0
        while count < maxDigits, let byte = peek(), Self.isDigit(byte) {
            value = value * 10 + Int(byte - 0x30)
            if value > Int(Int32.max) { return nil }
            position += 1
            count += 1
        }
        return count > 0 ? value : nil
    }

    /// Exactly `count` digits.
    mutating func fixedDigits(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for _ in 0..<count {
            let byte = bytes[position]
            guard Self.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
            position += 1
        }
        return value
    }

    /// 1 to 9 digits of fractional seconds, as nanoseconds; nil when there is no digit or more than 9.
    mutating func fractionAsNanoseconds() -> Int? {
        var value = 0
        var count = 0
        while let byte = peek(), Self.isDigit(byte) {
            count += 1
            if count > 9 { return nil }
            value = value * 10 + Int(byte - 0x30)
            position += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<9 { value *= 10 }
        return value
    }
}
