import Foundation
import Testing
import TapeJSON

// MARK: - Foundation agrees with the event stream

@Suite("Event stream round trip through Foundation")
struct CorpusRoundTripTests {
    /// Foundation's own parse of `data`, with numbers normalized to what a Double-based parser can keep.
    ///
    /// swift-corelibs-foundation keeps a number whose text has more digits than its Double's shortest
    /// form as an `NSDecimalNumber` holding the exact decimal (`43.420273000000009`), which never equals
    /// the `NSNumber` Double parsed from the shortest text of the same Double (`43.42027300000001`), and
    /// its `doubleValue` is not correctly rounded. TapeJSON (simdjson) keeps Doubles, so decimals become
    /// the Double nearest their exact value (Swift's correctly rounded `Double(String)`); everything else
    /// is compared as Foundation parsed it.
    static func foundation(_ data: Data) throws -> NSObject {
        normalized(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    static func normalized(_ object: Any) -> NSObject {
        switch object {
        case let dictionary as [String: Any]:
            return NSDictionary(dictionary: dictionary.mapValues(normalized))
        case let array as [Any]:
            return NSArray(array: array.map(normalized))
        case let decimal as NSDecimalNumber:
            return NSNumber(value: Double(decimal.description)!)
        case let string as String:
            return NSString(string: string)
        default:
            return object as! NSObject
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
        #expect(actual.isEqual(expected))
    }

    @Test("the comparison can fail: a changed value is noticed")
    func negativeControl() throws {
        let a = try Self.foundation(Data(#"{"a":[1,"x",{"b":null}],"c":2.5}"#.utf8))
        let same = try Self.foundation(Data(#"{"c":2.5,"a":[1,"x",{"b":null}]}"#.utf8))
        let changed = try Self.foundation(Data(#"{"a":[1,"x",{"b":false}],"c":2.5}"#.utf8))
        let reordered = try Self.foundation(Data(#"{"a":["x",1,{"b":null}],"c":2.5}"#.utf8))
        #expect(a.isEqual(same))
        #expect(!a.isEqual(changed))
        #expect(!a.isEqual(reordered))
    }

    @Test("normalized decimals: the same Double in any spelling is equal, different Doubles are not")
    func decimals() throws {
        let long = Data("[43.420273000000009, 0.30000000000000004]".utf8)
        let shortest = Data("[43.42027300000001, 0.30000000000000004]".utf8)
        let next = Data("[43.420273000000016, 0.30000000000000004]".utf8)
        #expect(try Self.foundation(long).isEqual(try Self.foundation(shortest)))
        #expect(try !Self.foundation(long).isEqual(try Self.foundation(next)))
        // Why the normalization exists: Foundation alone tells the two spellings apart.
        let raw = try JSONSerialization.jsonObject(with: long) as? NSArray
        let rawShortest = try JSONSerialization.jsonObject(with: shortest) as? NSArray
        #expect(raw?.isEqual(rawShortest) == false)
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
            #expect(try Self.foundation(rebuilt).isEqual(try Self.foundation(Data(text.utf8))), "\(text)")
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
