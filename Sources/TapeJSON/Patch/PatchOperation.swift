/// One parsed RFC 6902 operation, and how it changes a text. A class: a patch applied to every line
/// of a file reads its operations millions of times, and a class costs one reference count per read
/// where a struct costs one per member.
final class PatchOperation: Sendable {
    enum Op: String, Sendable {
        case add, remove, replace, move, copy, test
    }

    let op: Op
    /// `path` as written, and its reference tokens.
    let path: String
    let pathTokens: [[UInt8]]
    /// `from` as written and its tokens (`move` and `copy`).
    let from: String?
    let fromTokens: [[UInt8]]
    /// `value` written compact (`add`, `replace`, `test`).
    let value: [UInt8]?
    /// The tokens of `path` end to end, and where each is: what `replace` and `remove` walk.
    let pathBytes: [UInt8]
    let pathRanges: [Range<Int>]

    init(op: Op, path: String, pathTokens: [[UInt8]], from: String?, fromTokens: [[UInt8]], value: [UInt8]?) {
        self.op = op
        self.path = path
        self.pathTokens = pathTokens
        pathBytes = pathTokens.flatMap { $0 }
        var start = 0
        pathRanges = pathTokens.map { token in
            defer { start += token.count }
            return start..<(start + token.count)
        }
        self.from = from
        self.fromTokens = fromTokens
        self.value = value
    }
}

// MARK: - Parsing

extension PatchOperation {
    /// The operations of a patch's valid JSON text.
    static func parseAll(_ scanner: JSONTextScanner) throws(JSONPatchError) -> [PatchOperation] {
        let root = scanner.rootValue()
        guard scanner.bytes[root.lowerBound] == UInt8(ascii: "[") else {
            throw JSONPatchError(kind: .malformedOperation, reason: "a JSON Patch is an array of operations")
        }
        var operations: [PatchOperation] = []
        try scanner.forEachElement(in: root) { (element) throws(JSONPatchError) in
            operations.append(try parse(scanner, element, index: operations.count))
        }
        return operations
    }

    /// The operation at `range`, the `index`-th of the patch.
    static func parse(_ scanner: JSONTextScanner, _ range: Range<Int>, index: Int) throws(JSONPatchError) -> PatchOperation {
        var opName: String?
        func malformed(_ member: String?, _ reason: String) -> JSONPatchError {
            JSONPatchError(kind: .malformedOperation, operation: index, operationName: opName, member: member, reason: reason)
        }
        guard scanner.bytes[range.lowerBound] == UInt8(ascii: "{") else { throw malformed(nil, "an operation is a JSON object") }
        var members: [String: Range<Int>] = [:]
        try scanner.forEachMember(in: range) { (key, value) throws(JSONPatchError) in
            let name = String(decoding: scanner.unescaped(key), as: UTF8.self)
            guard ["op", "path", "from", "value"].contains(name) else { return }
            guard members[name] == nil else { throw malformed(name, "the member appears twice") }
            members[name] = value
        }
        func string(_ name: String) throws(JSONPatchError) -> String? {
            guard let value = members[name] else { return nil }
            guard scanner.bytes[value.lowerBound] == UInt8(ascii: "\"") else { throw malformed(name, "must be a string") }
            return String(decoding: scanner.unescaped(value), as: UTF8.self)
        }
        func pointer(_ name: String) throws(JSONPatchError) -> (String, [[UInt8]])? {
            guard let text = try string(name) else { return nil }
            do { return (text, try JSONPointerTokens.parse(text)) } catch {
                throw malformed(name, "not a JSON Pointer: \(error.reason)")
            }
        }
        guard let name = try string("op") else { throw malformed("op", "missing") }
        guard let op = Op(rawValue: name) else { throw malformed("op", "unknown operation '\(name)'") }
        opName = name
        guard let (path, pathTokens) = try pointer("path") else { throw malformed("path", "missing") }
        var from: (String, [[UInt8]])?
        if op == .move || op == .copy {
            guard let given = try pointer("from") else { throw malformed("from", "missing") }
            from = given
        }
        var value: [UInt8]?
        if op == .add || op == .replace || op == .test {
            guard let range = members["value"] else { throw malformed("value", "missing") }
            var compact: [UInt8] = []
            compact.reserveCapacity(range.count)
            scanner.appendCompact(range, to: &compact)
            value = compact
        }
        return PatchOperation(op: op, path: path, pathTokens: pathTokens, from: from?.0, fromTokens: from?.1 ?? [],
                              value: value)
    }
}

// MARK: - Applying

extension PatchOperation {
    /// The text after this operation, or nil when it leaves the text as it is (`test`, a `move` onto
    /// itself).
    func apply(to scanner: JSONTextScanner, index: Int) throws(JSONPatchError) -> [UInt8]? {
        let root = scanner.rootValue()
        switch op {
        case .add:
            return try adding(value!, at: pathTokens, in: scanner, root: root, index: index).applied(to: scanner.bytes)
        case .remove, .replace:
            return try replaceOrRemove(in: scanner, root: root, index: index).splice.applied(to: scanner.bytes)
        case .test:
            let target = try resolve(pathTokens[...], pointer: path, in: scanner, root: root, index: index)
            guard Self.equalAsData(scanner.bytes.copy(target), value!) else {
                throw failure(.testFailed, index, path, "the value is not equal to the one given")
            }
            return nil
        case .copy:
            let source = try resolve(fromTokens[...], pointer: from!, in: scanner, root: root, index: index)
            return try adding(scanner.bytes.copy(source), at: pathTokens, in: scanner, root: root, index: index)
                .applied(to: scanner.bytes)
        case .move:
            let source = try resolve(fromTokens[...], pointer: from!, in: scanner, root: root, index: index)
            if fromTokens == pathTokens { return nil }
            if pathTokens.count > fromTokens.count && Array(pathTokens[..<fromTokens.count]) == fromTokens {
                throw failure(.moveIntoOwnChild, index, path, "'\(path)' is inside '\(from!)', the value moved")
            }
            let moved = scanner.bytes.copy(source)
            var throughArray = false
            let (slot, parent) = try existingSlot(at: fromTokens, pointer: from!, in: scanner, root: root, index: index,
                                                  throughArray: &throughArray)
            let removed = JSONSplice.removing(slot, from: parent).applied(to: scanner.bytes)
            return try removed.withUnsafeBufferPointer { (buffer) throws(JSONPatchError) in
                let scanner = JSONTextScanner(buffer)
                return try adding(moved, at: pathTokens, in: scanner, root: scanner.rootValue(), index: index)
                    .applied(to: buffer)
            }
        }
    }

    /// The splice of a `replace` or `remove`, and whether finding it stepped into an array.
    func replaceOrRemove(in scanner: JSONTextScanner, root: Range<Int>,
                         index: Int) throws(JSONPatchError) -> (splice: JSONSplice, throughArray: Bool) {
        if pathTokens.isEmpty {
            guard op == .replace else { throw failure(.removeRoot, index, path, "cannot remove the whole document") }
            return (JSONSplice(range: root, replacement: value!), false)
        }
        // The tokens' bytes borrowed from one flat buffer: no reference counting per step.
        return try pathBytes.withUnsafeBufferPointer { (bytes) throws(JSONPatchError) in
            var throughArray = false
            var parent = root
            var slot = JSONSlot(start: root.lowerBound, value: root, previousEnd: nil, nextStart: nil)
            for range in pathRanges {
                parent = slot.value
                slot = try step(UnsafeBufferPointer(rebasing: bytes[range]), into: parent, pointer: path, in: scanner,
                                index: index, throughArray: &throughArray).slot
            }
            let splice = op == .replace ? JSONSplice(range: slot.value, replacement: value!) : JSONSplice.removing(slot, from: parent)
            return (splice, throughArray)
        }
    }

    private func failure(_ kind: JSONPatchError.Kind, _ index: Int, _ pointer: String, _ reason: String) -> JSONPatchError {
        JSONPatchError(kind: kind, operation: index, operationName: op.rawValue, pointer: pointer, reason: reason)
    }

    /// The value at `tokens`.
    private func resolve(_ tokens: ArraySlice<[UInt8]>, pointer: String, in scanner: JSONTextScanner, root: Range<Int>,
                         index: Int) throws(JSONPatchError) -> Range<Int> {
        var throughArray = false
        return try resolve(tokens, pointer: pointer, in: scanner, root: root, index: index, throughArray: &throughArray)
    }

    /// The value at `tokens`; `throughArray` set when a step is into an array.
    private func resolve(_ tokens: ArraySlice<[UInt8]>, pointer: String, in scanner: JSONTextScanner, root: Range<Int>,
                         index: Int, throughArray: inout Bool) throws(JSONPatchError) -> Range<Int> {
        var current = root
        for token in tokens {
            current = try token.withUnsafeBufferPointer { (token) throws(JSONPatchError) in
                try step(token, into: current, pointer: pointer, in: scanner, index: index, throughArray: &throughArray).slot.value
            }
        }
        return current
    }

    /// The member or element `token` names in the container at `container`, which must exist.
    private func step(_ token: UnsafeBufferPointer<UInt8>, into container: Range<Int>, pointer: String, in scanner: JSONTextScanner,
                      index: Int, throughArray: inout Bool) throws(JSONPatchError) -> (slot: JSONSlot, parent: Range<Int>) {
        switch scanner.bytes[container.lowerBound] {
        case UInt8(ascii: "{"):
            guard let slot = scanner.member(token, in: container).slot else {
                throw failure(.pathNotFound, index, pointer, "no member '\(Self.name(token))'")
            }
            return (slot, container)
        case UInt8(ascii: "["):
            throughArray = true
            guard let position = JSONValue.arrayIndex(token) else {
                throw failure(.invalidArrayIndex, index, pointer, "'\(Self.name(token))' is not an array index")
            }
            let lookup = scanner.element(position, in: container)
            guard let slot = lookup.slot else {
                throw failure(.indexOutOfRange, index, pointer, "index \(position) is beyond the array's \(lookup.count) elements")
            }
            return (slot, container)
        default:
            throw failure(.pathNotFound, index, pointer, "'\(Self.name(token))' is looked up in a value that is not an object or array")
        }
    }

    /// A reference token as text, for messages.
    private static func name<Token: Collection<UInt8>>(_ token: Token) -> String { String(decoding: token, as: UTF8.self) }

    /// The existing member or element at `tokens` (at least one) and its container.
    private func existingSlot(at tokens: [[UInt8]], pointer: String, in scanner: JSONTextScanner, root: Range<Int>,
                              index: Int, throughArray: inout Bool) throws(JSONPatchError) -> (slot: JSONSlot, parent: Range<Int>) {
        let parent = try resolve(tokens.dropLast(), pointer: pointer, in: scanner, root: root, index: index, throughArray: &throughArray)
        return try tokens[tokens.count - 1].withUnsafeBufferPointer { (token) throws(JSONPatchError) in
            try step(token, into: parent, pointer: pointer, in: scanner, index: index, throughArray: &throughArray)
        }
    }

    /// The splice that adds `value` at `tokens` (RFC 6902 §4.1: the root is replaced, a member of that
    /// name replaced or added, an element inserted, `-` appended).
    private func adding(_ value: [UInt8], at tokens: [[UInt8]], in scanner: JSONTextScanner, root: Range<Int>,
                        index: Int) throws(JSONPatchError) -> JSONSplice {
        guard let token = tokens.last else { return JSONSplice(range: root, replacement: value) }
        let parent = try resolve(tokens.dropLast(), pointer: path, in: scanner, root: root, index: index)
        switch scanner.bytes[parent.lowerBound] {
        case UInt8(ascii: "{"):
            let lookup = scanner.member(token, in: parent)
            if let slot = lookup.slot { return JSONSplice(range: slot.value, replacement: value) }
            var key = JSONTextWriter()
            token.withUnsafeBufferPointer { key.writeString($0) }
            return JSONSplice.addingMember(quotedKey: key.bytes, value: value, after: lookup, in: parent)
        case UInt8(ascii: "["):
            let position: Int?
            if token == [UInt8(ascii: "-")] {
                position = nil
            } else {
                guard let given = JSONValue.arrayIndex(token) else {
                    throw failure(.invalidArrayIndex, index, path, "'\(Self.name(token))' is not an array index")
                }
                position = given
            }
            let lookup = scanner.element(position ?? Int.max, in: parent)
            if let slot = lookup.slot { return JSONSplice.inserting(value, before: slot) }
            if let position, position != lookup.count {
                throw failure(.indexOutOfRange, index, path, "index \(position) is beyond the array's \(lookup.count) elements")
            }
            return JSONSplice.appendingElement(value, after: lookup, in: parent)
        default:
            throw failure(.pathNotFound, index, path, "the parent of '\(Self.name(token))' is not an object or array")
        }
    }

    /// Whether two valid JSON texts are equal as `test` compares them.
    static func equalAsData(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard let left = try? JSONParser.shared.parse(a), let right = try? JSONParser.shared.parse(b) else { return false }
        return left.root.isEqualAsData(to: right.root)
    }
}
