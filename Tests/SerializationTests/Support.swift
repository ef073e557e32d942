import Foundation
import TapeJSON
import Testing

/// The benchmark corpus checked in at the package root (`Corpus/`).
enum Corpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // SerializationTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()   // package root
        .appendingPathComponent("Corpus")

    /// Every `.json` file of the corpus, sorted.
    static let jsonFiles: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }
}

/// The first way `ours` differs from `reference` (Foundation's graph), or nil when they are the same
/// graph: same container and leaf classes, same keys, strings equal, and numbers of the same class and
/// `objCType` holding the same value (doubles bit for bit, so `-0.0` differs from `0`; decimals by their
/// `Decimal` bytes, so a decimal built differently from `Decimal(string:)` is caught).
///
/// The path to a difference is built only once one is found (on the way back up): building it at every
/// node made the corpus comparisons most of the Serialization tests' time under AddressSanitizer.
func difference(_ ours: Any, _ reference: Any) -> String? {
    guard let (path, message) = firstDifference(ours, reference) else { return nil }
    return "$\(path): \(message)"
}

private func firstDifference(_ ours: Any, _ reference: Any) -> (path: String, message: String)? {
    guard ObjectIdentifier(type(of: ours)) == ObjectIdentifier(type(of: reference)) else {
        return ("", "\(type(of: ours)) vs \(type(of: reference))")
    }
    if let y = reference as? NSNumber, let x = ours as? NSNumber {
        return numberDifference(x, y).map { ("", $0) }
    }
    if reference is NSNull { return nil }
    if let y = reference as? String, let x = ours as? String {
        return x == y ? nil : ("", "\(x.debugDescription) vs \(y.debugDescription)")
    }
    if let y = reference as? [String: Any], let x = ours as? [String: Any] {
        guard x.count == y.count, y.keys.allSatisfy({ x[$0] != nil }) else {
            return ("", "keys \(x.keys.sorted()) vs \(y.keys.sorted())")
        }
        for (key, value) in y {
            if let found = firstDifference(x[key]!, value) { return (".\(key)" + found.path, found.message) }
        }
        return nil
    }
    if let y = reference as? [Any], let x = ours as? [Any] {
        guard x.count == y.count else { return ("", "\(x.count) elements vs \(y.count)") }
        for i in y.indices {
            if let found = firstDifference(x[i], y[i]) { return ("[\(i)]" + found.path, found.message) }
        }
        return nil
    }
    return ("", "cannot compare \(type(of: ours))")
}

/// The `objCType`s of integers.
private let integerTypes: Set<String> = ["c", "s", "i", "l", "q", "C", "S", "I", "L", "Q"]

private func numberDifference(_ x: NSNumber, _ y: NSNumber) -> String? {
    let xType = String(cString: x.objCType), yType = String(cString: y.objCType)
    // CoreFoundation shares one NSNumber per small integer (-1 through 12) in the whole process, made by
    // whoever asked first: `NSNumber(value: Int32(1))` anywhere in the test process earlier makes every
    // later 1, Foundation's and ours, an `i`; and the two can differ when that first creation races with
    // another thread's. For those values only the value is compared.
    if integerTypes.contains(xType), integerTypes.contains(yType), (-1...12).contains(y.int64Value) {
        return x.int64Value == y.int64Value ? nil : "\(x) vs \(y)"
    }
    guard xType == yType else { return "objCType \(xType) vs \(yType) (\(x) vs \(y))" }
    if let yd = y as? NSDecimalNumber, let xd = x as? NSDecimalNumber {
        let xb = withUnsafeBytes(of: xd.decimalValue) { Array($0) }
        let yb = withUnsafeBytes(of: yd.decimalValue) { Array($0) }
        return xb == yb ? nil : "decimal \(xd) \(xb) vs \(yd) \(yb)"
    }
    if yType == "d" || yType == "f" {
        return x.doubleValue.bitPattern == y.doubleValue.bitPattern ? nil : "\(x) vs \(y)"
    }
    if yType == "Q" {
        return x.uint64Value == y.uint64Value ? nil : "\(x) vs \(y)"
    }
    return x.int64Value == y.int64Value ? nil : "\(x) vs \(y)"
}

/// Parses `data` with both implementations and expects the same graph.
func expectSameGraph(_ data: Data, options: JSONSerialization.ReadingOptions = [],
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
    let reference = try JSONSerialization.jsonObject(with: data, options: options)
    let ours = try TapeJSONSerialization.jsonObject(with: data, options: options)
    let found = difference(ours, reference)
    #expect(found == nil, "\(found ?? "")", sourceLocation: sourceLocation)
    let fromBytes = try TapeJSONSerialization.jsonObject(with: Array(data), options: options)
    let foundBytes = difference(fromBytes, reference)
    #expect(foundBytes == nil, "[UInt8]: \(foundBytes ?? "")", sourceLocation: sourceLocation)
}

func expectSameGraph(_ text: String, options: JSONSerialization.ReadingOptions = [],
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
    try expectSameGraph(Data(text.utf8), options: options, sourceLocation: sourceLocation)
}

/// The error `TapeJSONSerialization` throws for `text`, or nil when it parses.
func serializationError(_ text: String, options: JSONSerialization.ReadingOptions = []) -> NSError? {
    serializationError(Data(text.utf8), options: options)
}

func serializationError(_ data: Data, options: JSONSerialization.ReadingOptions = []) -> NSError? {
    do {
        _ = try TapeJSONSerialization.jsonObject(with: data, options: options)
        return nil
    } catch {
        return error as NSError
    }
}
