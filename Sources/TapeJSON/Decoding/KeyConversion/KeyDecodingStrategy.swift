extension TapeJSONDecoder {
    /// How the keys of JSON objects are matched to the `CodingKey`s a type asks for.
    ///
    /// Conversions are lazy: a JSON key is converted only when an object that contains it is read, and
    /// each distinct key is converted once and the conversion kept for later calls (payloads repeat the
    /// same keys thousands of times). Keys that the conversion leaves unchanged (such as `name`, or any key without `_` for
    /// `.convertFromSnakeCase`) are recognised by a scan of their bytes and compared in place.
    ///
    /// As in Foundation, the keys of a `[String: Value]` dictionary are never converted.
    public enum KeyDecodingStrategy: Sendable {
        /// Use the JSON keys as they are. This is the default strategy.
        case useDefaultKeys

        /// Convert snake_case JSON keys to camelCase with Foundation's exact rules:
        /// 1. Split the key on `_` (runs of `_` count as one) and join the words, the first one
        ///    lowercased, each following one capitalized (first letter upper, the rest lower).
        /// 2. A key without `_` between other characters is left exactly as it is.
        /// 3. Leading and trailing underscores are kept.
        ///
        /// `one_two_three` becomes `oneTwoThree`, `_one_two_` becomes `_oneTwo_`, `user_ID` becomes
        /// `userId`, and `alreadyCamel` stays `alreadyCamel`.
        case convertFromSnakeCase

        /// Convert keys in any common casing to lowerCamelCase:
        /// 1. Words are separated by `_` and `-` (runs count as one), by a lowercase letter or digit
        ///    followed by an uppercase letter (`userName` → `user|Name`), and before the last capital of
        ///    a run of capitals followed by a lowercase letter (`ABBRKey` → `ABBR|Key`).
        /// 2. The first word is lowercased; each following word gets an uppercase first letter and
        ///    lowercase others, so a run of capitals keeps only its first letter upper.
        /// 3. Leading and trailing `_` and `-` are kept. Only ASCII letters change case.
        ///
        /// `user_id`, `user-id`, `UserId`, `UserID` and `USER_ID` all become `userId`; `myABBRKey`
        /// becomes `myAbbrKey` and `ErrorCode` becomes `errorCode`. Name the properties accordingly
        /// (`userId`, not `userID`): the converted JSON key must equal the `CodingKey`'s `stringValue`.
        case convertFromAnyCase

        /// Convert each JSON key with a closure, given the coding path of the object plus the key
        /// itself as its last element; the returned key's `stringValue` is what a `CodingKey` is
        /// compared with. The closure is called once per key of each object that is read. If two keys
        /// convert to the same value, the first one found is used.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}
