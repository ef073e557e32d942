import Foundation
import TapeJSON
import Testing

/// The JSONTestSuite files of the TapeTests target (shared fixtures).
private enum SuiteFiles {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TapeTests/Fixtures/JSONTestSuite/test_parsing")

    static func names(_ prefix: String) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }
}

private let allOptions: [JSONSerialization.WritingOptions] = [
    [], [.sortedKeys], [.prettyPrinted], [.prettyPrinted, .sortedKeys], [.withoutEscapingSlashes],
    [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
]

/// Every option, each also with `.fragmentsAllowed` (which changes nothing for a container at the top).
private let allOptionsAndFragments: [JSONSerialization.WritingOptions] = allOptions + allOptions.map { $0.union(.fragmentsAllowed) }

/// Both writers' bytes for `object`, or both errors' codes. True when both wrote (and were compared).
@discardableResult
private func expectSameData(_ object: Any, _ options: JSONSerialization.WritingOptions,
                            sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let reference = Result { try JSONSerialization.data(withJSONObject: object, options: options) }
    let ours = Result { try TapeJSONSerialization.data(withJSONObject: object, options: options) }
    switch (reference, ours) {
    case (.success(let a), .success(let b)):
        let sorted = options.contains(.sortedKeys)
        if sorted || !String(decoding: a, as: UTF8.self).contains("{") {
            #expect(String(decoding: b, as: UTF8.self) == String(decoding: a, as: UTF8.self),
                    "options \(options.rawValue)", sourceLocation: sourceLocation)
        } else {
            // Unsorted: dictionary order, the same in both for the same dictionary instance.
            let x = try? JSONSerialization.jsonObject(with: a, options: .fragmentsAllowed)
            let y = try? JSONSerialization.jsonObject(with: b, options: .fragmentsAllowed)
            #expect(x != nil && y != nil, sourceLocation: sourceLocation)
            #expect(NSArray(array: [x as Any]) == NSArray(array: [y as Any]), sourceLocation: sourceLocation)
        }
        return true
    case (.failure(let a), .failure(let b)):
        #expect((a as NSError).code == (b as NSError).code, sourceLocation: sourceLocation)
        #expect((a as NSError).domain == (b as NSError).domain, sourceLocation: sourceLocation)
    default:
        Issue.record("JSONSerialization: \(reference), TapeJSONSerialization: \(ours)", sourceLocation: sourceLocation)
    }
    return false
}

@Suite struct SerializationWritingTests {
    /// Every file of the corpus, whole, as read by JSONSerialization and as read by
    /// TapeJSONSerialization (its own graph: the bridged types it stores). The files under 300 KB (and
    /// the NDJSON file's first 200 lines, line by line) are written with every option, each also with
    /// `.fragmentsAllowed`; the larger ones with sorted keys alone and with every option at once, which
    /// compares every byte and still covers each option (the full product on the large files took
    /// minutes, most of it under AddressSanitizer, for nothing the small files do not show). The two
    /// files over 2 MB (canada, marine_ik: mostly numbers, which Foundation writes at under 1 MB/s
    /// whatever the options) get one write of each graph.
    @Test(arguments: CorpusFiles.names)
    func corpus(_ file: String) throws {
        let data = try CorpusFiles.data(file)
        var compared = 0
        if file.hasSuffix(".ndjson") {
            let lines = data.split(separator: UInt8(ascii: "\n"))
            #expect(lines.count > 100)
            for line in lines.prefix(200) {
                for object in [try JSONSerialization.jsonObject(with: Data(line)), try TapeJSONSerialization.jsonObject(with: Data(line))] {
                    for options in allOptionsAndFragments where expectSameData(object, options) { compared += 1 }
                }
            }
            #expect(compared == min(lines.count, 200) * 2 * allOptionsAndFragments.count)
            return
        }
        let everything: JSONSerialization.WritingOptions = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes, .fragmentsAllowed]
        let theirs: [JSONSerialization.WritingOptions]
        let ours: [JSONSerialization.WritingOptions]
        switch data.count {
        case ..<300_000: (theirs, ours) = (allOptionsAndFragments, allOptionsAndFragments)
        case ..<2_000_000: (theirs, ours) = ([[.sortedKeys], everything], [[.sortedKeys], everything])
        default: (theirs, ours) = ([[.sortedKeys]], [everything])
        }
        let graphs = [(try JSONSerialization.jsonObject(with: data), theirs), (try TapeJSONSerialization.jsonObject(with: data), ours)]
        for (object, optionSets) in graphs {
            for options in optionSets where expectSameData(object, options) { compared += 1 }
        }
        #expect(compared == theirs.count + ours.count)
    }

    @Test func corpusIsFound() {
        #expect(CorpusFiles.names.count >= 12)
        for name in ["twitter.json", "citm_catalog.json", "canada.json", "amazon_cellphones.ndjson"] {
            #expect(CorpusFiles.names.contains(name))
        }
    }

    /// Every `y_` file of JSONTestSuite (all 95 are read by JSONSerialization with `.fragmentsAllowed`),
    /// as read by both readers, with every option: each one compared.
    @Test func jsonTestSuiteFiles() throws {
        let names = SuiteFiles.names("y_")
        #expect(names.count == 95)
        var compared = 0
        for name in names {
            let data = try Data(contentsOf: SuiteFiles.directory.appendingPathComponent(name))
            let objects = [try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
                           try TapeJSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)]
            var written = 0
            for object in objects {
                for options in allOptions where expectSameData(object, options.union(.fragmentsAllowed)) { written += 1 }
            }
            #expect(written == objects.count * allOptions.count, "\(name)")
            compared += 1
        }
        #expect(compared == 95)
    }

    @Test func valuesOfEveryType() {
        let values: [Any] = [
            1, -1, Int.min, UInt64.max, Int8(-3), UInt8(200), Int16(7), UInt16(9), Int32.min, UInt32.max, UInt(4),
            1.5, 0.1, 1e-7, 1e21, -0.0, 1.0, 100.0, Double.greatestFiniteMagnitude, Double("5e-324")!, Float(0.1), Float(1e-7),
            Float(3.4028235e38), true, false, NSNull(), "a/b\u{1}\u{1f}\u{7f}é\u{2028}\"\\\n\t\r\u{8}\u{c}",
            NSNumber(value: 0.1), NSNumber(value: Float(1.1)), NSNumber(value: true), NSNumber(value: false),
            NSNumber(value: Int64.min), NSNumber(value: UInt64.max), NSNumber(value: Int8(-3)), NSNumber(value: Int8(1)),
            NSNumber(value: UInt8(200)), NSNumber(value: 100.0), NSNumber(value: 1e21), NSNumber(value: -0.0),
            NSDecimalNumber(string: "12345678901234567890.5"), NSDecimalNumber(string: "1e-10"), Decimal(string: "3.25")!,
            NSString(string: "ns/string"), [1, "x"] as NSArray, ["k": "v"] as NSDictionary,
            [String: Any](), [Any](), ["nested": [["deeper": [1, 2]]]],
        ]
        for options in allOptions {
            expectSameData(values, options)
            for value in values {
                expectSameData([value], options)
                expectSameData(["key": value], options)
                expectSameData(value, options.union(.fragmentsAllowed))
            }
        }
    }

    @Test func keyOrderIsFoundations() {
        let keys = ["10", "9", "a", "A", "_", "ä", "Z", "b2", "b10", "B1", "", "aa", "aA", "Aa", "é", "e", "f", "€", "1", "01"]
        var dictionary: [String: Any] = [:]
        for (i, key) in keys.enumerated() { dictionary[key] = i }
        expectSameData(dictionary, [.sortedKeys])
        expectSameData(dictionary, [.sortedKeys, .prettyPrinted])
    }

    @Test func invalidObjectsThrowClearErrors() throws {
        for bad: Any in [[Double.nan], ["a": Double.infinity], [Float.nan], [Date()], ["k": [1: 2]], [NSNumber(value: Double.nan)],
                         [URL(string: "http://x")!]] {
            #expect(!TapeJSONSerialization.isValidJSONObject(bad))
            #expect(TapeJSONSerialization.isValidJSONObject(bad) == JSONSerialization.isValidJSONObject(bad))
            do {
                _ = try TapeJSONSerialization.data(withJSONObject: bad)
                Issue.record("expected an error for \(bad)")
            } catch let error as NSError {
                #expect(error.domain == NSCocoaErrorDomain && error.code == 3840)
            }
        }
        do {
            _ = try TapeJSONSerialization.data(withJSONObject: ["list": [1, Date(timeIntervalSince1970: 0)]])
            Issue.record("expected an error for a Date in a list")
        } catch let error as NSError {
            let message = error.userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            #expect(message.contains(#"at ["list"][1]"#), "\(message)")
            #expect(error.domain == NSCocoaErrorDomain && error.code == 3840)
        }
        // Every kind of invalid value, at the top, in an array and under a key: the location is the path
        // to it (built only when the error is thrown).
        let located: [(Any, String)] = [
            (Double.nan, "Invalid number value (nan) in JSON write at the top level"),
            ([["a": [1, Double.infinity]]], #"Invalid number value (inf) in JSON write at [0]["a"][1]"#),
            (["k": [[1: 2] as [AnyHashable: Any]]], #"the key Int (1) at ["k"][0] is not a string"#),
            ([1, [Decimal.nan]], "at [1][0] is not a number JSON can hold"),
            (["x": ["y": URL(string: "http://x")!]], #"at ["x"]["y"] is not a JSON type"#),
        ]
        for (object, expected) in located {
            do {
                _ = try TapeJSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed)
                Issue.record("expected an error for \(object)")
            } catch let error as NSError {
                let message = error.userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
                #expect(message.contains(expected), "\(message)")
                #expect(error.domain == NSCocoaErrorDomain && error.code == 3840)
            }
        }
        // A scalar at the top without .fragmentsAllowed: Foundation stops the process; TapeJSON throws.
        #expect(throws: NSError.self) { try TapeJSONSerialization.data(withJSONObject: "fragment") }
        #expect(throws: NSError.self) { try TapeJSONSerialization.data(withJSONObject: [1: "non-string key"]) }
        #expect(throws: NSError.self) { try TapeJSONSerialization.data(withJSONObject: [Decimal.nan]) }
    }

    @Test func validity() {
        let valid: [Any] = [[1], ["a": [1, "x", NSNull()]], [Int?.none as Any], NSArray(array: [1])]
        let invalid: [Any] = ["x", 1, [1: 1], [Double.nan], NSNull()]
        for object in valid {
            #expect(TapeJSONSerialization.isValidJSONObject(object))
            #expect(JSONSerialization.isValidJSONObject(object))
        }
        for object in invalid {
            #expect(!TapeJSONSerialization.isValidJSONObject(object))
            #expect(!JSONSerialization.isValidJSONObject(object))
        }
        var deep: Any = [1]
        for _ in 0..<600 { deep = [deep] }
        #expect(TapeJSONSerialization.isValidJSONObject(deep) == JSONSerialization.isValidJSONObject(deep))
    }

    @Test func appendingToABuffer() throws {
        var buffer = Array("x".utf8)
        try TapeJSONSerialization.write(jsonObject: ["a": [1, 2]], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"x{"a":[1,2]}"#)
    }
}

@Suite struct SerializationWritingStoredTypeTests {
    /// A number kept in an `Any` as a superclass of its own (as `JSONSerialization` on Linux keeps an
    /// `NSDecimalNumber` for a number a Double cannot hold, or a Boolean, as `NSNumber`) is written as
    /// its own class: the decimal's digits, `true`.
    @Test func numbersStoredAsNSNumber() throws {
        let decimal: NSNumber = NSDecimalNumber(string: "-65.613616999999977")
        let flag: NSNumber = NSNumber(value: true)
        let plain: NSNumber = NSNumber(value: 0.5)
        let object: [String: Any] = ["d": decimal, "b": flag, "p": plain, "a": [decimal, flag, plain] as [Any]]
        for options in allOptions { expectSameData(object, options) }
        let written = try TapeJSONSerialization.data(withJSONObject: [decimal, flag, plain] as [Any])
        #expect(String(decoding: written, as: UTF8.self) == "[-65.613616999999977,true,0.5]")
    }
}
