/// The `CodingKey` TapeJSON puts in coding paths it builds itself: array positions (`"Index 3"`, like
/// Foundation's), `"super"`, dictionary keys and keys rebuilt from the document.
struct TapeCodingKey: CodingKey, Sendable, Hashable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(stringValue: String, intValue: Int?) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    /// The key of an array element, as Foundation names it.
    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    /// The key `superDecoder()` reads.
    static let superKey = TapeCodingKey(stringValue: "super")
}
