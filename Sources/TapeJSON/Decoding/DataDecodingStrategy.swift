import Foundation

extension TapeJSONDecoder {
    /// How `Data` values are decoded.
    public enum DataDecodingStrategy: Sendable {
        /// Let `Data` decode itself: an array of byte values (`[104, 105]`).
        case deferredToData

        /// A Base64 string with padding, as `Data(base64Encoded:)` accepts it (no whitespace, no
        /// line breaks). This is the default strategy. Anything else throws `.dataCorrupted`
        /// ("Encountered Data is not valid Base64."); a value that is not a string throws
        /// `.typeMismatch`.
        case base64

        /// Decode with a closure, given a decoder positioned on the value.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }
}
