import Foundation

extension TapeJSONSerialization {
    /// The JSON text of a Foundation object graph: `JSONSerialization.data(withJSONObject:options:)`,
    /// byte for byte, written straight into one buffer.
    ///
    /// Objects are `[String: Any]` or `NSDictionary` with string keys, arrays are `[Any]` or `NSArray`;
    /// leaves are `String`, `NSNumber` (Booleans as `true`/`false`), Swift integers, `Float`, `Double`,
    /// `Bool`, `Decimal`, `NSDecimalNumber`, `NSNull` and nil. Numbers are written as Foundation writes
    /// them (`1` for 1.0, `1e-07`, a `Float` with its own shortest digits), strings with Foundation's
    /// escapes (`\/` unless `.withoutEscapingSlashes`). `.sortedKeys` orders keys as Foundation does
    /// (numeric, case-insensitive comparison, then forced ordering), and `.prettyPrinted` is
    /// Foundation's layout (two spaces, `" : "`).
    ///
    /// - Parameters:
    ///   - object: an array or a dictionary; with `.fragmentsAllowed`, any value above.
    ///   - options: `.prettyPrinted`, `.sortedKeys`, `.withoutEscapingSlashes`, `.fragmentsAllowed`.
    /// - Throws: an `NSError` in `NSCocoaErrorDomain` with code 3840, as Foundation's, for a value that
    ///   cannot be written (a non-string key, a non-finite number, an unsupported type); its
    ///   `NSDebugDescriptionErrorKey` names the value and where it is. Where Foundation stops the
    ///   process (a scalar at the top without `.fragmentsAllowed`), this throws the same error kind.
    public static func data(withJSONObject object: Any,
                            options: JSONSerialization.WritingOptions = []) throws -> Data {
        var writer = ObjectGraphWriter(options: options)
        try writer.writeTop(object)
        return writer.out.withUnsafeReadableBytes { Data($0) }
    }

    /// Appends the JSON text of `object` to `buffer` (see ``data(withJSONObject:options:)``); on error
    /// `buffer` is left as it was.
    public static func write(jsonObject object: Any, options: JSONSerialization.WritingOptions = [],
                             into buffer: inout [UInt8]) throws {
        var writer = ObjectGraphWriter(options: options)
        try writer.writeTop(object)
        writer.out.withUnsafeReadableBytes { buffer.append(contentsOf: $0) }
    }

    /// Writes the JSON text of `object` to an open `OutputStream`, as
    /// `JSONSerialization.writeJSONObject(_:toStream:options:)` does (swift-corelibs-foundation; Apple's
    /// Foundation spells it `writeJSONObject(_:to:options:error:)`), and returns the number of bytes
    /// written. The text is made whole first (nothing reaches the stream when the object is invalid),
    /// then written, in as many writes as the stream takes.
    ///
    /// - Throws: what ``data(withJSONObject:options:)`` throws; when the stream refuses bytes, its
    ///   `streamError`, or a ``JSONOutputError`` when it reports none (a stream that is not open, or full),
    ///   where Foundation returns the count the stream took, or 0.
    @discardableResult
    public static func writeJSONObject(_ object: Any, toStream stream: OutputStream,
                                       options: JSONSerialization.WritingOptions = []) throws -> Int {
        var writer = ObjectGraphWriter(options: options)
        try writer.writeTop(object)
        return try writer.out.withUnsafeReadableBytes { bytes throws(any Error) -> Int in
            let total = bytes.count
            var written = 0
            while written < total {
                let n = stream.write(bytes.baseAddress! + written, maxLength: total - written)
                guard n > 0 else {
                    // `streamError` is read only in the error state: swift-corelibs-foundation traps when
                    // it is read from a stream that has none (one not open, or a full buffer).
                    if stream.streamStatus == .error, let error = stream.streamError { throw error }
                    throw JSONOutputError(destination: "output stream",
                                          reason: "the stream took \(written) of \(total) bytes (status \(stream.streamStatus.rawValue))")
                }
                written += n
            }
            return written
        }
    }

    /// Whether ``data(withJSONObject:options:)`` can write `object` without `.fragmentsAllowed`: the
    /// rules of `JSONSerialization.isValidJSONObject(_:)` (an array or a string-keyed dictionary at the
    /// top, nested fewer than 512 levels, finite numbers, and only the supported types).
    public static func isValidJSONObject(_ object: Any) -> Bool {
        guard object is [Any?] || object is [String: Any?] || object is NSArray || object is NSDictionary else {
            return false
        }
        return ObjectGraphWriter.isValid(object, depth: 0)
    }
}

/// Writes an object graph as `JSONSerialization` does (see `data(withJSONObject:options:)`).
struct ObjectGraphWriter: ~Copyable {
    var out = JSONByteOutput(capacity: 1 << 14)
    let pretty: Bool
    let sorted: Bool
    let escapeSlashes: Bool
    let fragmentsAllowed: Bool
    /// A step from a container to one of its values, for an error's location.
    enum PathStep {
        case index(Int)
        case key(String)

        var text: String {
            switch self {
            case .index(let i): "[\(i)]"
            case .key(let key): "[\"\(key)\"]"
            }
        }
    }
    var depth = 0
    let types = GraphTypes()

    init(options: JSONSerialization.WritingOptions) {
        pretty = options.contains(.prettyPrinted)
        sorted = options.contains(.sortedKeys)
        escapeSlashes = !options.contains(.withoutEscapingSlashes)
        fragmentsAllowed = options.contains(.fragmentsAllowed)
    }

    mutating func writeTop(_ object: Any) throws {
        let isContainer = object is [Any] || object is [AnyHashable: Any] || object is NSArray || object is NSDictionary
        guard isContainer || fragmentsAllowed else {
            throw Self.error("the top-level object is \(Self.describe(object)), not an array or a dictionary, and the option to allow fragments is not set")
        }
        do {
            try write(object)
        } catch let pending as UnplacedError {
            let steps = pending.steps.reversed()
            throw pending.make(steps.isEmpty ? "at the top level" : "at \(steps.map(\.text).joined())")
        }
    }

    /// An invalid value found while writing, thrown before its location is known: each container it
    /// unwinds through adds its step (so that writing a valid value keeps no path at all), and
    /// `writeTop` makes the error with the location.
    struct UnplacedError: Error {
        /// The error, given the location text ("at [\"a\"][2]", "at the top level").
        let make: @Sendable (String) -> NSError
        /// The steps from the invalid value up to the top, innermost first.
        var steps: [PathStep] = []
    }

    static func error(_ message: String) -> NSError {
        NSError(domain: NSCocoaErrorDomain, code: CocoaError.propertyListReadCorrupt.rawValue,
                userInfo: [NSDebugDescriptionErrorKey: "Invalid object cannot be serialized: \(message)"])
    }


    static func describe(_ value: Any) -> String {
        let text = String(describing: value)
        return "\(type(of: value)) (\(text.count > 40 ? text.prefix(40) + "…" : text))"
    }

    mutating func write(_ object: Any?) throws {
        guard let object else { out.append("null"); return }
        try write(object)
    }

    /// Writes one value. Opening the existential hands `writeOpened` the value in place with the type
    /// it was stored as, where JSONSerialization's own types are recognised by that type and read with
    /// no dynamic cast and no copy of the `Any`.
    @inline(__always)
    mutating func write(_ object: Any) throws {
        try writeOpened(object)
    }

    /// The types of JSONSerialization's graphs first, by their type (`T` here): each `as?`
    /// cast of an `Any` copies it and tries bridging conversions for every class instance, which
    /// costs microseconds a value. (citm_catalog, `data(withJSONObject:)`, release: copies of `Any`
    /// and `swift_dynamicCast` were 39% of the samples with the casts.)
    private mutating func writeOpened<T>(_ value: T) throws {
        let type = ObjectIdentifier(T.self)
        if type == types.string {
            out.appendQuoted(unsafeBitCast(value, to: String.self), escapeSlashes: escapeSlashes)
        } else if type == types.number {
            // `T` is the type the value had when it was put in the `Any`, which for a class instance
            // may be a superclass of its own: `JSONSerialization` on Linux boxes `NSDecimalNumber`s
            // (numbers a Double cannot hold) as `NSNumber`s.
            let number = unsafeDowncast(unsafeBitCast(value, to: AnyObject.self), to: NSNumber.self)
            let dynamicType = ObjectIdentifier(Swift.type(of: number))
            if dynamicType == types.number {
                try writeNumber(number)
            } else if dynamicType == types.boolean {
                if number.boolValue { out.append("true") } else { out.append("false") }
            } else {
                try writeOther(value)
            }
        } else if type == types.dictionary {
            try writeObject(unsafeBitCast(value, to: [String: Any].self))
        } else if type == types.array {
            try writeArray(unsafeBitCast(value, to: [Any].self))
        } else if type == types.boolean {
            if unsafeDowncast(unsafeBitCast(value, to: AnyObject.self), to: NSNumber.self).boolValue { out.append("true") } else { out.append("false") }
        } else if type == types.null {
            out.append("null")
        } else {
            try writeOther(value)
        }
    }

    /// Every other value: the types JSONSerialization accepts beyond the ones it makes itself.
    private mutating func writeOther(_ object: Any) throws {
        let type = ObjectIdentifier(Swift.type(of: object))
        if type == types.decimalNumber {
            let decimal = object as! NSDecimalNumber
            try writeDecimal(decimal.decimalValue, decimal)
            return
        } else if Swift.type(of: object) is AnyClass {
            let instance = object as AnyObject
            if let number = instance as? NSNumber {
                if let decimal = number as? NSDecimalNumber {
                    try writeDecimal(decimal.decimalValue, decimal)
                } else {
                    try writeNumber(number)
                }
                return
            }
            if instance is NSNull {
                out.append("null")
                return
            }
        }
        switch object {
        case let string as String:
            out.appendQuoted(string, escapeSlashes: escapeSlashes)
        case let dictionary as [String: Any]:
            try writeObject(dictionary)
        case let array as [Any]:
            try writeArray(array)
        case let decimal as NSDecimalNumber:
            try writeDecimal(decimal.decimalValue, decimal)
        case let number as NSNumber:
            try writeNumber(number)
        case is NSNull:
            out.append("null")
        case let value as Int: out.appendSigned(Int64(value))
        case let value as Double: try writeFloatingPoint(value)
        case let value as Bool: if value { out.append("true") } else { out.append("false") }
        case let value as Float: try writeFloatingPoint(value)
        case let value as Int64: out.appendSigned(value)
        case let value as UInt64: out.appendUnsigned(value)
        case let value as Int32: out.appendSigned(Int64(value))
        case let value as UInt32: out.appendUnsigned(UInt64(value))
        case let value as Int16: out.appendSigned(Int64(value))
        case let value as UInt16: out.appendUnsigned(UInt64(value))
        case let value as Int8: out.appendSigned(Int64(value))
        case let value as UInt8: out.appendUnsigned(UInt64(value))
        case let value as UInt: out.appendUnsigned(UInt64(value))
        case let value as Decimal: try writeDecimal(value, value)
        case let dictionary as [AnyHashable: Any]:
            try writeObject(dictionary)
        case let dictionary as NSDictionary:
            try writeObject(dictionary as! [AnyHashable: Any])
        case let array as NSArray:
            try writeArray(array as! [Any])
        case let optional as any OptionalValue:
            try write(optional.wrappedAny)
        default:
            let description = Self.describe(object)
            throw UnplacedError { Self.error("\(description) \($0) is not a JSON type") }
        }
    }

    private mutating func writeDecimal(_ value: Decimal, _ original: Any) throws {
        guard value.isFinite else {
            let description = Self.describe(original)
            throw UnplacedError { Self.error("\(description) \($0) is not a number JSON can hold") }
        }
        out.appendDecimal(value)
    }

    private mutating func writeFloatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            let text = "\(value)"
            throw UnplacedError { location in
                NSError(domain: NSCocoaErrorDomain, code: CocoaError.propertyListReadCorrupt.rawValue,
                        userInfo: [NSDebugDescriptionErrorKey: "Invalid number value (\(text)) in JSON write \(location)"])
            }
        }
        if let double = value as? Double {
            out.appendDouble(double)
        } else if let float = value as? Float {
            out.appendFloat(float)
        } else {
            out.appendDouble(Double(value))
        }
    }

    private mutating func writeNumber(_ number: NSNumber) throws {
        switch number.objCType.pointee {
        case 0x63:   // c: a Boolean, or an Int8 that is not 0 or 1
            let value = number.int8Value
            if value == 0 || value == 1, number is Bool {
                if value == 1 { out.append("true") } else { out.append("false") }
            } else {
                out.appendSigned(Int64(value))
            }
        case 0x64:   // d
            try writeFloatingPoint(number.doubleValue)
        case 0x66:   // f
            try writeFloatingPoint(number.floatValue)
        case 0x51, 0x4C, 0x49, 0x53, 0x43:   // Q L I S C: unsigned
            out.appendUnsigned(number.uint64Value)
        default:
            out.appendSigned(number.int64Value)
        }
    }

    private mutating func open(_ byte: UInt8) {
        out.append(byte)
        depth += 1
    }

    private mutating func separator(_ first: Bool) {
        if !first { out.append(UInt8(ascii: ",")) }
        if pretty { out.newlineAndIndent(depth) }
    }

    private mutating func close(_ byte: UInt8, empty: Bool) {
        depth -= 1
        if pretty {
            if empty { out.append(0x0A) }
            out.newlineAndIndent(depth)
        }
        out.append(byte)
    }

    private mutating func writeArray(_ array: [Any]) throws {
        open(UInt8(ascii: "["))
        for (i, element) in array.enumerated() {
            separator(i == 0)
            do {
                try write(element)
            } catch var pending as UnplacedError {
                pending.steps.append(.index(i))
                throw pending
            }
        }
        close(UInt8(ascii: "]"), empty: array.isEmpty)
    }

    private mutating func member(_ key: String, _ value: Any, first: Bool) throws {
        separator(first)
        out.appendQuoted(key, escapeSlashes: escapeSlashes)
        if pretty { out.append(" : ") } else { out.append(UInt8(ascii: ":")) }
        do {
            try write(value)
        } catch var pending as UnplacedError {
            pending.steps.append(.key(key))
            throw pending
        }
    }

    private mutating func writeObject(_ dictionary: [String: Any]) throws {
        open(UInt8(ascii: "{"))
        if sorted {
            for (i, key) in Self.sortedKeys(dictionary.keys).enumerated() {
                try member(key, dictionary[key]!, first: i == 0)
            }
        } else {
            var first = true
            for (key, value) in dictionary {
                try member(key, value, first: first)
                first = false
            }
        }
        close(UInt8(ascii: "}"), empty: dictionary.isEmpty)
    }

    private mutating func writeObject(_ dictionary: [AnyHashable: Any]) throws {
        var strings: [String: Any] = [:]
        strings.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
            guard let key = key.base as? String else {
                let description = Self.describe(key.base)
                throw UnplacedError { Self.error("the key \(description) \($0) is not a string (JSON object keys are strings)") }
            }
            strings[key] = value
        }
        try writeObject(strings)
    }

    /// Foundation's key order: numeric, case-insensitive comparison in the system locale, ties broken
    /// by forced ordering.
    static func sortedKeys(_ keys: Dictionary<String, Any>.Keys) -> [String] {
        let locale = NSLocale.system as Locale
        return keys.sorted { a, b in
            a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
                      locale: locale) == .orderedAscending
        }
    }

    static func isValid(_ object: Any?, depth: Int) -> Bool {
        guard depth < TapeJSONSerialization.maximumDepth else { return false }
        guard let object else { return true }
        switch object {
        case is String, is NSNull: return true
        case let decimal as NSDecimalNumber: return decimal.decimalValue.isFinite
        case let number as NSNumber:
            switch number.objCType.pointee {
            case 0x64, 0x66: return number.doubleValue.isFinite
            default: return true
            }
        case is Int, is Bool, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64:
            return true
        case let value as Double: return value.isFinite
        case let value as Float: return value.isFinite
        case let value as Decimal: return value.isFinite
        case let array as [Any?]: return array.allSatisfy { isValid($0, depth: depth + 1) }
        case let dictionary as [String: Any?]: return dictionary.values.allSatisfy { isValid($0, depth: depth + 1) }
        case let array as NSArray: return (array as! [Any]).allSatisfy { isValid($0, depth: depth + 1) }
        case let dictionary as NSDictionary:
            guard let strings = dictionary as? [String: Any] else { return false }
            return strings.values.allSatisfy { isValid($0, depth: depth + 1) }
        default: return false
        }
    }
}

/// The dynamic types of the containers, strings and numbers `JSONSerialization.jsonObject` returns,
/// looked up once per writer (a global `let` costs a `swift_once` check at each use, and `[String:
/// Any].self` written inline a metadata lookup at each value).
struct GraphTypes {
    let string = ObjectIdentifier(String.self)
    let dictionary = ObjectIdentifier([String: Any].self)
    let array = ObjectIdentifier([Any].self)
    /// The exact classes of its numbers (Booleans are a subclass of their own).
    let number = ObjectIdentifier(NSNumber.self)
    let decimalNumber = ObjectIdentifier(NSDecimalNumber.self)
    let boolean = ObjectIdentifier(Swift.type(of: NSNumber(value: true)))
    let null = ObjectIdentifier(NSNull.self)
}

/// An `Optional` inside an `Any` (nil is written `null`, a value as itself).
private protocol OptionalValue { var wrappedAny: Any? { get } }
extension Optional: OptionalValue {
    var wrappedAny: Any? { self.map { $0 as Any } }
}
