import Foundation

/// One step of the coding path below the generated path's root: a member's key or an element's
/// position (its `ElementCodingKey` made only when a path is read).
///
/// An array keeps one entry while it writes its elements and moves its position in place
/// (`TapeJSONArrayEncoder`): a store per element rather than an append and a removal of an enum
/// holding an existential (on canada.json's coordinate pairs, 16% of the generated encoding's
/// instructions went to those, callgrind).
struct GeneratedPathEntry {
    /// The member's key; nil for an element.
    var key: (any CodingKey)?
    /// The element's position, when `key` is nil.
    var index: Int

    static func key(_ key: any CodingKey) -> Self { Self(key: key, index: 0) }
    static func index(_ index: Int) -> Self { Self(key: nil, index: index) }

    var codingKey: any CodingKey { key ?? ElementCodingKey(index: index) }
}

/// How the core writes a value of a type with a generated path (``TapeJSONEncodable``).
///
/// The generated path writes straight into `out`: no slot, no frame, no member record. It runs only
/// where the bytes need none of them (compact, unsorted, keys as they are: `generatedPathAllowed`).
/// A value it does not write itself (a `Date`, any plain `Encodable`) goes through `encodeBridged`,
/// the same code the containers use, with the coding path the generated path kept. It is exact by
/// construction: the members in synthesized `encode(to:)`'s order, the same number and string
/// writers, the same errors at the same points (a non-finite float, the depth limit), and once writing
/// stops (`halted`) no further value is handed to `encode(to:)`, as the containers skip them; the
/// caller then throws the pending error or writes the value with Foundation's encoder, as after the
/// Codable path (`TapeJSONEncoder.encode(_:on:...)`). Nothing is encoded twice.
extension EncodingCore {
    /// Whether this call's settings let the generated path write.
    var generatedPathAllowed: Bool {
        !pretty && !sorted && keyMode == .plain && keyConventions == nil
    }

    /// `T`'s generated conformance, if it has one: the dynamic cast made once per run of calls on one
    /// type, then one comparison (callgrind, 12,000 encode calls of a plain Codable record: the cast on
    /// every call cost about 90 instructions each, 0.25% of the record's decode and encode).
    @inline(__always)
    func generatedType<T>(of type: T.Type) -> (any TapeJSONEncodable.Type)? {
        let id = ObjectIdentifier(type)
        if id == lastRootType { return lastRootGenerated }
        lastRootType = id
        lastRootGenerated = type as? any TapeJSONEncodable.Type
        return lastRootGenerated
    }

    /// Writes the root value through its generated path.
    func encodeRootGenerated<G: TapeJSONEncodable, T: Encodable>(_ generated: G.Type, _ value: T) throws {
        // Borrowed as `G`, not `unsafeBitCast` (a copy: UnsafeSameType says what it costs).
        try UnsafeSameType.withUnsafeBorrow(value, as: G.self) { value in
            try value.encode(tapeJSON: TapeJSONValueEncoder(core: self))
        }
    }

    /// The coding path of the current generated value, and `entry` below it.
    func generatedCodingPath(appending entry: GeneratedPathEntry?) -> [any CodingKey] {
        var path = generatedPath.map(\.codingKey)
        if let entry { path.append(entry.codingKey) }
        return path
    }

    @inline(__always)
    func openGenerated(_ bracket: UInt8) {
        // Foundation's writer stops at this depth: `openFrame`'s error.
        if generatedOpen >= Self.maximumDepth - 1 && !halted {
            stop(with: EncodingError.invalidValue(
                Optional<Int>.none as Any,
                .init(codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON.")))
        }
        generatedOpen &+= 1
        out.append(bracket)
    }

    @inline(__always)
    func closeGenerated(_ bracket: UInt8) {
        generatedOpen &-= 1
        out.append(bracket)
    }

    /// The open array's element is now the one at `index` (its entry, the path's last, moved in place).
    @inline(__always)
    func moveGeneratedElement(to index: Int) {
        generatedPath[generatedPath.count &- 1].index = index
    }

    /// Takes the member a container's inlinable `encode` put on the coding path off it again.
    @usableFromInline
    func _endGeneratedMember() {
        generatedPath.removeLast()
    }

    /// A value with a generated path, below `entry`.
    @inline(__always)
    func encodeGenerated<T: TapeJSONEncodable>(_ value: T, entry: GeneratedPathEntry) throws {
        generatedPath.append(entry)
        try value.encode(tapeJSON: TapeJSONValueEncoder(core: self))
        generatedPath.removeLast()
    }

    /// A member's or element's value (or the whole value when `entry` is nil): the common scalars
    /// written here, a type with a generated path through it, anything else through `encode(to:)`.
    func encodeGeneratedValue<T: Encodable>(_ value: T, entry: GeneratedPathEntry?) throws {
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            out.appendSigned(Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Double.self {
            let number = unsafeBitCast(value, to: Double.self)
            if number.isFinite { out.appendDouble(number) } else { try writeNonConforming(number, path: generatedCodingPath(appending: entry)) }
        } else if T.self == Bool.self {
            writeBool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Int64.self {
            out.appendSigned(unsafeBitCast(value, to: Int64.self))
        } else if T.self == Float.self {
            let number = unsafeBitCast(value, to: Float.self)
            if number.isFinite { out.appendFloat(number) } else { try writeNonConforming(number, path: generatedCodingPath(appending: entry)) }
        } else if let generated = T.self as? any TapeJSONEncodable.Type {
            try encodeOpened(generated, value, entry: entry)
        } else {
            try encodeBridged(value, entry: entry)
        }
    }

    private func encodeOpened<G: TapeJSONEncodable, T>(_ generated: G.Type, _ value: T, entry: GeneratedPathEntry?) throws {
        try UnsafeSameType.withUnsafeBorrow(value, as: G.self) { value in
            if let entry {
                try encodeGenerated(value, entry: entry)
            } else {
                try value.encode(tapeJSON: TapeJSONValueEncoder(core: self))
            }
        }
    }

    /// A value with no generated path, through the code the containers use (`encodeSpecial`, then
    /// `encode(to:)` in a slot), at the generated path's place: the coding path is the generated
    /// path's, and the open generated containers count towards the depth limit.
    func encodeBridged<T: Encodable>(_ value: T, entry: GeneratedPathEntry?) throws {
        // Once writing stopped, containers hand no more values to `encode(to:)`.
        if halted { return }
        // Stand-ins for the generated path's open containers (never closed by a slot: see `finishSlot`).
        for _ in 0..<generatedOpen {
            frames.append(Frame(id: 0, isObject: false, count: 1, memberBase: members.count, slotDepth: -1))
        }
        defer { frames.removeAll(keepingCapacity: true) }
        if try encodeSpecial(value, path: { generatedCodingPath(appending: entry) }) { return }
        let path = generatedCodingPath(appending: entry)
        let slot = beginSlot(parent: nil, path: Array(path.dropLast()), key: path.last)
        try value.encode(to: slot)
        finishSlot(slot)
    }
}
