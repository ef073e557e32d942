/// `DateDecodingStrategy.flexible` for strings: `yyyy-MM-dd`, or `yyyy-MM-dd'T'HH:mm:ss` with optional
/// fractional seconds and an optional zone (UTC without one). Strict: fixed field widths, valid
/// fields, nothing after the date. Numbers are handled by the caller (`epochSeconds(_:)`).
enum FlexibleDateParser {
    /// Magnitudes above this are milliseconds since 1970, not seconds.
    static let millisecondThreshold = 1e11

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ParsedInstant? {
        var scanner = DateTextScanner(bytes)
        guard let year = scanner.fixedDigits(4), scanner.consume(0x2D),
              let month = scanner.fixedDigits(2), (1...12).contains(month), scanner.consume(0x2D),
              let day = scanner.fixedDigits(2), day >= 1,
              day <= CalendarArithmetic.daysInMonth(year: year, month: month)
        else { return nil }
        let days = CalendarArithmetic.daysSince1970(year: year, month: month, day: day)
        if scanner.isAtEnd {
            return ParsedInstant(secondsSince1970: days * 86_400, nanoseconds: 0)
        }

        guard scanner.consume(0x54),
              let hour = scanner.fixedDigits(2), hour < 24, scanner.consume(0x3A),
              let minute = scanner.fixedDigits(2), minute < 60, scanner.consume(0x3A),
              let second = scanner.fixedDigits(2), second < 60
        else { return nil }
        var nanoseconds = 0
        if scanner.consume(0x2E) {
            guard let fraction = scanner.fractionAsNanoseconds() else { return nil }
            nanoseconds = fraction
        }
        var offset = 0
        if !scanner.isAtEnd {
            guard let zone = zoneOffset(&scanner), scanner.isAtEnd else { return nil }
            offset = zone
        }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return ParsedInstant(secondsSince1970: seconds, nanoseconds: nanoseconds)
    }

    /// The instant for a number of seconds (or, above the threshold, milliseconds) since 1970.
    static func epochSeconds(_ value: Double) -> Double {
        value.magnitude > millisecondThreshold ? value / 1000 : value
    }

    /// `Z`, `±HH`, `±HHmm` or `±HH:mm`.
    private static func zoneOffset(_ scanner: inout DateTextScanner) -> Int? {
        if scanner.consume(0x5A) { return 0 }
        let sign: Int
        if scanner.consume(0x2B) {
            sign = 1
        } else if scanner.consume(0x2D) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = scanner.fixedDigits(2) else { return nil }
        var minutes = 0
        if !scanner.isAtEnd {
            _ = scanner.consume(0x3A)
            guard let value = scanner.fixedDigits(2), value < 60 else { return nil }
            minutes = value
        }
        let offset = hours * 3600 + minutes * 60
        guard offset <= ISO8601DateParser.maximumOffset else { return nil }
        return sign * offset
    }
}
