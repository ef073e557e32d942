/// A `CodingKey` spelled by a string literal: the keys generated code names that have no `CodingKeys`
/// case (an enum case's associated values, `_0` or their labels, as synthesized `Codable` names them).
public struct TapeJSONKey: CodingKey, Sendable, Hashable {
    /// The key's text.
    public let stringValue: String
    /// The key's integer, when it was made from one.
    public let intValue: Int?

    /// The key whose `stringValue` is `name`.
    public init(_ name: StaticString) {
        stringValue = name.description
        intValue = nil
    }

    /// The key whose `stringValue` is `stringValue` (never nil).
    public init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    /// The key whose `intValue` is `intValue`, spelled as its decimal text (never nil).
    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
