extension JSONValue {
    /// Calls `body` for every leaf under this value in document order, with its RFC 6901 pointer
    /// (relative to this value, as UTF-8) and the leaf. Leaves are scalars and empty containers.
    ///
    /// The pointer buffer is reused between calls: copy it to keep it.
    public func forEachLeaf(_ body: (_ pointer: [UInt8], _ leaf: JSONValue) throws -> Void) rethrows {
        var pointer: [UInt8] = []
        try visitLeaves(&pointer, body)
    }

    private func visitLeaves(_ pointer: inout [UInt8], _ body: ([UInt8], JSONValue) throws -> Void) rethrows {
        let length = pointer.count
        switch tape.tag(index) {
        case .startObject where tape.containerEnd(index) - 1 > index + 1:
            for member in members {
                withExtendedLifetime(storage) {
                    appendPointerToken(tape.stringBytes(member.keyIndex), to: &pointer)
                }
                try member.value.visitLeaves(&pointer, body)
                pointer.removeSubrange(length...)
            }
        case .startArray where tape.containerEnd(index) - 1 > index + 1:
            for (position, element) in elements.enumerated() {
                pointer.append(UInt8(ascii: "/"))
                pointer.append(contentsOf: String(position).utf8)
                try element.visitLeaves(&pointer, body)
                pointer.removeSubrange(length...)
            }
        default:
            try body(pointer, self)
        }
    }
}
