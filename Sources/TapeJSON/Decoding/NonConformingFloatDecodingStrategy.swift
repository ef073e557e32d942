extension TapeJSONDecoder {
    /// How infinities and NaN, which JSON numbers cannot express, are decoded into `Float` and `Double`.
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// A string where a number is expected throws `.typeMismatch`. This is the default strategy.
        case `throw`

        /// Accept exactly these strings (compared byte for byte with the unescaped string) as positive
        /// infinity, negative infinity and NaN; any other string throws `.typeMismatch`.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
