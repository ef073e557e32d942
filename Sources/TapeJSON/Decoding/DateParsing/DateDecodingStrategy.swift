import Foundation

extension TapeJSONDecoder {
    /// How `Date` values are decoded. A date is parsed only when a `Date` is requested; `.iso8601` and
    /// `.flexible` parse the bytes by hand, without `DateFormatter`.
    ///
    /// With every strategy, `null` for a non-optional `Date` throws `.valueNotFound`.
    public enum DateDecodingStrategy: @unchecked Sendable {
        /// Let `Date` decode itself: a number of seconds since 2001-01-01 00:00:00 UTC. This is the
        /// default strategy.
        case deferredToDate

        /// A number of seconds since 1970-01-01 00:00:00 UTC; other values throw `.typeMismatch`.
        case secondsSince1970

        /// A number of milliseconds since 1970-01-01 00:00:00 UTC; other values throw `.typeMismatch`.
        case millisecondsSince1970

        /// An ISO 8601 / RFC 3339 date-time string such as `2024-05-01T09:30:00Z`,
        /// `2024-05-01T09:30:00.250+02:00`, parsed with Foundation's rules on Linux:
        /// 1. `year-month-dayThh:mm:ss`, each field one or more digits (months 1–12, days 1–31; a day
        ///    past the end of its month rolls over into the next month, and hours, minutes and seconds
        ///    are added as they are, so `24:00:00` is the next midnight).
        /// 2. Optional fractional seconds: `.` then 1 to 9 digits.
        /// 3. A required time zone: `Z`, `z`, `GMT`, `UTC`, or `+`/`-` hours with optional minutes and
        ///    seconds (`+01`, `+0130`, `+01:30`, `+01:30:15`; `GMT+01:00` too), at most 18 hours.
        ///    Characters after the zone are ignored.
        /// 4. Dates before 1582-10-15 are in the Julian calendar, as Foundation's Gregorian calendar has
        ///    them.
        ///
        /// Anything else throws `.dataCorrupted` ("Expected date string to be ISO8601-formatted.") with
        /// the `codingPath` of the container holding the date, as Foundation does; a value that is not
        /// a string throws `.typeMismatch`.
        case iso8601

        /// A string parsed by the formatter; one it rejects throws `.dataCorrupted` ("Date string does
        /// not match format expected by formatter."). The formatter is called from the decoding thread;
        /// do not change it while a decode is running.
        case formatted(DateFormatter)

        /// Decode with a closure, given a decoder positioned on the value.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)

        /// Whatever servers commonly send, in UTC unless a zone is given:
        /// 1. `yyyy-MM-dd` (midnight UTC).
        /// 2. `yyyy-MM-dd'T'HH:mm:ss`, optionally followed by `.` and 1 to 9 digits of fractional
        ///    seconds (`SSS` being the usual three), optionally followed by a zone: `Z`, `+HH`, `+HHmm` or
        ///    `+HH:mm` (`-` likewise). This covers `yyyy-MM-dd'T'HH:mm:ss.SSSx`,
        ///    `yyyy-MM-dd'T'HH:mm:ssZ`, `yyyy-MM-dd'T'HH:mm:ss.SSS` and `yyyy-MM-dd'T'HH:mm:ss`.
        /// 3. A number: seconds since 1970, or milliseconds since 1970 when its magnitude is above 1e11
        ///    (1e11 seconds is the year 5138, 1e11 milliseconds is March 1973).
        ///
        /// Fields have exactly the digits shown and must be valid (month 1–12, a day that exists in
        /// its month, hour 0–23, minute and second 0–59, zone up to 18 hours). Anything else, including
        /// text after the date, throws `.dataCorrupted` at the date's `codingPath`; a value that is
        /// neither a string nor a number throws `.typeMismatch`.
        case flexible
    }
}
