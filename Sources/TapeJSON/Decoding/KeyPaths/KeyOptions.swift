extension TapeJSONDecoder {
    /// Conventions that let the raw values of plain, synthesized `CodingKeys` reach into a document,
    /// as SDOSKeyedCodable's key options do, with no hand-written `init(from:)`.
    ///
    /// Set ``TapeJSONDecoder/keyOptions`` to turn them on (it is nil by default, which is exactly
    /// Foundation's behaviour). A key is always looked up literally first: **a literal key that exists
    /// wins over any convention.** Only when it is absent is its text read as one of these:
    ///
    /// ```swift
    /// struct Shop: Decodable {
    ///     let name: String              // "datos.nombre": nested path
    ///     let location: Location        // "": decoded from the shop object itself
    ///     let products: [Product]       // "* products": failing elements dropped
    ///     let cityNames: [String]       // "[]country.cities.name": collected across an array
    ///
    ///     enum CodingKeys: String, CodingKey {
    ///         case name = "datos.nombre", location = "", products = "* products"
    ///         case cityNames = "[]country.cities.name"
    ///     }
    /// }
    /// let decoder = TapeJSONDecoder()
    /// decoder.keyOptions = .init()
    /// ```
    ///
    /// Each convention is a string you can change, or turn off with nil:
    /// - **`delimiter`** (`"."`): `"datos.nombre"` reads `nombre` inside the object `datos`. A missing
    ///   or null step makes an optional property nil and a non-optional one throw `.keyNotFound` for
    ///   the whole key.
    /// - **`flat`** (`""`): a key equal to it decodes the property from the enclosing object itself,
    ///   so a nested struct can gather fields that sit beside the others. An optional flat property is
    ///   nil when it cannot be decoded.
    /// - **`optionalArrayElements`** (`"* "`): `"* elements"` decodes the array under `elements` and
    ///   drops the elements that fail to decode, instead of failing the whole array. The rest of the key
    ///   may itself be a path.
    /// - **`arrayMapping`** (`"[]"`): `"[]country.cities.citizens.name"` follows the path through
    ///   every element of each array it meets and collects the values found at the end into one array
    ///   (a final value that is an array contributes its elements). The property must be an array. A
    ///   missing first step makes an optional property nil; a missing step inside an element throws
    ///   `.keyNotFound`.
    ///
    /// Errors inside a value reached through a convention report the whole key as the last element of
    /// the `codingPath`. Path steps are matched like any key, through the key decoding strategy.
    /// Conventions apply to keyed containers of any type, including dictionaries (whose keys are
    /// always found literally first).
    public struct KeyOptions: Sendable, Hashable {
        /// Separates the steps of a nested key path; nil turns paths off.
        public var delimiter: String?
        /// The key that decodes a property from the enclosing object; nil turns it off.
        public var flat: String?
        /// The prefix of keys whose array drops failing elements; nil or empty turns it off.
        public var optionalArrayElements: String?
        /// The prefix of keys that collect values across arrays; nil or empty turns it off.
        public var arrayMapping: String?

        /// Creates key options; the defaults are SDOSKeyedCodable's.
        public init(delimiter: String? = ".", flat: String? = "", optionalArrayElements: String? = "* ",
                    arrayMapping: String? = "[]") {
            self.delimiter = delimiter
            self.flat = flat
            self.optionalArrayElements = optionalArrayElements
            self.arrayMapping = arrayMapping
        }
    }
}
