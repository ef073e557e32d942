import Foundation
import TapeJSON
import Testing

@Suite("DateDecodingStrategy.flexible")
struct FlexibleDateTests {
    static func decode(_ literal: String) throws -> Date {
        let decoder = TapeJSONDecoder()
        decoder.dateDecodingStrategy = .flexible
        return try decoder.decode(Box<Date>.self, from: Data(#"{"value": \#(literal)}"#.utf8)).value
    }

    /// (JSON literal, expected seconds since 1970)
    @Test("accepted formats", arguments: [
        (#""2024-05-01""#, 1_714_521_600.0),
        (#""1970-01-01""#, 0),
        (#""2024-02-29""#, 1_709_164_800),
        (#""2024-05-01T09:30:00""#, 1_714_555_800),
        (#""2024-05-01T09:30:00Z""#, 1_714_555_800),
        (#""2024-05-01T09:30:00+0200""#, 1_714_548_600),
        (#""2024-05-01T09:30:00-05:30""#, 1_714_575_600),
        (#""2024-05-01T09:30:00+02""#, 1_714_548_600),
        (#""2024-05-01T09:30:00.250""#, 1_714_555_800.25),
        (#""2024-05-01T09:30:00.250Z""#, 1_714_555_800.25),
        (#""2024-05-01T09:30:00.250+01""#, 1_714_552_200.25),
        (#""2024-05-01T09:30:00.5-0100""#, 1_714_559_400.5),
        (#""1969-12-31T23:59:59""#, -1),
        ("1714555800", 1_714_555_800),
        ("1714555800.5", 1_714_555_800.5),
        ("-86400", -86_400),
        ("0", 0),
        ("1714555800250", 1_714_555_800.25),
        ("-1714555800000", -1_714_555_800),
        ("100000000000", 100_000_000_000),
        ("100000000001", 100_000_000.001),
    ])
    func accepted(literal: String, seconds: Double) throws {
        let date = try Self.decode(literal)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6, "\(literal) gave \(date.timeIntervalSince1970)")
    }

    @Test("rejected strings", arguments: [
        "", "2024", "2024-5-1", "2024-05-1", "24-05-01", "2024/05/01", "2024-13-01", "2024-00-10", "2023-02-29",
        "2024-04-31", "2024-05-00", "2024-05-01T", "2024-05-01T09:30", "2024-05-01T24:00:00", "2024-05-01T09:60:00",
        "2024-05-01T09:30:60", "2024-05-01 09:30:00", "2024-05-01T09:30:00.", "2024-05-01T09:30:00.1234567890",
        "2024-05-01T09:30:00X", "2024-05-01T09:30:00+2", "2024-05-01T09:30:00+0260", "2024-05-01T09:30:00+19:00",
        "2024-05-01T09:30:00Z ", "2024-05-01T09:30:00+01:00:00", " 2024-05-01", "2024-05-01Z", "1714555800", "now",
    ])
    func rejectedStrings(text: String) {
        let decoder = TapeJSONDecoder()
        decoder.dateDecodingStrategy = .flexible
        let error = tapeError(Box<Date>.self, json: #"{"value": "\#(text)"}"#, decoder: decoder)
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["value"])
    }

    @Test("values that are neither strings nor numbers")
    func otherValues() {
        let decoder = TapeJSONDecoder()
        decoder.dateDecodingStrategy = .flexible
        #expect(tapeError(Box<Date>.self, json: #"{"value": true}"#, decoder: decoder)?.kind == "typeMismatch")
        #expect(tapeError(Box<Date>.self, json: #"{"value": {}}"#, decoder: decoder)?.kind == "typeMismatch")
        #expect(tapeError(Box<Date>.self, json: #"{"value": null}"#, decoder: decoder)?.kind == "valueNotFound")
        #expect(tapeError([Date].self, json: #"["2024-05-01", "bad"]"#, decoder: decoder)?.path == ["Index 1#1"])
    }

    @Test("optional dates")
    func optionalDates() throws {
        let decoder = TapeJSONDecoder()
        decoder.dateDecodingStrategy = .flexible
        let dates = try decoder.decode([Date?].self, from: Data(#"[null, "2024-05-01", 0]"#.utf8))
        #expect(dates == [nil, Date(timeIntervalSince1970: 1_714_521_600), Date(timeIntervalSince1970: 0)])
        let event = try decoder.decode(Event.self, from: Data(#"{"name": "x", "at": "2024-05-01T09:30:00Z"}"#.utf8))
        #expect(event.until == nil)
    }
}
