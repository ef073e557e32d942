import Foundation
import TapeJSON
import Testing

// MARK: - Corpus

@Suite struct CorpusGraphTests {
    @Test(arguments: Corpus.jsonFiles)
    func sameGraphAsFoundation(file: String) throws {
        try expectSameGraph(try Corpus.data(file))
    }

    @Test func corpusIsThere() {
        #expect(Corpus.jsonFiles.count >= 11)
        #expect(Corpus.jsonFiles.contains("twitter.json"))
    }

    @Test func everyLineOfTheNDJSONFile() throws {
        let text = try String(decoding: Corpus.data("amazon_cellphones.ndjson"), as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count > 100)
        for line in lines {
            try expectSameGraph(String(line))
        }
    }

    @Test func mutableOptionsOnTheCorpus() throws {
        for file in ["github_events.json", "twitter.json", "canada.json"] {
            try expectSameGraph(try Corpus.data(file), options: [.mutableContainers, .mutableLeaves])
        }
    }

    @Test func canadaNumbersAreDecimals() throws {
        // Foundation makes an NSDecimalNumber of every coordinate written with 17 significant digits.
        let root = try TapeJSONSerialization.jsonObject(with: Corpus.data("canada.json")) as! [String: Any]
        let feature = (root["features"] as! [Any])[0] as! [String: Any]
        let ring = ((feature["geometry"] as! [String: Any])["coordinates"] as! [Any])[0] as! [Any]
        let point = ring[0] as! [Any]
        #expect(point[0] is NSDecimalNumber)
        #expect((point[0] as! NSDecimalNumber).decimalValue == Decimal(string: "-65.613616999999977"))
    }

    @Test func twitterIdsKeepAll64Bits() throws {
        let root = try TapeJSONSerialization.jsonObject(with: Corpus.data("twitter.json")) as! [String: Any]
        let status = (root["statuses"] as! [Any])[0] as! [String: Any]
        #expect((status["id"] as! NSNumber).int64Value == 505_874_924_095_815_681)
        #expect(status["id_str"] as? String == "505874924095815681")
    }
}

// MARK: - Types of leaves

@Suite struct LeafTypeTests {
    @Test func scalarsInAnArray() throws {
        try expectSameGraph(#"[true, false, null, "s", 0, 1, -1, 12, 13, 255, 1023, 1024, 1.0, 1.5, -2.25]"#)
        let array = try TapeJSONSerialization.jsonObject(with: Data("[true, 7, null, \"s\"]".utf8)) as! [Any]
        #expect(array[0] as? Bool == true)
        #expect(String(cString: (array[0] as! NSNumber).objCType) == "c")
        #expect((array[1] as! NSNumber).intValue == 7)
        #expect(array[2] is NSNull)
        #expect(array[3] as? String == "s")
    }

    @Test func containers() throws {
        try expectSameGraph(#"{"a": {}, "b": [], "c": [[[]]], "d": {"e": {"f": [1, {"g": null}]}}}"#)
        let object = try TapeJSONSerialization.jsonObject(with: Data(#"{"a":[1]}"#.utf8))
        #expect(object is [String: Any])
        #expect((object as! [String: Any])["a"] is [Any])
    }

    @Test func duplicateKeysKeepTheLastValue() throws {
        try expectSameGraph(#"{"a": 1, "b": 2, "a": 3}"#)
        let object = try TapeJSONSerialization.jsonObject(with: Data(#"{"a":1,"a":[2]}"#.utf8)) as! [String: Any]
        #expect(object.count == 1)
        #expect((object["a"] as! [Any]).count == 1)
    }

    @Test func escapes() throws {
        try expectSameGraph(#"["\"", "\\", "\/", "\b\f\n\r\t", "\u0000", "\u001f", "\u00e9", "caf\u00e9"]"#)
        try expectSameGraph(#"["\ud83d\ude00", "\uD834\uDD1E", "😀 é 東京", "a\u2028b", "\uffff"]"#)
        try expectSameGraph(#"{"k\"ey": 1, "\u00e9": 2, "tab\tkey": 3, "": 4}"#)
        let array = try TapeJSONSerialization.jsonObject(with: Data(#"["\ud83d\ude00\n"]"#.utf8)) as! [Any]
        #expect(array[0] as? String == "😀\n")
    }

    @Test func longAndNonASCIIStrings() throws {
        let long = String(repeating: "abcdefghij", count: 1000)
        try expectSameGraph(#"["\#(long)", "\#(long)é", "Привет, мир"]"#)
    }

    @Test func stringsOfEveryShortLength() throws {
        // Strings of up to 15 bytes are built inline, longer ones on the heap: every length around
        // that limit, ASCII or with a multi-byte character at the start, middle or end, as keys and
        // as values.
        let fillers = ["a", "é", "😀", "中"]
        var members: [String] = []
        var values: [String] = []
        for length in 0...20 {
            for filler in fillers {
                for position in 0..<3 {
                    var characters = Array(repeating: "b", count: length)
                    if length > 0, filler != "a" {
                        characters[[0, length / 2, length - 1][position]] = filler
                    }
                    let text = characters.joined()
                    values.append("\"\(text)\"")
                    members.append("\"\(text)\(length)-\(filler)-\(position)\": \"\(text)\"")
                }
            }
        }
        try expectSameGraph("[" + values.joined(separator: ",") + "]")
        try expectSameGraph("{" + members.joined(separator: ",") + "}", options: .mutableLeaves)
    }
}

// MARK: - Numbers

@Suite struct NumberTests {
    @Test func integerEdges() throws {
        try expectSameGraph("""
            [0, -0, 1, -1, 12, 13, -12, -13, 127, 128, 255, 256, 2147483647, 2147483648, -2147483648,
             -2147483649, 4294967295, 4294967296, 9007199254740992, 9007199254740993,
             9223372036854775807, -9223372036854775807, -9223372036854775808, 9223372036854775808,
             18446744073709551615, 123456789012345678, -123456789012345678, -999999999999999999,
             -1000000000000000000, -1234567890123456789, 1234567890123456789, 12345678901234567890]
            """)
        let array = try TapeJSONSerialization.jsonObject(
            with: Data("[9223372036854775807, 18446744073709551615, -123456789012345678]".utf8)) as! [Any]
        #expect(String(cString: (array[0] as! NSNumber).objCType) == "q")
        #expect(String(cString: (array[1] as! NSNumber).objCType) == "Q")
        #expect((array[1] as! NSNumber).uint64Value == UInt64.max)
        #expect((array[2] as! NSNumber).int64Value == -123_456_789_012_345_678)
    }

    @Test func nineteenDigitNegativesAreDecimals() throws {
        // Foundation allows a negative Int64 only up to 19 characters, sign included.
        let array = try TapeJSONSerialization.jsonObject(
            with: Data("[-9223372036854775808, -1000000000000000000]".utf8)) as! [Any]
        #expect(array[0] is NSDecimalNumber)
        #expect((array[0] as! NSDecimalNumber).decimalValue == Decimal(string: "-9223372036854775808"))
        #expect((array[1] as! NSDecimalNumber).decimalValue == Decimal(string: "-1e18"))
    }

    @Test func integersBeyond64BitsGoToFoundation() throws {
        try expectSameGraph("[18446744073709551616, -9223372036854775809, 100000000000000000000000000000]")
        try expectSameGraph(#"{"big": 123456789012345678901234567890, "small": 1}"#)
        let array = try TapeJSONSerialization.jsonObject(with: Data("[18446744073709551616]".utf8)) as! [Any]
        #expect((array[0] as! NSDecimalNumber).decimalValue == Decimal(string: "18446744073709551616"))
    }

    @Test func negativeZero() throws {
        try expectSameGraph("[-0, -0.0, 0.0, -0e0, -0.0e-5, 0e10]")
        let array = try TapeJSONSerialization.jsonObject(with: Data("[-0.0, -0]".utf8)) as! [Any]
        #expect((array[0] as! NSNumber).doubleValue.sign == .minus)
        #expect(String(cString: (array[1] as! NSNumber).objCType) != "d")
    }

    @Test func doublesAndDecimals() throws {
        try expectSameGraph("""
            [0.1, 0.10000000000000000, 0.1000000000000000, 0.100000000000000, 1.5, -2.5e-3, 1e2, 1E2, 1.5E3,
             1e-400, 1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 4.9e-324,
             -65.613616999999977, 43.420273000000009, 3.141592653589793238462643383279,
             12345678901234567.5e200, 0.5e-130, 123456789012345678901234567890.5e-130,
             1234567890.12345678e127, 1234567890.12345678e128, 1234567890.12345678e-128,
             1234567890.12345678E5, 1234567890.123456789012345678901234567890,
             100000000000000000000.0, 1.00000000000000000000, -0.00000000000000000001,
             0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001,
             1.0e0, 1e+2, 1e-2, 123.456e+100, 9.99999999999999999e127, 1.0000000000000000e-129]
            """)
    }

    @Test func doubleNearTheEndAfterALargerDocument() throws {
        // The double's text is found from the end of the input, counting the numbers that follow it on
        // the tape; a tape that claimed one word too many (left over from the larger document parsed
        // before, by the same pooled parser) once made that count wrong.
        let numbers = "[" + (0..<3000).map(String.init).joined(separator: ",") + "]"
        let strings = (0..<300).map { "\"s\($0)\"" }.joined(separator: ",")
        let trailer = #"{"s": [\#(strings)], "i": 3, "d": 0.25, "k": 7}"#
        for _ in 0..<50 {
            _ = try TapeJSONSerialization.jsonObject(with: Data(numbers.utf8))
            try expectSameGraph(trailer)
        }
    }

    @Test func numbersAcrossManyMagnitudes() throws {
        // Deterministic literals around Foundation's 17-character boundary and decimal exponent limits.
        var literals: [String] = []
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for _ in 0..<2000 {
            let digits = String(next())
            let intLength = Int(next() % UInt64(digits.count)) + 1
            let integer = String(digits.prefix(intLength)).drop(while: { $0 == "0" })
            let fraction = digits.dropFirst(intLength)
            var literal = (next() % 2 == 0 ? "-" : "") + (integer.isEmpty ? "0" : String(integer))
            if !fraction.isEmpty { literal += "." + fraction }
            switch next() % 4 {
            case 0: literal += "e\(Int(next() % 300) - 150)"
            case 1: literal += "E\(Int(next() % 40) - 20)"
            default: break
            }
            literals.append(literal)
        }
        try expectSameGraph("[" + literals.joined(separator: ",") + "]")
    }
}

// MARK: - Fragments and options

@Suite struct OptionTests {
    @Test(arguments: ["1", "-2.5", "\"text\"", "null", "true", "false", " 7 ", "18446744073709551615"])
    func fragmentsNeedTheOption(text: String) throws {
        // Without the option Foundation refuses a scalar root, and so does TapeJSON, with no JSONError.
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
        let error = try #require(serializationError(text))
        #expect(error.domain == NSCocoaErrorDomain)
        #expect(error.code == 3840)
        #expect(TapeJSONSerialization.underlyingJSONError(of: error) == nil)
        try expectSameGraph(text, options: .fragmentsAllowed)
    }

    @Test func invalidFragmentIsAParseError() throws {
        let error = try #require(serializationError("nulL", options: .fragmentsAllowed))
        #expect(TapeJSONSerialization.underlyingJSONError(of: error)?.kind == .invalidLiteral)
    }

    @Test func mutableContainers() throws {
        let text = #"{"a": [1, {"b": []}], "c": {"d": "e"}}"#
        try expectSameGraph(text, options: .mutableContainers)
        let root = try TapeJSONSerialization.jsonObject(with: Data(text.utf8), options: .mutableContainers)
        let object = try #require(root as? NSMutableDictionary)
        object["z"] = 1
        #expect(object.count == 3)
        try expectSameGraph("[[1], [[]]]", options: .mutableContainers)
        let array = try #require(try TapeJSONSerialization.jsonObject(with: Data("[1]".utf8),
                                                                       options: .mutableContainers) as? NSMutableArray)
        array.add(2)
        #expect(array.count == 2)
    }

    @Test func mutableLeaves() throws {
        try expectSameGraph(#"{"a": ["s", 1, null], "b": "t"}"#, options: .mutableLeaves)
        try expectSameGraph(#""s""#, options: [.mutableLeaves, .fragmentsAllowed])
        let array = try TapeJSONSerialization.jsonObject(with: Data(#"["s"]"#.utf8), options: .mutableLeaves) as! [Any]
        let string = try #require(array[0] as? NSMutableString)
        string.append("!")
        #expect(string == "s!")
    }

    @Test func objectsOfTheSameShape() throws {
        // Repeated shapes (each object built from its shape's template), nested objects of the
        // shape being built, the same keys in another order, and a shape with a repeated key.
        var parts: [String] = []
        for n in 0..<50 {
            parts.append(#"{"a": \#(n), "b": "s\#(n)", "c": {"a": \#(n), "b": null, "c": [\#(n)]}}"#)
            parts.append(#"{"b": \#(n), "a": [], "c": true}"#)
            parts.append(#"{"a": 1, "a": \#(n), "b": 2}"#)
            parts.append(#"{"x": {"x": {"x": \#(n), "long key of more than sixteen bytes": "v"}}}"#)
        }
        let text = "[" + parts.joined(separator: ",") + "]"
        try expectSameGraph(text)
        try expectSameGraph(text, options: [.mutableContainers, .mutableLeaves])
    }

    @Test func shapesGuessedFromTheLastObjectInTheSamePlace() throws {
        // An object's shape is guessed from the last object met under the same key (or in the same
        // arrays) and checked against its keys: guesses that are wrong by one byte at the start, middle
        // or end of keys of every length class (1-3, 4-8, 9-16, over 16 bytes), by a key's length, by
        // the number of keys, by order, by a repeated key, and for a key whose value is sometimes an
        // array of objects and sometimes an object.
        let keySets: [[String]] = [
            ["a", "bc", "def"], ["a", "bd", "def"], ["a", "bc", "deg"],
            ["abcd", "efghij", "klmnopqr"], ["abcd", "efgXij", "klmnopqr"], ["abcd", "efghij", "klmnopqs"],
            ["abcdefghi", "0123456789abcdef"], ["abcdefghX", "0123456789abcdef"], ["abcdefghi", "0123456789abcdeX"],
            ["a key of more than sixteen bytes", "another key, also a long one"],
            ["a key of more than sixteen bytes", "another key, alsX a long one"],
            ["a key of more than sixteen byteS", "another key, also a long one"],
            ["a", "bc"], ["a", "bc", "def", "g"], ["bc", "a", "def"], ["a", "a", "def"], ["ab", "bc", "def"],
        ]
        var parts: [String] = []
        for round in 0..<8 {
            for (n, keySet) in keySets.enumerated() {
                let members = keySet.enumerated().map { #""\#($1)": \#(round * 100 + n * 10 + $0)"# }
                let object = "{" + members.joined(separator: ",") + "}"
                parts.append(#"{"v": \#(object), "w": [\#(object), \#(object)], "x": \#(round % 2 == 0 ? object : "[\(object)]")}"#)
                parts.append(object)
            }
        }
        let text = "[" + parts.joined(separator: ",") + "]"
        try expectSameGraph(text)
        try expectSameGraph(text, options: [.mutableContainers, .mutableLeaves])
        // The same objects in reverse order, so that every guess is tried the other way round.
        try expectSameGraph("[" + parts.reversed().joined(separator: ",") + "]")
    }

    @Test func shapesAlternatingInOnePlace() throws {
        // Objects in one place that alternate between shapes, told apart by their number of keys
        // (each count keeps its own guess) or not (same count, other keys: the guess fails and the
        // keys are looked up), under a key and as elements of the root array.
        let shapes = [#"{"a": 1, "b": "x"}"#, #"{"a": 2, "b": "y", "c": null}"#, #"{"a": 3, "d": "z"}"#,
                      #"{"a": [4], "b": {"a": 5, "b": "w"}, "c": true, "e": -6}"#]
        var parts: [String] = []
        for n in 0..<40 {
            let shape = shapes[(n * 7) % shapes.count]
            parts.append(#"{"v": \#(shape), "n": \#(n)}"#)
            parts.append(shapes[n % shapes.count])
        }
        try expectSameGraph("[" + parts.joined(separator: ",") + "]")
        try expectSameGraph("[" + parts.joined(separator: ",") + "]", options: .mutableContainers)
    }

    @Test func laterObjectsOfAShapeCopyTheFirst() throws {
        // Every object of a shape is built from the same template: every object keeps its own values,
        // whether they are containers, strings or numbers, and shapes seen once, twice or three times,
        // nested in one another, each equal Foundation's.
        let twice = #"[{"a": {"x": [1, 2]}, "b": "first string, long enough to be allocated", "c": 1025},"#
            + #" {"a": [], "b": "second", "c": {"a": {"x": [3]}, "b": null, "c": -7}}]"#
        try expectSameGraph(twice)
        let object = try #require(
            try TapeJSONSerialization.jsonObject(with: Data(twice.utf8)) as? [[String: Any]])
        #expect((object[0]["a"] as? [String: Any])?["x"] as? [Int] == [1, 2])
        #expect(object[0]["b"] as? String == "first string, long enough to be allocated")
        #expect(object[1]["a"] as? [Any] != nil)
        let thrice = "[" + (0..<3).map { #"{"p": {"q": \#($0), "r": ["\#($0)"]}, "s": \#($0)}"# }
            .joined(separator: ",") + "]"
        try expectSameGraph(thrice)
        try expectSameGraph(thrice, options: [.mutableContainers, .mutableLeaves])
    }

    @Test func valuesPendingInManyNestedObjects() throws {
        // Each object's values wait on a stack until its last one is built: objects of 60 keys whose
        // last value is the next such object leave 59 values per level waiting, which outgrows the
        // stack's first storage (at 3 levels) and what is kept from call to call (at 300 levels). Values
        // of every kind, moved when the stack grows, must land under their own keys.
        func nested(levels: Int, seed: Int) -> String {
            var text = #"{"end": \#(seed)}"#
            for level in 0..<levels {
                var members: [String] = []
                for k in 0..<59 {
                    let n = seed + level * 100 + k
                    switch k % 6 {
                    case 0: members.append(#""k\#(k)": "a string long enough to be allocated \#(n)""#)
                    case 1: members.append(#""k\#(k)": \#(n + 5000)"#)
                    case 2: members.append(#""k\#(k)": [\#(n), "s\#(n)"]"#)
                    case 3: members.append(#""k\#(k)": {"x": \#(n)}"#)
                    case 4: members.append(#""k\#(k)": \#(n).5"#)
                    default: members.append(#""k\#(k)": \#(k % 2 == 0 ? "null" : "true")"#)
                    }
                }
                members.append(#""next": \#(text)"#)
                text = "{" + members.joined(separator: ",") + "}"
            }
            return text
        }
        for levels in [1, 3, 10] {
            try expectSameGraph(nested(levels: levels, seed: levels))
            try expectSameGraph("[" + nested(levels: levels, seed: 1) + "," + nested(levels: levels, seed: 2) + "]",
                                options: .mutableContainers)
        }
        // 300 levels, compared level by level (`difference` spells out every path, too slow this deep).
        let deep = Data(nested(levels: 300, seed: 3).utf8)
        var ours = try #require(try TapeJSONSerialization.jsonObject(with: deep) as? [String: Any])
        var reference = try #require(try JSONSerialization.jsonObject(with: deep) as? [String: Any])
        for level in 0..<300 {
            var oursHere = ours, referenceHere = reference
            oursHere["next"] = nil
            referenceHere["next"] = nil
            let found = difference(oursHere, referenceHere).map { "level \(level): \($0)" }
            #expect(found == nil, "\(found ?? "")")
            ours = try #require(ours["next"] as? [String: Any])
            reference = try #require(reference["next"] as? [String: Any])
        }
        #expect(difference(ours, reference) == nil)
        // After the largest stack was dropped, small documents still use (and grow) a fresh one.
        try expectSameGraph(nested(levels: 4, seed: 7))
    }

    @Test func keysSharedByShapesOfEveryOrder() throws {
        // The same keys in shapes of every order and size (each a template of its own), including
        // shapes with a repeated key (built key by key, the last value kept), interleaved.
        let keys = ["id", "name", "url", "a key longer than sixteen bytes", "k"]
        var parts: [String] = []
        for round in 0..<6 {
            for size in 1...keys.count {
                for rotation in 0..<keys.count {
                    let chosen = (0..<size).map { keys[($0 + rotation) % keys.count] }
                    let members = chosen.enumerated().map { #""\#($1)": \#(round * 1000 + size * 10 + $0)"# }
                    parts.append("{" + members.joined(separator: ",") + "}")
                }
            }
            parts.append(#"{"id": 1, "name": 2, "id": \#(round)}"#)
        }
        try expectSameGraph("[" + parts.joined(separator: ",") + "]")
        try expectSameGraph("[" + parts.reversed().joined(separator: ",") + "]", options: .mutableContainers)
    }

    @Test func shapesWithTheSameKeysInAnotherOrderShareATemplate() throws {
        // Shapes with the same keys in another order share the template of the first of them, each
        // with its own order: every permutation of four keys (one of them long), met several times and
        // nested in one another, next to shapes of as many keys that differ by one key or repeat one,
        // must each put every value under its own key.
        let keys = ["id", "a key longer than sixteen bytes", "url", "n"]
        func permutations(_ items: [String]) -> [[String]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { i -> [[String]] in
                var rest = items
                let first = rest.remove(at: i)
                return permutations(rest).map { [first] + $0 }
            }
        }
        let orders = permutations(keys)
        var parts: [String] = []
        for round in 0..<3 {
            for (n, order) in orders.enumerated() {
                let members = order.map { key -> String in
                    let value = round * 1000 + n * 10 + keys.firstIndex(of: key)!
                    switch key {
                    case "url": return #""url": "https://example.com/\#(value)/long enough to be allocated""#
                    case "n": return #""n": {"\#(orders[(n + 1) % orders.count][0])": \#(value)}"#
                    default: return #""\#(key)": \#(value)"#
                    }
                }
                parts.append("{" + members.joined(separator: ",") + "}")
                parts.append(#"{"id": \#(n), "url": \#(round), "other": "x", "n": null}"#)
                parts.append(#"{"n": \#(n), "id": 1, "url": 2, "id": \#(round)}"#)
            }
        }
        try expectSameGraph("[" + parts.joined(separator: ",") + "]")
        try expectSameGraph("[" + parts.reversed().joined(separator: ",") + "]",
                            options: [.mutableContainers, .mutableLeaves])
    }

    @Test func callsInSuccessionShareNothingButStorage() throws {
        // The key, shape and number tables are emptied and reused from call to call: documents with the
        // same keys in other shapes and orders, with other integers, and one that grows the tables past
        // what is kept, parsed in turn, each give Foundation's graph.
        let first = (0..<40).map { #"{"id": \#(5000 + $0), "name": "n\#($0)", "tags": [\#($0), 2000]}"# }
        let second = (0..<40).map { #"{"tags": {"id": \#(7000 + $0)}, "id": [\#($0)], "name": -\#(3000 + $0)}"# }
        let wide = (0..<6_000).map { #""key\#($0)": {"id": \#($0 % 50 + 1024)}"# }.joined(separator: ",")
        let documents = ["[" + first.joined(separator: ",") + "]", "[" + second.joined(separator: ",") + "]",
                         "{\(wide)}"]
        for round in 0..<3 {
            for document in documents {
                try expectSameGraph(document)
                try expectSameGraph(document, options: round == 1 ? .mutableContainers : [])
            }
        }
    }

    @Test func manyDistinctKeysAndShapes() throws {
        // More distinct keys than the key table interns, and more shapes than it remembers.
        let wide = (0..<20_000).map { #""key\#($0)": \#($0)"# }.joined(separator: ",")
        let narrow = (0..<6_000).map { #"{"k\#($0)": 1, "k\#($0 + 1)": [\#($0)]}"# }.joined(separator: ",")
        try expectSameGraph("[{\(wide)}, \(narrow), \(narrow)]")
    }

    @Test func recurringIntegers() throws {
        // Shared NSNumbers for recurring integers: positive and negative ones with the same magnitude,
        // the edges of Int64 and UInt64, and 19-digit negatives (decimals, never shared).
        var values: [String] = []
        for n in 0..<3_000 {
            let k = n % 40
            values.append("\(1024 + k)")
            values.append("-\(1024 + k)")
            values.append("\(UInt64.max - UInt64(k))")
            values.append("\(Int64.min + Int64(k))")
            values.append("-\(999_999_999_999_999_000 + k)")
        }
        try expectSameGraph("[" + values.joined(separator: ",") + "]")
        try expectSameGraph("[" + values.joined(separator: ",") + "]", options: .mutableContainers)
        // Mostly distinct integers: interning stops after a while, the graph stays the same.
        let distinct = (0..<5_000).map { "\(100_000 + $0 * 7), -\(100_000 + $0)" }.joined(separator: ",")
        try expectSameGraph("[\(distinct), 100000, -100000]")
    }

    @Test func allOptions() throws {
        try expectSameGraph(#"{"a": ["x", {"b": "y"}]}"#, options: [.mutableContainers, .mutableLeaves, .fragmentsAllowed])
    }
}

// MARK: - Encodings

@Suite struct EncodingTests {
    static let text = #"{"name": "café 😀", "list": [1, 2.5, true, null]}"#

    @Test func utf8WithByteOrderMark() throws {
        try expectSameGraph(Data([0xEF, 0xBB, 0xBF]) + Data(Self.text.utf8))
    }

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian,
                      .utf16, .utf32])
    func unicodeEncodings(encoding: String.Encoding) throws {
        let data = try #require(Self.text.data(using: encoding))
        try expectSameGraph(data)
    }

    @Test func shortUTF16Fragment() throws {
        let data = try #require("7".data(using: .utf16LittleEndian))
        try expectSameGraph(data, options: .fragmentsAllowed)
    }
}

// MARK: - Errors

@Suite struct ErrorTests {
    @Test func invalidJSONCarriesItsPosition() throws {
        let text = "{\n  \"a\": [1, 2,, 3]\n}"
        let error = try #require(serializationError(text))
        #expect(error.domain == NSCocoaErrorDomain)
        #expect(error.code == CocoaError.propertyListReadCorrupt.rawValue)
        let json = try #require(TapeJSONSerialization.underlyingJSONError(of: error))
        #expect(json.kind == .unexpectedCharacter)
        #expect(json.line == 2)
        #expect(json.column == 14)
        #expect(json.offset == 15)
        #expect(error.userInfo[NSUnderlyingErrorKey] is JSONError)
        let description = try #require(error.userInfo[NSDebugDescriptionErrorKey] as? String)
        #expect(description.contains("line 2, column 14"))
        // Foundation rejects it too, without a line or column.
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
    }

    @Test(arguments: [
        ("", JSONError.Kind.emptyInput, 1, 1),
        ("[1, 2", .unexpectedEndOfInput, 1, 6),
        ("{\"a\" 1}", .unexpectedCharacter, 1, 6),
        ("[tru]", .invalidLiteral, 1, 2),
        ("[01]", .invalidNumber, 1, 3),
        ("[1.]", .invalidNumber, 1, 4),
        ("[1e400]", .numberOutOfRange, 1, 2),
        ("[\"\\x\"]", .invalidEscape, 1, 3),
        ("[\"\\ud800\"]", .invalidEscape, 1, 3),
        ("[\"a\u{1}\"]", .unescapedControlCharacter, 1, 4),
        ("[1] [2]", .trailingContent, 1, 5),
        ("{\"a\":\n[\n1,\n2\n]\n}}", .trailingContent, 6, 2),
    ])
    func kindsAndPositions(text: String, kind: JSONError.Kind, line: Int, column: Int) throws {
        let error = try #require(serializationError(text))
        let json = try #require(TapeJSONSerialization.underlyingJSONError(of: error))
        #expect(json.kind == kind)
        #expect(json.line == line)
        #expect(json.column == column)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
    }

    @Test func invalidUTF8() throws {
        let data = Data([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D])   // ["a\xFF"]
        let error = try #require(serializationError(data))
        #expect(TapeJSONSerialization.underlyingJSONError(of: error)?.kind == .invalidUTF8)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: data) }
    }

    @Test func trailingCommasAreRejectedUnlikeFoundation() throws {
        // A deliberate difference: Foundation on Linux accepts these.
        for text in ["[1,]", #"{"a":1,}"#] {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
            let error = try #require(serializationError(text))
            let json = try #require(TapeJSONSerialization.underlyingJSONError(of: error))
            #expect(json.kind == .unexpectedCharacter)
            #expect(json.offset == text.utf8.count - 1)
        }
    }

    @Test func depthLimitMatchesFoundation() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        try expectSameGraph(deepest)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(tooDeep.utf8)) }
        let error = try #require(serializationError(tooDeep))
        #expect(TapeJSONSerialization.underlyingJSONError(of: error)?.kind == .depthLimitExceeded)
        let objects = String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)
        try expectSameGraph(objects)
        let deeperObjects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(deeperObjects.utf8)) }
        let objectError = try #require(serializationError(deeperObjects))
        let json = try #require(TapeJSONSerialization.underlyingJSONError(of: objectError))
        #expect(json.kind == .depthLimitExceeded)
        #expect(json.offset == 512 * 5)
        // Deeper still, simdjson itself refuses; the error points at the same first container too deep.
        let muchDeeper = "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 601)
        let deepError = try #require(serializationError(muchDeeper))
        #expect(TapeJSONSerialization.underlyingJSONError(of: deepError)?.offset == 512)
        // Strings with brackets and escaped quotes do not count.
        let quoted = #"[" [[ \" {{ ", "#
            + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "]"
        let quotedError = try #require(serializationError(quoted))
        #expect(TapeJSONSerialization.underlyingJSONError(of: quotedError)?.offset == 15 + 511)
    }

    @Test func anErrorAfterABigIntegerIsFoundAndPlaced() throws {
        // The big integer is parsed (as a placeholder), so the real error is found, with its position.
        let text = "[18446744073709551616, tru]"
        let error = try #require(serializationError(text))
        #expect(error.domain == NSCocoaErrorDomain)
        #expect(error.code == 3840)
        #expect(TapeJSONSerialization.underlyingJSONError(of: error)?.kind == .invalidLiteral)
        #expect(TapeJSONSerialization.underlyingJSONError(of: error)?.offset == 23)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
    }
}

// MARK: - Concurrency

@Suite struct ConcurrencyTests {
    @Test func parsesFromManyTasksAtOnce() async throws {
        let data = try Corpus.data("github_events.json")
        let differences = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let reference = try JSONSerialization.jsonObject(with: data)
                    return difference(try TapeJSONSerialization.jsonObject(with: data), reference)
                }
            }
            var found: [String] = []
            for try await result in group { if let result { found.append(result) } }
            return found
        }
        #expect(differences.isEmpty)
    }
}
