import Foundation

extension TapeJSONEncoder {
    /// The layout of the output: Foundation's `JSONEncoder.OutputFormatting`.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The options' bits.
        public let rawValue: UInt
        /// The options whose bits are `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Newlines and two-space indentation, and ` : ` between a key and its value, as Foundation
        /// lays JSON out. An empty container is written with a blank line inside (`{\n\n}`).
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
        /// The members of every object in the order of their keys' UTF-8 bytes. Without it, members
        /// are written in the order they were encoded (Foundation's order is unspecified).
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
        /// `/` written as is instead of `\/`.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)
    }

    /// How the `CodingKey`s a type encodes with become the keys of JSON objects.
    ///
    /// As in Foundation, the keys of a `[String: Value]` dictionary are never converted.
    public enum KeyEncodingStrategy: Sendable {
        /// The keys as they are. This is the default strategy.
        case useDefaultKeys

        /// camelCase to snake_case with Foundation's exact rules: a word starts at each uppercase
        /// letter that follows a lowercase one, and a run of uppercase letters is a word up to the
        /// last capital before a lowercase letter; the words are lowercased and joined with `_`.
        /// `myURLProperty` becomes `my_url_property`, `userID` becomes `user_id`, `_oneTwo_` becomes
        /// `_one_two_`. Letters are recognised by their Unicode category, as Foundation does.
        case convertToSnakeCase

        /// The words `convertToSnakeCase` finds, joined with `-` instead: `userID` becomes `user-id`.
        /// Not in Foundation; `TapeJSONDecoder`'s `.convertFromAnyCase` reads it back.
        case convertToKebabCase

        /// The key with its first letter uppercased: `userId` becomes `UserId`. Not in Foundation;
        /// `TapeJSONDecoder`'s `.convertFromAnyCase` reads it back.
        case convertToUpperCamelCase

        /// Each key converted by a closure, given the coding path to it (the key itself last); the
        /// returned key's `stringValue` is written. Called for every key encoded. If two keys of one
        /// object convert to the same text, the value encoded last is kept.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Date` values are encoded.
    public enum DateEncodingStrategy: @unchecked Sendable {
        /// The `Date`'s own encoding: its `timeIntervalSinceReferenceDate` as a number. The default.
        case deferredToDate
        /// Seconds since 1970-01-01T00:00:00Z, as a number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z, as a number.
        case millisecondsSince1970
        /// An ISO 8601 date-time in UTC, whole seconds: `2001-01-01T00:00:12Z`.
        case iso8601
        /// The string the formatter makes.
        case formatted(DateFormatter)
        /// A closure that encodes the date into the encoder it is given. If it encodes nothing, the
        /// date is written as `{}`.
        case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)
    }

    /// How `Data` values are encoded.
    public enum DataEncodingStrategy: Sendable {
        /// The `Data`'s own encoding: an array of its bytes as numbers.
        case deferredToData
        /// A base64 string (RFC 4648, padded, no line breaks). The default.
        case base64
        /// A closure that encodes the data into the encoder it is given. If it encodes nothing, the
        /// value is written as `{}`.
        case custom(@Sendable (_ data: Data, _ encoder: any Encoder) throws -> Void)
    }

    /// What to write for infinities and NaN, which JSON has no numbers for.
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// Throw `EncodingError.invalidValue`. The default.
        case `throw`
        /// Write these strings instead.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }
}
