import Foundation
import TapeJSON

/// The least any `Decoder` can cost: a decoder that replays, call by call, the answers a value's
/// `init(from:)` got from a real decoder, and parses nothing. `record` decodes a document once with
/// Foundation's `JSONDecoder` through a recording decoder that forwards every call and keeps every
/// answer the model received (each `Bool` of `contains`, `decodeNil` and `isAtEnd`, each scalar, each
/// string's UTF-8, each count); `replay` then answers the same calls in the same order by taking the
/// next answer, with no parsing, no key lookup, no coding path and no error context.
///
/// What is left is what every decoder must still do for `Decodable`: the synthesized `init(from:)`
/// methods, the standard library's box around each keyed container (one allocation per container,
/// which every decoder pays through `KeyedDecodingContainer.init`) and the dynamic dispatch of each
/// `decode(_:forKey:)` through that box, a new `String` made from its bytes for every string, and every
/// array and dictionary built. The shortcuts `TapeJSONDecoder` takes are taken here too, so that none
/// of its tricks can beat the floor: the standard scalars reaching a generic `decode` are read without
/// their `init(from:)`, arrays are counted and built in place without `Array.init(from:)` (arrays of
/// scalars by code specialised for the scalar), `[String: Value]` without `Dictionary.init(from:)`,
/// strings are made without validating their UTF-8 again, and each keyed container is made by a maker
/// that knows its container type (here chosen at recording time, not looked up). A real decoder must
/// also parse the document and find each key, so its speed against `JSONDecoder` cannot exceed this
/// row's ratio; the bench prints it beside `decode <Model>` as the ceiling.
///
/// The replay trusts its recording: each answer is checked to be of the kind the call expects (a call
/// whose recorded call threw, or that meets another kind of answer, throws), and `record` replays
/// every document once and checks it decodes to the value `JSONDecoder` gave, every answer used.
public final class DecodableCallsFloor: Decoder {
    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Every answer, in the order the calls asked for them.
    private let answers: UnsafeMutableBufferPointer<FloorAnswer>
    /// The UTF-8 of every recorded string, one after another.
    private let utf8: UnsafeMutableBufferPointer<UInt8>
    /// Where each recorded document's answers start, and (last) where they end.
    private let starts: [Int]
    /// The keyed container makers and shortcuts the answers point to.
    private let retained: [AnyObject]
    /// The next answer, kept in memory allocated once: reading and advancing it takes none of the
    /// exclusivity checks a stored property would.
    private let next: UnsafeMutablePointer<UnsafeMutablePointer<FloorAnswer>>
    /// What a call throws when its recorded call threw (or it meets an answer of another kind).
    fileprivate let failure: any Error = FloorMismatch()

    fileprivate init(recorder: FloorRecorder, starts: [Int]) {
        answers = .allocate(capacity: recorder.answers.count)
        _ = answers.initialize(fromContentsOf: recorder.answers)
        utf8 = .allocate(capacity: max(recorder.utf8.count, 1))
        _ = utf8.initialize(fromContentsOf: recorder.utf8)
        self.starts = starts
        retained = Array(recorder.objects.values)
        next = .allocate(capacity: 1)
        next.initialize(to: answers.baseAddress!)
    }

    deinit {
        answers.deallocate()
        utf8.deallocate()
        next.deallocate()
    }

    /// Decodes each of `documents` as `T` with Foundation's `JSONDecoder` (under `keyDecodingStrategy`),
    /// recording the answers to every call, then replays each document once and checks that it gives
    /// the value `JSONDecoder` gave and uses exactly its answers.
    public static func record<T: Decodable & Equatable>(_ type: T.Type, documents: [Data],
                                                 keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys) throws -> DecodableCallsFloor {
        let recorder = FloorRecorder()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keyDecodingStrategy
        decoder.userInfo[FloorRecorder.key] = recorder
        var starts: [Int] = []
        var values: [T] = []
        for document in documents {
            starts.append(recorder.answers.count)
            do {
                values.append(try decoder.decode(Recorded<T>.self, from: document).value)
            } catch let failure as RecordedFailure {
                throw failure.underlying
            }
        }
        starts.append(recorder.answers.count)
        let floor = DecodableCallsFloor(recorder: recorder, starts: starts)
        for (k, expected) in values.enumerated() {
            guard try floor.replay(T.self, document: k) == expected, floor.next.pointee == floor.answers.baseAddress! + starts[k + 1] else {
                throw JSONInputError(path: String(describing: T.self), reason: "replaying document \(k) does not give what JSONDecoder decoded")
            }
        }
        return floor
    }

    /// Replays the decoding of recorded document `document` as `T` (the type it was recorded as).
    public func replay<T: Decodable>(_ type: T.Type, document: Int = 0) throws -> T {
        next.pointee = answers.baseAddress! + starts[document]
        return try value(T.self)
    }

    // MARK: - Answers

    /// The next answer (a failure past the end).
    @inline(__always)
    fileprivate func pop() -> FloorAnswer {
        let answer = next.pointee
        guard answer < answers.baseAddress! + answers.count else { return .thrown }
        next.pointee = answer + 1
        return answer.pointee
    }

    /// The next answer, left in place.
    @inline(__always)
    fileprivate func peek() -> FloorAnswer {
        let answer = next.pointee
        return answer < answers.baseAddress! + answers.count ? answer.pointee : .thrown
    }

    @inline(__always)
    fileprivate func skip() { next.pointee += 1 }

    /// A `Bool` answer to a call that cannot throw (`false` when the answer is of another kind).
    @inline(__always)
    fileprivate func flag() -> Bool {
        if case .bool(let value) = pop() { return value }
        return false
    }

    @inline(__always)
    fileprivate func count() throws -> Int {
        guard case .count(let count) = pop() else { throw failure }
        return count
    }

    /// A new string from the recorded UTF-8 (valid: Foundation decoded it), not validated again.
    @inline(__always)
    fileprivate func string(start: UInt32, count: UInt32) -> String {
        let bytes = UnsafeBufferPointer(start: utf8.baseAddress! + Int(start), count: Int(count))
        return String(copying: UTF8Span(unchecked: Span(_unsafeElements: bytes), isKnownASCII: false))
    }

    @inline(__always)
    fileprivate func scalar<S: FloorScalar>(_ type: S.Type) throws -> S {
        try S.read(pop(), from: self)
    }

    /// A scalar of a `decodeIfPresent`: nil for a recorded absence (a missing key or `null`).
    @inline(__always)
    fileprivate func scalarIfPresent<S: FloorScalar>(_ type: S.Type) throws -> S? {
        let answer = pop()
        if case .absent = answer { return nil }
        return try S.read(answer, from: self)
    }

    /// An array of scalars: its count, then its elements, read by code specialised for the scalar.
    @inline(__always)
    fileprivate func scalarArray<S: FloorScalar>() throws -> [S] {
        let count = try count()
        var result: [S] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try scalar(S.self)) }
        return result
    }

    /// A value reaching a generic `decode`: a standard scalar is read directly (its type checked against
    /// the answer's kind), an array or a `[String: Value]` by its shortcut, anything else through its
    /// `init(from:)`, given this decoder.
    fileprivate func value<T: Decodable>(_ type: T.Type) throws -> T {
        switch peek() {
        case .shortcut(let shortcut):
            skip()
            // Recorded for this very type: the shortcut is a `FloorShortcut<T>`.
            return try Unmanaged<FloorShortcut<T>>.fromOpaque(shortcut).takeUnretainedValue().decode(self)
        case .string where T.self == String.self: return unsafeBitCast(try scalar(String.self), to: T.self)
        case .double where T.self == Double.self: return unsafeBitCast(try scalar(Double.self), to: T.self)
        case .bool where T.self == Bool.self: return unsafeBitCast(try scalar(Bool.self), to: T.self)
        case .float where T.self == Float.self: return unsafeBitCast(try scalar(Float.self), to: T.self)
        case .int where T.self == Int.self: return unsafeBitCast(try scalar(Int.self), to: T.self)
        case .int where T.self == Int64.self: return unsafeBitCast(try scalar(Int64.self), to: T.self)
        case .int where T.self == Int32.self: return unsafeBitCast(try scalar(Int32.self), to: T.self)
        case .int where T.self == Int16.self: return unsafeBitCast(try scalar(Int16.self), to: T.self)
        case .int where T.self == Int8.self: return unsafeBitCast(try scalar(Int8.self), to: T.self)
        case .int where T.self == Int128.self: return unsafeBitCast(try scalar(Int128.self), to: T.self)
        case .uint where T.self == UInt.self: return unsafeBitCast(try scalar(UInt.self), to: T.self)
        case .uint where T.self == UInt64.self: return unsafeBitCast(try scalar(UInt64.self), to: T.self)
        case .uint where T.self == UInt32.self: return unsafeBitCast(try scalar(UInt32.self), to: T.self)
        case .uint where T.self == UInt16.self: return unsafeBitCast(try scalar(UInt16.self), to: T.self)
        case .uint where T.self == UInt8.self: return unsafeBitCast(try scalar(UInt8.self), to: T.self)
        case .uint where T.self == UInt128.self: return unsafeBitCast(try scalar(UInt128.self), to: T.self)
        default: return try T(from: self)
        }
    }

    /// A value of a generic `decodeIfPresent`: nil for a recorded absence.
    @inline(__always)
    fileprivate func valueIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if case .absent = peek() {
            skip()
            return nil
        }
        return try value(T.self)
    }

    fileprivate func keys<Key: CodingKey>() -> [Key] {
        guard let count = try? count() else { return [] }
        var keys: [Key] = []
        keys.reserveCapacity(count)
        for _ in 0..<count {
            if let name = try? scalar(String.self), let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    // MARK: - Decoder

    public func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .keyed(let maker) = pop() else { throw failure }
        // Recorded for this very key type: the maker is a `FloorKeyedMaker<Key>`.
        return Unmanaged<FloorKeyedMaker<Key>>.fromOpaque(maker).takeUnretainedValue().make(self)
    }

    public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .unkeyed = pop() else { throw failure }
        return ReplayUnkeyed(floor: self)
    }

    public func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard case .single = pop() else { throw failure }
        return ReplaySingle(floor: self)
    }

    fileprivate func superDecoder() throws -> any Decoder {
        guard case .superDecoder = pop() else { throw failure }
        return self
    }
}

/// One answer a recorded call gave to the model.
private enum FloorAnswer {
    case bool(Bool)
    /// Any signed integer (`Int128` as its high half, then its low half as `.uint`).
    case int(Int64)
    /// Any unsigned integer (`UInt128` as two, high half first).
    case uint(UInt64)
    case float(Float)
    case double(Double)
    /// A string: where its UTF-8 starts among the recorded bytes, and its length.
    case string(UInt32, UInt32)
    /// An unkeyed container's `count`, the number of `allKeys`, or the length of a shortcut's array or
    /// dictionary.
    case count(Int)
    /// Nothing: a `decodeIfPresent` of a missing key or of `null`, or a nil `count`.
    case absent
    /// A keyed container, made by this `FloorKeyedMaker` (unretained).
    case keyed(UnsafeRawPointer)
    case unkeyed
    case single
    case superDecoder
    /// A value decoded by this `FloorShortcut` (unretained), from the answers after this one.
    case shortcut(UnsafeRawPointer)
    /// The call threw.
    case thrown
}

/// What a replayed call throws when its recorded call threw.
private struct FloorMismatch: Error {}

// MARK: - Scalars

/// A type with its own `decode` requirement in every container: how its answers are recorded and read.
private protocol FloorScalar: Decodable {
    func record(in recorder: FloorRecorder)
    /// The value `answer` stands for (for a 128-bit integer, with the answer after it).
    static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> Self
}

extension FloorScalar {
    /// Decodes a value from `container` (Foundation's) and records it.
    fileprivate static func recordDecoding(from container: any SingleValueDecodingContainer,
                                           in recorder: FloorRecorder) throws -> Self {
        try recorder.scalar { try container.decode(Self.self) }
    }
}

extension Bool: FloorScalar {
    fileprivate func record(in recorder: FloorRecorder) { recorder.answers.append(.bool(self)) }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> Bool {
        guard case .bool(let value) = answer else { throw floor.failure }
        return value
    }
}

extension String: FloorScalar {
    fileprivate func record(in recorder: FloorRecorder) { recorder.append(string: self) }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> String {
        guard case .string(let start, let count) = answer else { throw floor.failure }
        return floor.string(start: start, count: count)
    }
}

extension Double: FloorScalar {
    fileprivate func record(in recorder: FloorRecorder) { recorder.answers.append(.double(self)) }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> Double {
        guard case .double(let value) = answer else { throw floor.failure }
        return value
    }
}

extension Float: FloorScalar {
    fileprivate func record(in recorder: FloorRecorder) { recorder.answers.append(.float(self)) }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> Float {
        guard case .float(let value) = answer else { throw floor.failure }
        return value
    }
}

private protocol FloorSignedScalar: FloorScalar, FixedWidthInteger, SignedInteger {}

extension FloorSignedScalar {
    fileprivate func record(in recorder: FloorRecorder) { recorder.answers.append(.int(Int64(self))) }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> Self {
        guard case .int(let value) = answer else { throw floor.failure }
        return Self(truncatingIfNeeded: value)
    }
}

private protocol FloorUnsignedScalar: FloorScalar, FixedWidthInteger, UnsignedInteger {}

extension FloorUnsignedScalar {
    fileprivate func record(in recorder: FloorRecorder) { recorder.answers.append(.uint(UInt64(self))) }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> Self {
        guard case .uint(let value) = answer else { throw floor.failure }
        return Self(truncatingIfNeeded: value)
    }
}

extension Int: FloorSignedScalar {}
extension Int8: FloorSignedScalar {}
extension Int16: FloorSignedScalar {}
extension Int32: FloorSignedScalar {}
extension Int64: FloorSignedScalar {}
extension UInt: FloorUnsignedScalar {}
extension UInt8: FloorUnsignedScalar {}
extension UInt16: FloorUnsignedScalar {}
extension UInt32: FloorUnsignedScalar {}
extension UInt64: FloorUnsignedScalar {}

extension Int128: FloorScalar {
    fileprivate func record(in recorder: FloorRecorder) {
        recorder.answers.append(.int(Int64(truncatingIfNeeded: self >> 64)))
        recorder.answers.append(.uint(UInt64(truncatingIfNeeded: self)))
    }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> Int128 {
        guard case .int(let high) = answer, case .uint(let low) = floor.pop() else { throw floor.failure }
        return Int128(high) << 64 | Int128(low)
    }
}

extension UInt128: FloorScalar {
    fileprivate func record(in recorder: FloorRecorder) {
        recorder.answers.append(.uint(UInt64(truncatingIfNeeded: self >> 64)))
        recorder.answers.append(.uint(UInt64(truncatingIfNeeded: self)))
    }
    fileprivate static func read(_ answer: FloorAnswer, from floor: DecodableCallsFloor) throws -> UInt128 {
        guard case .uint(let high) = answer, case .uint(let low) = floor.pop() else { throw floor.failure }
        return UInt128(high) << 64 | UInt128(low)
    }
}

// MARK: - Shortcuts

/// How the replay reads a value it decodes without the value's `init(from:)` (an array, a dictionary
/// with `String` keys), as `TapeJSONDecoder` does. An answer `.shortcut` points to one, made for the
/// value's type when recording.
private class FloorShortcut<Value> {
    func decode(_ floor: DecodableCallsFloor) throws -> Value {
        preconditionFailure("FloorShortcut is abstract")
    }
}

/// An array of any element type: counted, then decoded in place (no `Array.init(from:)`, no unkeyed
/// container, one allocation).
private final class FloorArray<Element: Decodable>: FloorShortcut<[Element]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Element] {
        let count = try floor.count()
        if count == 0 { return [] }
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                (buffer.baseAddress.unsafelyUnwrapped + initialized).initialize(to: try floor.value(Element.self))
                initialized += 1
            }
        }
    }

    /// The shortcut for `[Element]`: specialised for an array of scalars.
    static func make() -> FloorShortcut<[Element]> {
        let shortcut: AnyObject = switch Element.self {
        case is String.Type: FloorStringArray()
        case is Double.Type: FloorDoubleArray()
        case is Bool.Type: FloorBoolArray()
        case is Float.Type: FloorFloatArray()
        case is Int.Type: FloorIntArray()
        case is Int8.Type: FloorInt8Array()
        case is Int16.Type: FloorInt16Array()
        case is Int32.Type: FloorInt32Array()
        case is Int64.Type: FloorInt64Array()
        case is UInt.Type: FloorUIntArray()
        case is UInt8.Type: FloorUInt8Array()
        case is UInt16.Type: FloorUInt16Array()
        case is UInt32.Type: FloorUInt32Array()
        case is UInt64.Type: FloorUInt64Array()
        default: FloorArray<Element>()
        }
        return shortcut as! FloorShortcut<[Element]>
    }
}

private final class FloorStringArray: FloorShortcut<[String]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [String] { try floor.scalarArray() }
}
private final class FloorDoubleArray: FloorShortcut<[Double]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Double] { try floor.scalarArray() }
}
private final class FloorBoolArray: FloorShortcut<[Bool]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Bool] { try floor.scalarArray() }
}
private final class FloorFloatArray: FloorShortcut<[Float]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Float] { try floor.scalarArray() }
}
private final class FloorIntArray: FloorShortcut<[Int]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Int] { try floor.scalarArray() }
}
private final class FloorInt8Array: FloorShortcut<[Int8]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Int8] { try floor.scalarArray() }
}
private final class FloorInt16Array: FloorShortcut<[Int16]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Int16] { try floor.scalarArray() }
}
private final class FloorInt32Array: FloorShortcut<[Int32]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Int32] { try floor.scalarArray() }
}
private final class FloorInt64Array: FloorShortcut<[Int64]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [Int64] { try floor.scalarArray() }
}
private final class FloorUIntArray: FloorShortcut<[UInt]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [UInt] { try floor.scalarArray() }
}
private final class FloorUInt8Array: FloorShortcut<[UInt8]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [UInt8] { try floor.scalarArray() }
}
private final class FloorUInt16Array: FloorShortcut<[UInt16]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [UInt16] { try floor.scalarArray() }
}
private final class FloorUInt32Array: FloorShortcut<[UInt32]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [UInt32] { try floor.scalarArray() }
}
private final class FloorUInt64Array: FloorShortcut<[UInt64]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [UInt64] { try floor.scalarArray() }
}

/// A dictionary with `String` keys: counted, then each key made and its value decoded (no
/// `Dictionary.init(from:)`, no keyed container, no `allKeys`).
private final class FloorStringDictionary<Value: Decodable>: FloorShortcut<[String: Value]> {
    override func decode(_ floor: DecodableCallsFloor) throws -> [String: Value] {
        let count = try floor.count()
        var result = [String: Value](minimumCapacity: count)
        for _ in 0..<count {
            let key = try floor.scalar(String.self)
            result[key] = try floor.value(Value.self)
        }
        return result
    }
}

// MARK: - Replay containers

/// Makes the replay's keyed containers for one key type. `container(keyedBy:)` runs unspecialised;
/// making `ReplayKeyed<Key>` there would ask the runtime for its metadata and its conformance on every
/// container, as `TapeJSONDecoder`'s `KeyedContainerMaker` avoids: the factory's metadata carries
/// both, and leaves only the box to look up.
private class FloorKeyedMaker<Key: CodingKey> {
    func make(_ floor: DecodableCallsFloor) -> KeyedDecodingContainer<Key> {
        preconditionFailure("FloorKeyedMaker is abstract")
    }
}

private final class FloorKeyedFactory<Key, Container: FloorMadeContainer>: FloorKeyedMaker<Key>
    where Container.Key == Key {
    override func make(_ floor: DecodableCallsFloor) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container(floor: floor))
    }
}

/// The floor as the replay containers hold it: unretained (it outlives every replay) and borrowed for
/// each call, with no retain and release around it (`unowned(unsafe)` still made them).
private struct BorrowedFloor {
    let unmanaged: Unmanaged<DecodableCallsFloor>

    init(_ floor: DecodableCallsFloor) { unmanaged = .passUnretained(floor) }

    /// Runs `call` on the floor.
    @inline(__always)
    func callAsFunction<R>(_ call: (DecodableCallsFloor) throws -> R) rethrows -> R {
        try unmanaged._withUnsafeGuaranteedRef(call)
    }
}

private protocol FloorMadeContainer: KeyedDecodingContainerProtocol {
    init(floor: DecodableCallsFloor)
}

/// A keyed container answering from the floor: the key is never looked at.
private struct ReplayKeyed<Key: CodingKey>: FloorMadeContainer {
    let floor: BorrowedFloor

    init(floor: DecodableCallsFloor) { self.floor = BorrowedFloor(floor) }

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { floor { $0.keys() } }

    func contains(_ key: Key) -> Bool { floor { $0.flag() } }
    func decodeNil(forKey key: Key) throws -> Bool { try floor { try $0.scalar(Bool.self) } }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try floor { try $0.scalar(type) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try floor { try $0.scalar(type) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try floor { try $0.scalar(type) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try floor { try $0.scalar(type) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try floor { try $0.scalar(type) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try floor { try $0.scalar(type) } }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try floor { try $0.value(type) } }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try floor { try $0.scalarIfPresent(type) } }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try floor { try $0.valueIfPresent(type) } }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try floor { try $0.container(keyedBy: type) }
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try floor { try $0.unkeyedContainer() } }
    func superDecoder() throws -> any Decoder { try floor { try $0.superDecoder() } }
    func superDecoder(forKey key: Key) throws -> any Decoder { try floor { try $0.superDecoder() } }
}

/// An unkeyed container answering from the floor; it counts its own index.
private struct ReplayUnkeyed: UnkeyedDecodingContainer {
    let floor: BorrowedFloor

    private(set) var currentIndex = 0

    init(floor: DecodableCallsFloor) { self.floor = BorrowedFloor(floor) }

    var codingPath: [any CodingKey] { [] }
    var count: Int? {
        if case .count(let count) = floor({ $0.pop() }) { return count }
        return nil
    }
    var isAtEnd: Bool { floor { $0.flag() } }

    /// `value`, counting it.
    @inline(__always)
    private mutating func counted<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        let isNull = try floor { try $0.scalar(Bool.self) }
        if isNull { currentIndex += 1 }
        return isNull
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: String.Type) throws -> String { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Double.Type) throws -> Double { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Float.Type) throws -> Float { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Int.Type) throws -> Int { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { counted(try floor { try $0.scalar(type) }) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { counted(try floor { try $0.value(type) }) }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { counted(try floor { try $0.scalarIfPresent(type) }) }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { counted(try floor { try $0.valueIfPresent(type) }) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        counted(try floor { try $0.container(keyedBy: type) })
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { counted(try floor { try $0.unkeyedContainer() }) }
    mutating func superDecoder() throws -> any Decoder { counted(try floor { try $0.superDecoder() }) }
}

/// A single-value container answering from the floor.
private struct ReplaySingle: SingleValueDecodingContainer {
    let floor: BorrowedFloor

    init(floor: DecodableCallsFloor) { self.floor = BorrowedFloor(floor) }

    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { floor { $0.flag() } }
    func decode(_ type: Bool.Type) throws -> Bool { try floor { try $0.scalar(type) } }
    func decode(_ type: String.Type) throws -> String { try floor { try $0.scalar(type) } }
    func decode(_ type: Double.Type) throws -> Double { try floor { try $0.scalar(type) } }
    func decode(_ type: Float.Type) throws -> Float { try floor { try $0.scalar(type) } }
    func decode(_ type: Int.Type) throws -> Int { try floor { try $0.scalar(type) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try floor { try $0.scalar(type) } }
    func decode(_ type: Int128.Type) throws -> Int128 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt.Type) throws -> UInt { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try floor { try $0.scalar(type) } }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try floor { try $0.scalar(type) } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try floor { try $0.value(type) } }
}

// MARK: - Recording

/// The answers of a recording, and the makers and shortcuts they point to. Reached from Foundation's
/// nested decoders through `userInfo`.
private final class FloorRecorder: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "DecodableCallsFloor.recorder")!

    var answers: [FloorAnswer] = []
    var utf8: [UInt8] = []
    /// The keyed container maker of each key type and the shortcut of each array and dictionary type.
    var objects: [ObjectIdentifier: AnyObject] = [:]

    func append(string: String) {
        precondition(utf8.count + string.utf8.count <= Int(UInt32.max), "recorded strings past 4 GiB")
        answers.append(.string(UInt32(utf8.count), UInt32(string.utf8.count)))
        utf8.append(contentsOf: string.utf8)
    }

    /// `flag`, recorded.
    func flag(_ flag: Bool) -> Bool {
        answers.append(.bool(flag))
        return flag
    }

    /// The object kept for `type`, made by `make` the first time, as an answer's unretained pointer.
    func object(for type: Any.Type, make: () -> AnyObject) -> UnsafeRawPointer {
        let id = ObjectIdentifier(type)
        let object = objects[id] ?? make()
        objects[id] = object
        return UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
    }

    /// Runs a forwarded call. An error it throws that no call has recorded yet is recorded as
    /// `.thrown` (where the call's answer would be) and passed on as a `RecordedFailure`, so that the
    /// containers it unwinds through record it no more.
    func forward<R>(_ call: () throws -> R) throws -> R {
        do {
            return try call()
        } catch let failure as RecordedFailure {
            throw failure
        } catch {
            answers.append(.thrown)
            throw RecordedFailure(underlying: error)
        }
    }

    func scalar<S: FloorScalar>(_ call: () throws -> S) throws -> S {
        let value = try forward(call)
        value.record(in: self)
        return value
    }

    func scalarIfPresent<S: FloorScalar>(_ call: () throws -> S?) throws -> S? {
        guard let value = try forward(call) else {
            answers.append(.absent)
            return nil
        }
        value.record(in: self)
        return value
    }

    /// Decodes a value of `T` from `decoder` (Foundation's, for the value) as the replay will read it:
    /// a standard scalar as its answer alone, an array or a `[String: Value]` by its shortcut, anything
    /// else through its `init(from:)` and the recording decoder.
    func value<T: Decodable>(_ type: T.Type, from decoder: any Decoder) throws -> T {
        if let scalar = T.self as? any FloorScalar.Type {
            let container = try forward { try decoder.singleValueContainer() }
            return try scalar.recordDecoding(from: container, in: self) as! T
        }
        if let shortcut = T.self as? any FloorRecordedShortcut.Type {
            return try shortcut.record(from: decoder, in: self) as! T
        }
        return try T(from: RecordingDecoder(inner: decoder, recorder: self))
    }
}

/// An error already recorded as `.thrown`, on its way up.
private struct RecordedFailure: Error {
    let underlying: any Error
}

/// A value decoded by Foundation through the recorder: how the recording reaches a nested value's own
/// decoder from a generic `decode`.
private struct Recorded<T: Decodable>: Decodable {
    let value: T

    init(from decoder: any Decoder) throws {
        value = try (decoder.userInfo[FloorRecorder.key] as! FloorRecorder).value(T.self, from: decoder)
    }
}

/// A type the replay decodes by a `FloorShortcut`: how its answers are recorded.
private protocol FloorRecordedShortcut {
    static func record(from decoder: any Decoder, in recorder: FloorRecorder) throws -> Self
}

extension Array: FloorRecordedShortcut where Element: Decodable {
    fileprivate static func record(from decoder: any Decoder, in recorder: FloorRecorder) throws -> [Element] {
        recorder.answers.append(.shortcut(recorder.object(for: [Element].self) { FloorArray<Element>.make() }))
        var container = try recorder.forward { try decoder.unkeyedContainer() }
        recorder.answers.append(.count(container.count ?? 0))
        var result: [Element] = []
        while !container.isAtEnd {
            result.append(try recorder.forward { try container.decode(Recorded<Element>.self) }.value)
        }
        return result
    }
}

extension Dictionary: FloorRecordedShortcut where Key == String, Value: Decodable {
    fileprivate static func record(from decoder: any Decoder, in recorder: FloorRecorder) throws -> [String: Value] {
        recorder.answers.append(.shortcut(recorder.object(for: [String: Value].self) { FloorStringDictionary<Value>() }))
        let container = try recorder.forward { try decoder.container(keyedBy: FloorKey.self) }
        let keys = container.allKeys
        recorder.answers.append(.count(keys.count))
        var result: [String: Value] = [:]
        for key in keys {
            recorder.append(string: key.stringValue)
            result[key.stringValue] = try recorder.forward { try container.decode(Recorded<Value>.self, forKey: key) }.value
        }
        return result
    }
}

/// Any key: a `[String: Value]`'s keys while recording.
private struct FloorKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

/// A decoder that forwards every call to Foundation's and records the answers.
private struct RecordingDecoder: Decoder {
    let inner: any Decoder
    let recorder: FloorRecorder

    var codingPath: [any CodingKey] { inner.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { inner.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try recorder.keyedContainer { try inner.container(keyedBy: type) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try recorder.unkeyedContainer { try inner.unkeyedContainer() }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        let container = try recorder.forward { try inner.singleValueContainer() }
        recorder.answers.append(.single)
        return RecordingSingle(inner: container, recorder: recorder)
    }
}

extension FloorRecorder {
    /// `decoder` (Foundation's super decoder), recorded and wrapped.
    fileprivate func superDecoder(_ call: () throws -> any Decoder) throws -> any Decoder {
        let decoder = try forward(call)
        answers.append(.superDecoder)
        return RecordingDecoder(inner: decoder, recorder: self)
    }

    /// A keyed container made by `call` (Foundation's), recorded and wrapped.
    fileprivate func keyedContainer<Key: CodingKey>(_ call: () throws -> KeyedDecodingContainer<Key>) throws -> KeyedDecodingContainer<Key> {
        let container = try forward(call)
        answers.append(.keyed(object(for: Key.self) { FloorKeyedFactory<Key, ReplayKeyed<Key>>() }))
        return KeyedDecodingContainer(RecordingKeyed(inner: container, recorder: self))
    }

    /// An unkeyed container made by `call` (Foundation's), recorded and wrapped.
    fileprivate func unkeyedContainer(_ call: () throws -> any UnkeyedDecodingContainer) throws -> any UnkeyedDecodingContainer {
        let container = try forward(call)
        answers.append(.unkeyed)
        return RecordingUnkeyed(inner: container, recorder: self)
    }
}

private struct RecordingKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let inner: KeyedDecodingContainer<Key>
    let recorder: FloorRecorder

    var codingPath: [any CodingKey] { inner.codingPath }
    var allKeys: [Key] {
        let keys = inner.allKeys
        recorder.answers.append(.count(keys.count))
        for key in keys { recorder.append(string: key.stringValue) }
        return keys
    }

    func contains(_ key: Key) -> Bool { recorder.flag(inner.contains(key)) }
    func decodeNil(forKey key: Key) throws -> Bool { try recorder.scalar { try inner.decodeNil(forKey: key) } }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try recorder.scalar { try inner.decode(type, forKey: key) } }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try recorder.forward { try inner.decode(Recorded<T>.self, forKey: key) }.value
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type, forKey: key) } }
    /// Absent (a missing key or `null`, as `decodeIfPresent` has it) or the value: the replay reads
    /// one answer `.absent`, or the value's answers alone.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard try recorder.forward({ try inner.contains(key) && !inner.decodeNil(forKey: key) }) else {
            recorder.answers.append(.absent)
            return nil
        }
        return try decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try recorder.keyedContainer { try inner.nestedContainer(keyedBy: type, forKey: key) }
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try recorder.unkeyedContainer { try inner.nestedUnkeyedContainer(forKey: key) }
    }
    func superDecoder() throws -> any Decoder { try recorder.superDecoder { try inner.superDecoder() } }
    func superDecoder(forKey key: Key) throws -> any Decoder { try recorder.superDecoder { try inner.superDecoder(forKey: key) } }
}

private struct RecordingUnkeyed: UnkeyedDecodingContainer {
    var inner: any UnkeyedDecodingContainer
    let recorder: FloorRecorder

    var codingPath: [any CodingKey] { inner.codingPath }
    var count: Int? {
        let count = inner.count
        recorder.answers.append(count.map(FloorAnswer.count) ?? .absent)
        return count
    }
    var isAtEnd: Bool { recorder.flag(inner.isAtEnd) }
    var currentIndex: Int { inner.currentIndex }

    mutating func decodeNil() throws -> Bool { try recorder.scalar { try inner.decodeNil() } }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try recorder.scalar { try inner.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try recorder.forward { try inner.decode(Recorded<T>.self) }.value
    }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { try recorder.scalarIfPresent { try inner.decodeIfPresent(type) } }
    /// `null` (as `decodeIfPresent` has it) or the value: the replay reads one answer `.absent`, or
    /// the value's answers alone.
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if try recorder.forward({ try inner.decodeNil() }) {
            recorder.answers.append(.absent)
            return nil
        }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try recorder.keyedContainer { try inner.nestedContainer(keyedBy: type) }
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try recorder.unkeyedContainer { try inner.nestedUnkeyedContainer() }
    }
    mutating func superDecoder() throws -> any Decoder { try recorder.superDecoder { try inner.superDecoder() } }
}

private struct RecordingSingle: SingleValueDecodingContainer {
    let inner: any SingleValueDecodingContainer
    let recorder: FloorRecorder

    var codingPath: [any CodingKey] { inner.codingPath }

    func decodeNil() -> Bool { recorder.flag(inner.decodeNil()) }
    func decode(_ type: Bool.Type) throws -> Bool { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: String.Type) throws -> String { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Double.Type) throws -> Double { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Float.Type) throws -> Float { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Int.Type) throws -> Int { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: Int128.Type) throws -> Int128 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: UInt.Type) throws -> UInt { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try recorder.scalar { try inner.decode(type) } }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try recorder.scalar { try inner.decode(type) } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try recorder.forward { try inner.decode(Recorded<T>.self) }.value
    }
}
