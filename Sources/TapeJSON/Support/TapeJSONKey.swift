/// A `CodingKey` spelled by a string literal: the keys generated code names that have no `CodingKeys`
/// case (an enum case's associated values, `_0` or their labels, as synthesized `Codable` names them).
public struct TapeJSONKey: CodingKey, Sendable, Hashable {
    public let stringValue: String
    public let intValue: Int?

    /// The key whose `stringValue` is `name`.
    public init(_ name: StaticString) {
        stringValue = name.description
        intValue = nil
    }

    public init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
