extension JSONValue {
    /// Whether two values are equal as RFC 6902's `test` compares them (§4.6): numbers by value (`1`,
    /// `1.0` and `1e0` are equal), strings after unescaping, arrays element by element, objects by
    /// their members regardless of order. An object with a repeated key is compared through the first
    /// member of each name (as lookups read it) and its member count.
    func isEqualAsData(to other: JSONValue) -> Bool {
        let kind = self.kind, otherKind = other.kind
        switch (kind, otherKind) {
        case (.int, .int):
            return int64 == other.int64
        case (.int, .uint), (.uint, .int), (.uint, .uint):
            return uint64 != nil && uint64 == other.uint64
        case (.int, .double), (.uint, .double), (.double, .int), (.double, .uint), (.double, .double):
            if let text = bigNumberText, let otherText = other.bigNumberText, text == otherText { return true }
            return double == other.double
        case (.string, .string):
            return withExtendedLifetime((storage, other.storage)) {
                let a = tape.stringBytes(index), b = other.tape.stringBytes(other.index)
                return a.elementsEqual(b)
            }
        case (.bool, .bool):
            return bool == other.bool
        case (.null, .null):
            return true
        case (.array, .array):
            guard count == other.count else { return false }
            return zip(elements, other.elements).allSatisfy { $0.isEqualAsData(to: $1) }
        case (.object, .object):
            guard count == other.count else { return false }
            return withExtendedLifetime(other.storage) {
                members.allSatisfy { member in
                    guard let match = other.findMember(tape.stringBytes(member.keyIndex)) else { return false }
                    return member.value.isEqualAsData(to: match)
                }
            }
        default:
            return false
        }
    }
}
