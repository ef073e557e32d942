/// The key of an array element in the encoder's coding paths: `"Index 3"` (Foundation's name) and
/// the position as `intValue`.
///
/// The text is made only when someone reads `stringValue` (an error's coding path, a custom key
/// strategy): `TapeCodingKey(index:)` formatted it for every array element that went through
/// `encode(_:)`, and at 25 bytes did not fit an existential's inline buffer, so each element also
/// allocated a box when it became the slot's `any CodingKey` (together about 6% of encoding
/// citm_catalog and canada).
struct ElementCodingKey: CodingKey, Sendable {
    let index: Int

    init(index: Int) { self.index = index }

    init?(intValue: Int) { index = intValue }

    init?(stringValue: String) {
        guard stringValue.hasPrefix("Index "), let index = Int(stringValue.dropFirst(6)) else { return nil }
        self.index = index
    }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
