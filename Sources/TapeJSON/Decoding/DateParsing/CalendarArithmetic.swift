/// Day counting for the hand-written date parsers, in the calendar Foundation's Gregorian calendar
/// uses: Gregorian from 1582-10-15 on, Julian before (ICU's `GregorianCalendar` with its default
/// cutover), so that parsed dates equal Foundation's.
enum CalendarArithmetic {
    /// Julian Day Number of 1970-01-01.
    private static let unixEpochDay = 2_440_588
    /// Julian Day Number of 1582-10-15, the first Gregorian day.
    private static let gregorianCutoverDay = 2_299_161

    /// Days from 1970-01-01 to `day` of `month` of `year` (astronomical year numbering, `year >= 0`,
    /// month 1–12). A day past the end of its month continues into the following days, the way a
    /// lenient calendar treats it.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let gregorian = gregorianDayNumber(year: year, month: month) + day - 1
        if year > 1582 || (year == 1582 && gregorian >= gregorianCutoverDay) {
            return gregorian - unixEpochDay
        }
        return julianDayNumber(year: year, month: month) + day - 1 - unixEpochDay
    }

    /// The number of days in `month` of `year`, in the same calendar (so 1500-02-29 exists).
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap: Bool
            if year > 1582 {
                leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            } else {
                leap = year % 4 == 0
            }
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Julian Day Number of the first day of the month, proleptic Gregorian calendar.
    private static func gregorianDayNumber(year: Int, month: Int) -> Int {
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 * a - 3
        return 1 + (153 * m + 2) / 5 + 365 * y + y / 4 - y / 100 + y / 400 - 32045
    }

    /// Julian Day Number of the first day of the month, Julian calendar.
    private static func julianDayNumber(year: Int, month: Int) -> Int {
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 * a - 3
        return 1 + (153 * m + 2) / 5 + 365 * y + y / 4 - 32083
    }
}
