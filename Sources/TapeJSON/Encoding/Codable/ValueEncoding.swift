import Foundation

/// The metadata of the generic types `encodeSpecial` recognises, looked up once per `EncodingCore`
/// (comparing with `[Double].self` inline would look the metadata up on every call; global `let`s
/// cost a `swift_once` check each, three per value encoded through `encode<T>`).
struct SpecialTypes {
    let doubles = ObjectIdentifier([Double].self)
    let ints = ObjectIdentifier([Int].self)
    let strings = ObjectIdentifier([String].self)
}

/// A root value that stands for another one (`encode(_:configuration:)`): the error for a root that
/// encodes nothing names the value it stands for.
protocol StandInRoot {
    var standsFor: (value: Any, type: Any.Type) { get }
}

/// `[String: V]` dictionaries, whose keys no key strategy converts (as in Foundation).
private protocol StringKeyedDictionaryMarker {}
extension Dictionary: StringKeyedDictionaryMarker where Key == String, Value: Encodable {}

extension EncodingCore {
    // MARK: - Scalars

    @inline(__always)
    func writeBool(_ value: Bool) {
        if value { out.append("true") } else { out.append("false") }
    }

    @inline(__always)
    func writeString(_ value: String) {
        if keyConventions != nil {
            out.appendQuoted(literal(value), escapeSlashes: escapeSlashes)
            return
        }
        out.appendQuoted(value, escapeSlashes: escapeSlashes)
    }

    /// `uuid` as `UUID.encode(to:)` writes it, its `uuidString` (8-4-4-4-12 upper-case hex digits)
    /// quoted, without making the `String`: on Linux `uuidString` is made with the C `snprintf`, 8% of a
    /// CloudTrail-shaped record's generated encoding (perf).
    func writeUUID(_ uuid: UUID) {
        if keyConventions != nil { return writeString(uuid.uuidString) }
        let digits: StaticString = "0123456789ABCDEF"
        // 38 bytes: the quotes, 32 digits and 4 dashes.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { buffer in
            withUnsafeBytes(of: uuid.uuid) { bytes in
                var i = 0
                buffer[i] = UInt8(ascii: "\"")
                i += 1
                for k in 0..<16 {
                    if k == 4 || k == 6 || k == 8 || k == 10 {
                        buffer[i] = UInt8(ascii: "-")
                        i += 1
                    }
                    buffer[i] = digits.utf8Start[Int(bytes[k] >> 4)]
                    buffer[i + 1] = digits.utf8Start[Int(bytes[k] & 0xF)]
                    i += 2
                }
                buffer[i] = UInt8(ascii: "\"")
            }
            out.append(UnsafeBufferPointer(start: buffer.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self), count: 38))
        }
    }

    @inline(__always)
    func writeDouble(_ value: Double, path: @autoclosure () -> [any CodingKey]) throws {
        if value.isFinite { out.appendDouble(value) } else { try writeNonConforming(value, path: path()) }
    }

    @inline(__always)
    func writeFloat(_ value: Float, path: @autoclosure () -> [any CodingKey]) throws {
        if value.isFinite { out.appendFloat(value) } else { try writeNonConforming(value, path: path()) }
    }

    @inline(never)
    func writeNonConforming<F: BinaryFloatingPoint>(_ value: F, path: [any CodingKey],
                                                    strategy: TapeJSONEncoder.NonConformingFloatEncodingStrategy? = nil) throws {
        if case .convertToString(let positive, let negative, let nan) = strategy ?? configuration.nonConformingFloatEncodingStrategy {
            writeString(value.isNaN ? nan : (value > 0 ? positive : negative))
            return
        }
        throw EncodingError.invalidValue(value, .init(
            codingPath: path, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
    }

    // MARK: - Values

    /// Encodes a value as the member or element just begun: the types JSON writes specially inline,
    /// anything else through its `encode(to:)` in a new slot.
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T, parent: SlotEncoder, path: [any CodingKey],
                                   key: some CodingKey) throws {
        if try encodeSpecial(value, path: { var p = parent.codingPath; p.append(contentsOf: path); p.append(key); return p }) {
            return
        }
        let slot = beginSlot(parent: parent, path: path, key: key)
        if (keyMode != .plain || keyConventions != nil) && value is StringKeyedDictionaryMarker { slot.rawKeys = true }
        try value.encode(to: slot)
        finishSlot(slot)
    }

    /// `value` encoded with the slot's own encoder (a single-value container's `encode(_:)`).
    func encodeInPlace<T: Encodable>(_ value: T, slot: SlotEncoder) throws {
        let start = out.count
        if try encodeSpecial(value, path: { slot.codingPath }) {
            if out.count > start, case .none = slot.content { slot.content = .value }
            return
        }
        if (keyMode != .plain || keyConventions != nil) && value is StringKeyedDictionaryMarker { slot.rawKeys = true }
        try value.encode(to: slot)
        guard !halted else { return }
        guard slot.active, settle(to: slot.depth) else { stopForFallback(); return }
        // Close what the value opened; its containers are done.
        while let last = frames.last, last.slotDepth >= slot.depth { closeFrame() }
        if case .none = slot.content { writeEmptyObject() }
        slot.content = .value
    }

    /// The root value of a call.
    func encodeTop<T: Encodable>(_ value: T) throws {
        let root = beginSlot(parent: nil, path: [], key: nil)
        if try encodeSpecial(value, path: { [] }) {
            root.content = .value
        } else {
            if (keyMode != .plain || keyConventions != nil) && value is StringKeyedDictionaryMarker { root.rawKeys = true }
            try value.encode(to: root)
        }
        guard !halted else { return }
        if case .none = root.content {
            let (shown, type) = (value as? any StandInRoot)?.standsFor ?? (value, T.self)
            throw EncodingError.invalidValue(shown, .init(
                codingPath: [], debugDescription: "Top-level \(type) did not encode any values."))
        }
        finishSlot(root)
    }

    /// Writes the types Foundation's encoder treats itself (Date, Data, URL, Decimal), `UUID` (as its
    /// `encode(to:)` does) and common scalars and arrays that reach a generic `encode`; false for
    /// anything else.
    @inline(__always)
    func encodeSpecial<T: Encodable>(_ value: T, path: () -> [any CodingKey]) throws -> Bool {
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            out.appendSigned(Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Double.self {
            try writeDouble(unsafeBitCast(value, to: Double.self), path: path())
        } else if T.self == Bool.self {
            writeBool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Date.self {
            try writeDate(value as! Date, path: path)
        } else if T.self == Data.self {
            try writeData(value as! Data, path: path)
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if T.self == UUID.self {
            writeUUID(value as! UUID)
        } else if T.self == Decimal.self {
            try writeDecimal(value as! Decimal, path: path())
        } else if T.self == VerbatimNumber.self {
            out.append(Array((value as! VerbatimNumber).text.utf8))
        } else if ObjectIdentifier(T.self) == specialTypes.doubles {
            try writeArray(value as! [Double], depth: frames.count, path: path)
        } else if ObjectIdentifier(T.self) == specialTypes.ints {
            writeArray(value as! [Int], depth: frames.count)
        } else if ObjectIdentifier(T.self) == specialTypes.strings {
            writeArray(value as! [String], depth: frames.count)
        } else {
            return false
        }
        return true
    }

    // MARK: - Arrays of scalars

    /// Writes `array` element by element, with no container per element: the arrays of scalars both
    /// the Codable path (`encodeSpecial`) and the generated path (`Array`'s conformance) write
    /// directly, and `Data` under `.deferredToData`. `depth` is the number of containers open around it (Foundation's depth limit, the
    /// pretty layout's indent); past the limit, nothing is written and the encoding stops with
    /// Foundation's error.
    @inline(__always)
    private func writeElements<C: Collection>(_ array: C, depth: Int, _ write: (C.Element, Int) throws -> Void) rethrows {
        if depth >= Self.maximumDepth - 1 {
            stop(with: EncodingError.invalidValue(
                Optional<Int>.none as Any,
                .init(codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON.")))
            return
        }
        out.append(UInt8(ascii: "["))
        for (i, element) in array.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { out.newlineAndIndent(depth &+ 1) }
            try write(element, i)
        }
        if pretty {
            if array.isEmpty { out.append(0x0A) }
            out.newlineAndIndent(depth)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `[Double]` (a non-finite element by the encoder's strategy, its error at `path` + the index).
    func writeArray(_ array: [Double], depth: Int, path: () -> [any CodingKey]) throws {
        try writeElements(array, depth: depth) { value, i in
            if value.isFinite { out.appendDouble(value) } else { try writeNonConforming(value, path: path() + [ElementCodingKey(index: i)]) }
        }
    }

    /// `[Float]`, as `[Double]`.
    func writeArray(_ array: [Float], depth: Int, path: () -> [any CodingKey]) throws {
        try writeElements(array, depth: depth) { value, i in
            if value.isFinite { out.appendFloat(value) } else { try writeNonConforming(value, path: path() + [ElementCodingKey(index: i)]) }
        }
    }

    func writeArray(_ array: [Int], depth: Int) {
        writeElements(array, depth: depth) { value, _ in out.appendSigned(Int64(value)) }
    }

    func writeArray(_ array: [Int64], depth: Int) {
        writeElements(array, depth: depth) { value, _ in out.appendSigned(value) }
    }

    func writeArray(_ array: [String], depth: Int) {
        writeElements(array, depth: depth) { value, _ in writeString(value) }
    }

    // MARK: - Foundation types

    private func writeDecimal(_ value: Decimal, path: [any CodingKey]) throws {
        guard !value.isNaN else {
            // Foundation writes `NaN`, which is not JSON.
            throw EncodingError.invalidValue(value, .init(
                codingPath: path, debugDescription: "Unable to encode Decimal.nan directly in JSON."))
        }
        if keyConventions != nil {
            // The first pass of a key-options call: the decimal goes through a parsed document, which
            // holds a number as a Double, so its text rides in a marked string instead (every digit kept;
            // the layout writes it back as a number).
            out.append(UInt8(ascii: "\""))
            out.append(Array(KeyConventions.numberMarker.utf8))
            out.appendDecimal(value)
            out.append(UInt8(ascii: "\""))
            return
        }
        out.appendDecimal(value)
    }

    private func writeDate(_ date: Date, path: () -> [any CodingKey]) throws {
        switch configuration.dateEncodingStrategy {
        case .deferredToDate:
            try writeDouble(date.timeIntervalSinceReferenceDate, path: path())
        case .secondsSince1970:
            let value = date.timeIntervalSince1970
            if value.isFinite { out.appendDouble(value) } else { try writeNonConforming(value, path: path(), strategy: .throw) }
        case .millisecondsSince1970:
            let value = 1000.0 * date.timeIntervalSince1970
            if value.isFinite { out.appendDouble(value) } else { try writeNonConforming(value, path: path(), strategy: .throw) }
        case .iso8601:
            if !ISO8601Text.write(date, into: &out) { writeString(date.formatted(.iso8601)) }
        case .formatted(let formatter):
            writeString(formatter.string(from: date))
        case .custom(let closure):
            try encodeWithClosure(path: path) { try closure(date, $0) }
        }
    }

    private func writeData(_ data: Data, path: () -> [any CodingKey]) throws {
        switch configuration.dataEncodingStrategy {
        case .base64:
            data.withUnsafeBytes { out.appendQuotedBase64($0, escapeSlashes: escapeSlashes) }
        case .deferredToData:
            writeElements(data, depth: frames.count) { byte, _ in out.appendUnsigned(UInt64(byte)) }
        case .custom(let closure):
            try encodeWithClosure(path: path) { try closure(data, $0) }
        }
    }

    /// A custom strategy's closure, given an encoder at the value's place; `{}` when it encodes nothing.
    private func encodeWithClosure(path: () -> [any CodingKey], _ body: (SlotEncoder) throws -> Void) throws {
        let codingPath = path()
        let slot = beginSlot(parent: nil, path: Array(codingPath.dropLast()), key: codingPath.last)
        try body(slot)
        finishSlot(slot)
    }

    /// An encoder that writes nothing, for containers used after writing stopped.
    func deadEncoder() -> SlotEncoder { SlotEncoder(core: self) }
}

/// `yyyy-MM-dd'T'HH:mm:ssZ` in UTC, whole seconds (rounded down), as Foundation's `.iso8601`.
enum ISO8601Text {
    /// Writes the quoted text for years 1 through 9999; false for dates outside them.
    static func write(_ date: Date, into out: inout JSONByteOutput) -> Bool {
        let interval = date.timeIntervalSince1970
        // From 1583 on: before the Gregorian reform Foundation's calendar is Julian.
        guard interval >= -12_212_553_600, interval < 253_402_300_800 else { return false }
        let seconds = Int64(interval.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        // Civil date from days since 1970-01-01 (proleptic Gregorian).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        out.withUnsafeMutableWritableBytes(minimumWritableBytes: 22) { buffer in
            let p = buffer.baseAddress.unsafelyUnwrapped
            func put(_ value: Int64, _ at: Int, _ digits: Int) {
                var v = value
                for k in stride(from: digits - 1, through: 0, by: -1) {
                    p[at + k] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                    v /= 10
                }
            }
            p[0] = 0x22
            put(year, 1, 4); p[5] = 0x2D
            put(month, 6, 2); p[8] = 0x2D
            put(day, 9, 2); p[11] = UInt8(ascii: "T")
            put(rest / 3600, 12, 2); p[14] = 0x3A
            put(rest / 60 % 60, 15, 2); p[17] = 0x3A
            put(rest % 60, 18, 2); p[20] = UInt8(ascii: "Z")
            p[21] = 0x22
            return 22
        }
        return true
    }
}
