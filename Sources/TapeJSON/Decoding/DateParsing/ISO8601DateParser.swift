/// `DateDecodingStrategy.iso8601`: parses what Foundation's `Date.ISO8601FormatStyle()` accepts on
/// Linux (see the strategy's documentation for the rules), from the string's bytes, without
/// `DateFormatter` or `Calendar`.
enum ISO8601DateParser {
    /// The largest year Foundation's calendar accepts in this format.
    static let maximumYear = 506_714
    /// The largest time zone offset, in seconds.
    static let maximumOffset = 18 * 3600

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ParsedInstant? {
        var scanner = DateTextScanner(bytes)
        guard let year = scanner.digits(), year <= maximumYear, scanner.consume(0x2D),
              let month = scanner.digits(), (1...12).contains(month), scanner.consume(0x2D),
              let day = scanner.digits(), (1...31).contains(day), scanner.consume(0x54),
              let hour = scanner.digits(), scanner.consume(0x3A),
              let minute = scanner.digits(), scanner.consume(0x3A),
              let second = scanner.digits()
        else { return nil }

        var nanoseconds = 0
        if scanner.consume(0x2E) {
            guard let fraction = scanner.fractionAsNanoseconds() else { return nil }
            nanoseconds = fraction
        }
        guard let offset = zoneOffset(&scanner) else { return nil }

        let days = CalendarArithmetic.daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return ParsedInstant(secondsSince1970: seconds, nanoseconds: nanoseconds)
    }

    /// The zone's offset from UTC in seconds; what follows it is ignored.
    private static func zoneOffset(_ scanner: inout DateTextScanner) -> Int? {
        let sign: Int
        if scanner.consumeLetter(0x5A) { // Z
            return 0
        } else if scanner.consumeLetter(0x47) { // GMT
            guard scanner.consumeLetter(0x4D), scanner.consumeLetter(0x54) else { return nil }
            guard let explicit = optionalSign(&scanner) else { return 0 }
            sign = explicit
        } else if scanner.consumeLetter(0x55) { // UTC
            guard scanner.consumeLetter(0x54), scanner.consumeLetter(0x43) else { return nil }
            guard let explicit = optionalSign(&scanner) else { return 0 }
            sign = explicit
        } else if let explicit = optionalSign(&scanner) {
            sign = explicit
        } else {
            return nil
        }

        guard let hours = scanner.digits(max: 2) else { return nil }
        var offset = hours * 3600
        let expectMinutes = scanner.consume(0x3A) || scanner.nextIsDigit
        if expectMinutes {
            guard let minutes = scanner.digits(max: 2) else { return nil }
            offset += minutes * 60
            _ = scanner.consume(0x3A)
            if scanner.nextIsDigit, let seconds = scanner.digits(max: 2) {
                offset += seconds
            }
        }
        guard offset <= maximumOffset else { return nil }
        return sign * offset
    }

    private static func optionalSign(_ scanner: inout DateTextScanner) -> Int? {
        if scanner.consume(0x2B) { return 1 }
        if scanner.consume(0x2D) { return -1 }
        return nil
    }
}
