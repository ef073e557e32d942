import Foundation

/// A point in time read from date text: whole seconds since 1970 plus nanoseconds, turned into a
/// `Date` the way Foundation's calendar does (whole seconds since 2001, plus the fraction).
struct ParsedInstant: Equatable {
    var secondsSince1970: Int
    var nanoseconds: Int

    var date: Date {
        let sinceReference = Double(secondsSince1970 - 978_307_200)
        return Date(timeIntervalSinceReferenceDate: sinceReference + Double(nanoseconds) / 1_000_000_000)
    }
}
