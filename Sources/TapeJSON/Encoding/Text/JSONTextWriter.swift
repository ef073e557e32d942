/// Writes JSON text into a byte buffer: strings escaped per RFC 8259, numbers in a form that parses
/// back to the same value. Used to re-serialize events and cursors (`tapejson paths`, `events`).
public struct JSONTextWriter: Sendable {
    /// The UTF-8 written so far.
    public var bytes: [UInt8] = []

    /// A writer with nothing written.
    public init() {}

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is, unescaped: the caller makes it valid JSON.
    public mutating func writeRaw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `text` as it is, unescaped: the caller makes it valid JSON.
    public mutating func writeRaw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A quoted, escaped string from UTF-8 bytes.
    public mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
            runStart = i + 1
            switch byte {
            case UInt8(ascii: "\""): writeRaw("\\\"")
            case UInt8(ascii: "\\"): writeRaw("\\\\")
            case 0x0A: writeRaw("\\n")
            case 0x0D: writeRaw("\\r")
            case 0x09: writeRaw("\\t")
            case 0x08: writeRaw("\\b")
            case 0x0C: writeRaw("\\f")
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                writeRaw("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// A quoted, escaped string from an event's string view.
    public mutating func writeString(_ string: borrowing JSONString) {
        string.utf8.withUnsafeBufferPointer { writeString($0) }
    }

    /// A quoted, escaped string.
    public mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { writeString($0) }
    }

    /// Writes a number's text as it is (a `JSONEvent.bigNumber`).
    public mutating func writeNumber(_ text: borrowing JSONString) {
        text.utf8.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// A signed integer's decimal text.
    public mutating func writeInt(_ value: Int64) { writeRaw(String(value)) }
    /// An unsigned integer's decimal text.
    public mutating func writeUInt(_ value: UInt64) { writeRaw(String(value)) }

    /// The shortest text that parses back to `value` (Swift's round-trip formatting). JSON has no
    /// infinities or NaN; they are written as `null`.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else { writeRaw("null"); return }
        writeRaw(value.description)
    }

    /// Writes one event, adding the `,` and `:` separators the stream implies.
    public mutating func write(_ event: JSONEvent, separators state: inout SeparatorState) {
        switch event {
        case .endObject, .endArray:
            break
        default:
            if state.needsComma { bytes.append(UInt8(ascii: ",")) }
        }
        switch event {
        case .startObject: writeRaw("{"); state.needsComma = false
        case .startArray: writeRaw("["); state.needsComma = false
        case .endObject: writeRaw("}"); state.needsComma = true
        case .endArray: writeRaw("]"); state.needsComma = true
        case .key(let key):
            writeString(key)
            writeRaw(":")
            state.needsComma = false
        case .string(let s): writeString(s); state.needsComma = true
        case .int(let n): writeInt(n); state.needsComma = true
        case .uint(let n): writeUInt(n); state.needsComma = true
        case .double(let d): writeDouble(d); state.needsComma = true
        case .bool(let b): writeRaw(b ? "true" : "false"); state.needsComma = true
        case .null: writeRaw("null"); state.needsComma = true
        case .bigNumber(let text): writeNumber(text); state.needsComma = true
        }
    }

    /// Where a writer of events is between values.
    public struct SeparatorState: Sendable {
        var needsComma = false
        /// The state before the first value: no comma due.
        public init() {}
    }

    /// Writes a whole value (compact) by walking its events.
    public mutating func write(_ value: JSONValue) {
        var reader = value.events
        var state = SeparatorState()
        while let event = reader.next() { write(event, separators: &state) }
    }
}

extension JSONValue {
    /// The value as compact JSON text.
    public var jsonText: String {
        var writer = JSONTextWriter()
        writer.write(self)
        return writer.text
    }
}
