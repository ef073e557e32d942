import Foundation
import TapeJSON
import Testing

// MARK: - Foundation agrees with the event stream

@Suite("Event stream round trip through Foundation")
struct CorpusRoundTripTests {
    /// Foundation's own parse of `data`.
    static func foundation(_ data: Data) throws -> Any {
        try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// A scalar from Foundation's parse, as the object `isEqual` compares.
    ///
    /// swift-corelibs-foundation keeps a number whose text has more digits than its Double's shortest
    /// form as an `NSDecimalNumber` holding the exact decimal (`43.420273000000009`), which never equals
    /// the `NSNumber` Double parsed from the shortest text of the same Double (`43.42027300000001`), and
    /// its `doubleValue` is not correctly rounded. TapeJSON (simdjson) keeps Doubles, so a decimal becomes
    /// the Double nearest its exact value (Swift's correctly rounded `Double(String)`); every other
    /// scalar is compared as Foundation parsed it.
    static func scalar(_ object: Any) -> NSObject {
        switch object {
        case let decimal as NSDecimalNumber: return NSNumber(value: Double(decimal.description)!)
        case let string as String: return NSString(string: string)
        default: return object as! NSObject
        }
    }

    /// Where two Foundation trees first differ (keys and indices joined by `/`), or nil when they are
    /// equal: containers are compared member by member, scalars with `isEqual`.
    static func difference(_ a: Any, _ b: Any, at pointer: String = "") -> String? {
        switch (a, b) {
        case (let a as [String: Any], let b as [String: Any]):
            if a.count != b.count { return pointer }
            for (key, value) in a {
                guard let other = b[key] else { return pointer + "/" + key }
                if let found = difference(value, other, at: pointer + "/" + key) { return found }
            }
            return nil
        case (let a as [Any], let b as [Any]):
            if a.count != b.count { return pointer }
            for (index, (x, y)) in zip(a, b).enumerated() {
                if let found = difference(x, y, at: pointer + "/\(index)") { return found }
            }
            return nil
        case (is [String: Any], _), (is [Any], _), (_, is [String: Any]), (_, is [Any]):
            return pointer
        default:
            return scalar(a).isEqual(scalar(b)) ? nil : pointer
        }
    }

    @Test("the corpus is present")
    func corpusPresent() {
        #expect(Corpus.jsonFiles.count >= 11)
    }

    @Test("events re-serialized parse to the object Foundation parses from the original", arguments: Corpus.jsonFiles)
    func corpusFile(_ name: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(name)))
        let document = try JSONParser.shared.parse(contentsOfFile: Corpus.path(name))
        var reader = document.events
        let rebuilt = Data(reserialize(&reader))
        let expected = try Self.foundation(original)
        let actual = try Self.foundation(rebuilt)
        #expect(Self.difference(actual, expected) == nil)
    }

    @Test("the comparison can fail: a changed value is found")
    func negativeControl() throws {
        let a = try Self.foundation(Data(#"{"a":[1,"x",{"b":null}],"c":2.5}"#.utf8))
        let same = try Self.foundation(Data(#"{"c":2.5,"a":[1,"x",{"b":null}]}"#.utf8))
        let changed = try Self.foundation(Data(#"{"a":[1,"x",{"b":false}],"c":2.5}"#.utf8))
        let reordered = try Self.foundation(Data(#"{"a":["x",1,{"b":null}],"c":2.5}"#.utf8))
        let longer = try Self.foundation(Data(#"{"a":[1,"x",{"b":null},2],"c":2.5}"#.utf8))
        let renamed = try Self.foundation(Data(#"{"a":[1,"x",{"B":null}],"c":2.5}"#.utf8))
        #expect(Self.difference(a, same) == nil)
        #expect(Self.difference(a, changed) == "/a/2/b")
        #expect(Self.difference(a, reordered) == "/a/0")
        #expect(Self.difference(a, longer) == "/a")
        #expect(Self.difference(a, renamed) == "/a/2/b")
        // The same verdicts from Foundation's own isEqual on whole trees.
        #expect((a as? NSDictionary)?.isEqual(same) == true)
        #expect((a as? NSDictionary)?.isEqual(changed) == false)
    }

    @Test("decimals: the same Double in any spelling is equal, different Doubles are not")
    func decimals() throws {
        let long = try Self.foundation(Data("[43.420273000000009, 0.30000000000000004]".utf8))
        let shortest = try Self.foundation(Data("[43.42027300000001, 0.30000000000000004]".utf8))
        let next = try Self.foundation(Data("[43.420273000000016, 0.30000000000000004]".utf8))
        #expect(Self.difference(long, shortest) == nil)
        #expect(Self.difference(long, next) == "/0")
        // Why decimals are converted: Foundation alone tells the two spellings apart.
        #expect((long as? NSArray)?.isEqual(shortest) == false)
    }

    @Test("hand-made documents with every kind of event")
    func handMade() throws {
        let texts = [
            #"{"s":"a\"b\\\u0001\n\u00e9\ud83c\udf89","i":-9223372036854775808,"u":18446744073709551615}"#,
            #"[1.5,-0.0,1e-300,2.2250738585072014e-308,1.7976931348623157e308,true,false,null,[],{}]"#,
            #"[[[[[[[[[[{"deep":[[[[[[[[[[{"deeper":"x"}]]]]]]]]]]}]]]]]]]]]]"#,
            #""scalar""#,
            "-12",
        ]
        for text in texts {
            let document = try JSONParser.shared.parse(text)
            var reader = document.events
            let rebuilt = Data(reserialize(&reader))
            #expect(Self.difference(try Self.foundation(rebuilt), try Self.foundation(Data(text.utf8))) == nil, "\(text)")
        }
    }

    @Test("documents nested deeper than 64 levels keep keys and strings apart")
    func deepNesting() throws {
        // 100 levels alternating objects and arrays: past the reader's 64-bit inline stack.
        var text = ""
        for level in 0..<100 { text += level % 2 == 0 ? #"{"k\#(level)":"# : "[\"v\(level)\"," }
        text += "0"
        for level in (0..<100).reversed() { text += level % 2 == 0 ? ",\"after\(level)\":\"w\"}" : "]" }
        let document = try JSONParser.shared.parse(text)
        var reader = document.events
        let rebuilt = reserialize(&reader)
        #expect(String(decoding: rebuilt, as: UTF8.self) == text)
    }
}
