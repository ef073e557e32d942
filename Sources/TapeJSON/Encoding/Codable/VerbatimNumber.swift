import Foundation

/// A JSON number kept as its text, so that writing it again loses no digit: a number simdjson holds only
/// as a placeholder (an integer beyond 64 bits, a magnitude beyond `Double`; see `JSONValue.bigNumberText`)
/// and a `Decimal` carried through the first pass of a key-options call (`KeyConventions.numberMarker`).
///
/// `TapeJSONEncoder` writes the text as it is. Any other encoder gets the closest Codable number: an
/// `Int128` or `UInt128` when the text is an integer that fits one, else a `Decimal` when the text
/// parses as one, else a `Double` (which rounds, or is infinite for a magnitude beyond `Double`, and then
/// follows that encoder's non-conforming float strategy).
struct VerbatimNumber: Encodable {
    /// The number's JSON text (checked by the parser it came from).
    let text: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let integer = Int128(text) {
            try container.encode(integer)
        } else if let integer = UInt128(text) {
            try container.encode(integer)
        } else if let decimal = Decimal(string: text, locale: nil), decimal.isFinite {
            try container.encode(decimal)
        } else {
            try container.encode(Double(text) ?? .nan)
        }
    }
}
