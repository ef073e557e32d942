import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import TapeJSONMacros
import Testing

// Shapes that generate.py does not produce, written the way a user would write them, run through both
// paths with the same settings and comparisons as the generated shapes (`ShapeEntry`): a recursive
// `indirect` enum, 128-bit integers, a generic type with a `where` clause and an annotated type nested
// in it, access-controlled and observed properties, several properties in one declaration, a doubly
// optional property, `Int`-keyed dictionaries and the Foundation value types.

@TapeJSONCodable
indirect enum UnseenExpression: Codable, Equatable, Sendable {
    case number(Double)
    case sum(UnseenExpression, UnseenExpression)
    case negated(_ inner: UnseenExpression)
    case named(name: String, value: UnseenExpression?)
    case empty
}

@TapeJSONCodable
struct UnseenWide: Codable, Equatable, Sendable {
    private var hidden: Int = 3
    fileprivate(set) var visible: String
    var big: Int128
    var unsignedBig: UInt128?
    var ratio: Float?
    var id: UUID
    var link: URL
    var amount: Decimal
    var byKey: [Int: String]
    var tags: Set<String>
    var maybe: Int??
    var first, second: Int
    var observed: Int = 1 {
        didSet { observedChanges += 1 }
    }
    private(set) var observedChanges = 0
    let constant = "kept"
    static let notCoded = 5
    var derived: Int { first + second }
}

@TapeJSONCodable
struct UnseenBox<Element: Codable & Equatable & Sendable, Extra>: Codable, Equatable, Sendable
where Extra: Codable & Equatable & Sendable {
    var element: Element
    var extras: [Extra]
    var inner: Inner?

    @TapeJSONCodable
    struct Inner: Codable, Equatable, Sendable {
        var depth: Int
        var note: String?
    }
}

// Found by a held-out probe: names the generated code once spelled so that it did not compile.
// `Type` and `Protocol` name the metatype after a dot, backticks or not; a case whose name starts
// with a non-ASCII letter keeps it in its synthesized key type (`ärgerCodingKeys`); a generic
// parameter called `Value` was shadowed by the generated helpers' own (an error in Swift 6 mode).

@TapeJSONCodable
struct UnseenAWSNames<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    var `Type`: String
    var `Protocol`: String?
    var value: Value
}

@TapeJSONCodable
enum UnseenMood<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    case ärger(Int)
    case élan(level: Int, `Type`: String)
    case calm
    case loaded(Value)
}

// Found by a second held-out probe: synthesized `init(from:)` asks for no container when `CodingKeys`
// has no case (a struct without stored properties decodes from any value); the standard library codes
// an enum as its raw value only for the integer, floating-point (not `Float16` or `CGFloat`), `Bool` and
// `String` raw types, and any other raw type's enum by case name.

@TapeJSONCodable
struct UnseenNothing: Codable, Equatable, Sendable {}

@TapeJSONCodable
struct UnseenConstantOnly: Codable, Equatable, Sendable {
    let version = 2
}

@TapeJSONCodable
enum UnseenHalf: Float16, Codable, Equatable, Sendable { case half = 0.5, one = 1 }

@TapeJSONCodable
enum UnseenRatio: CGFloat, Codable, Equatable, Sendable { case half = 0.5, one = 1 }

@TapeJSONCodable
enum UnseenLetter: Character, Codable, Equatable, Sendable { case a = "a", b = "b" }

@TapeJSONCodable
struct UnseenHolder: Codable, Equatable, Sendable {
    var nothing: UnseenNothing
    var nothings: [UnseenNothing]?
    var constant: UnseenConstantOnly?
    var half: UnseenHalf?
    var ratio: UnseenRatio?
    var letters: [UnseenLetter]?
}

@Suite struct UnseenShapeTests {
    /// Runs `T` through both paths on `documents` (each setting of `DecoderSetting` and `EncoderSetting`)
    /// and records every difference; returns the number of documents that decoded to a value.
    private func compare<T: Codable & Equatable>(_ type: T.Type, _ documents: [String]) -> Int {
        let tally = Tally()
        ShapeEntry<T>().run(documents: documents, tally: tally)
        for message in tally.mismatches.prefix(20) {
            Issue.record(Comment(rawValue: "MISMATCH \(message)"))
        }
        #expect(tally.decodeCases == documents.count * DecoderSetting.all.count)
        #expect(tally.encodeCases > 0, "no value of \(T.self) decoded, so nothing was encoded")
        let plain = TapeJSONDecoder()
        plain.takesGeneratedPaths = false
        return documents.filter { (try? plain.decode(T.self, from: Data($0.utf8))) != nil }.count
    }

    @Test func recursiveIndirectEnum() {
        #expect(ShapeEntry<UnseenExpression>().hasGeneratedConformances.decodable)
        let decoded = compare(UnseenExpression.self, [
            #"{"number":{"_0":1.5}}"#,
            #"{"sum":{"_0":{"number":{"_0":1}},"_1":{"negated":{"_0":{"empty":{}}}}}}"#,
            #"{"named":{"name":"x","value":{"sum":{"_0":{"empty":{}},"_1":{"named":{"name":"y"}}}}}}"#,
            #"{"named":{"name":"x","value":null}}"#,
            // A payload member missing deep inside, a wrong type, two cases, an unknown case, not an object.
            #"{"sum":{"_0":{"number":{"_0":1}}}}"#,
            #"{"sum":{"_0":{"number":{"_0":"one"}},"_1":{"empty":{}}}}"#,
            #"{"empty":{},"number":{"_0":2}}"#,
            #"{"product":{}}"#,
            #"[1]"#,
        ])
        #expect(decoded == 4)
    }

    @Test func wideStruct() {
        let good = #"""
        {"visible":"v","big":170141183460469231731687303715884105727,"unsignedBig":340282366920938463463374607431768211455,
         "ratio":0.1,"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","link":"https://example.org/a?b=c","amount":12.3456789012345678901234,
         "byKey":{"3":"three","-1":"minus one"},"tags":["a","b"],"maybe":null,"first":1,"second":2,"observed":7,"hidden":9,
         "observedChanges":4}
        """#
        let decoded = compare(UnseenWide.self, [
            good,
            good.replacingOccurrences(of: #""maybe":null"#, with: #""maybe":5"#),
            good.replacingOccurrences(of: #""maybe":null,"#, with: ""),
            good.replacingOccurrences(of: #""unsignedBig":340282366920938463463374607431768211455"#, with: #""unsignedBig":null"#),
            good.replacingOccurrences(of: #""ratio":0.1"#, with: #""ratio":1e39"#),
            // Past the 128-bit ranges, a negative unsigned value, a fraction, an Int key that is not one.
            good.replacingOccurrences(of: "170141183460469231731687303715884105727", with: "170141183460469231731687303715884105728"),
            good.replacingOccurrences(of: "340282366920938463463374607431768211455", with: "-1"),
            good.replacingOccurrences(of: "170141183460469231731687303715884105727", with: "1.5"),
            good.replacingOccurrences(of: #""3":"three""#, with: #""three":"three""#),
            good.replacingOccurrences(of: #""id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, with: #""id":"not a uuid""#),
            good.replacingOccurrences(of: #""first":1,"#, with: ""),
            good.replacingOccurrences(of: #""hidden":9,"#, with: ""),
        ])
        #expect(decoded == 4)
    }

    @Test func genericTypeWithNestedAnnotatedType() {
        #expect(ShapeEntry<UnseenBox<Int, String>.Inner>().hasGeneratedConformances.decodable)
        let decodedInts = compare(UnseenBox<Int, String>.self, [
            #"{"element":1,"extras":["a","b"],"inner":{"depth":2,"note":"n"}}"#,
            #"{"element":-9223372036854775808,"extras":[],"inner":null}"#,
            #"{"element":1,"extras":["a",2]}"#,
            #"{"element":"1","extras":[]}"#,
        ])
        #expect(decodedInts == 2)
        let decodedNested = compare(UnseenBox<UnseenBox<Bool, Double>, UnseenExpression>.self, [
            #"{"element":{"element":true,"extras":[1.5,-0.0]},"extras":[{"empty":{}},{"number":{"_0":3}}]}"#,
            #"{"element":{"element":true,"extras":[1.5],"inner":{"depth":"deep"}},"extras":[]}"#,
        ])
        #expect(decodedNested == 1)
    }

    @Test func namesThatAreMetatypesOrNonASCII() {
        let decodedNames = compare(UnseenAWSNames<Int>.self, [
            #"{"Type":"AWS::S3::Bucket","Protocol":"tcp","value":1}"#,
            #"{"Type":"t","value":2}"#,
            #"{"Type":1,"value":2}"#,
            #"{"Protocol":"udp","value":3}"#,
        ])
        #expect(decodedNames == 2)
        let decodedMoods = compare(UnseenMood<[String]>.self, [
            #"{"ärger":{"_0":3}}"#,
            #"{"élan":{"level":2,"Type":"high"}}"#,
            #"{"élan":{"level":2}}"#,
            #"{"calm":{}}"#,
            #"{"loaded":{"_0":["a"]}}"#,
            #"{"ärger":{"_0":"3"}}"#,
        ])
        #expect(decodedMoods == 4)
    }

    @Test func keylessStructsAndRawTypesCodedByCaseName() {
        let decoded = compare(UnseenHolder.self, [
            #"{"nothing":{},"nothings":[{},[],1,null,"s"],"constant":{"version":3}}"#,
            #"{"nothing":[],"constant":[]}"#,
            #"{"nothing":null,"constant":null}"#,
            #"{"nothing":1,"half":{"half":{}},"ratio":{"one":{}},"letters":[{"a":{}},{"b":{}}]}"#,
            #"{"nothing":1,"half":0.5}"#,
            #"{"nothing":1,"ratio":1}"#,
            #"{"nothing":1,"letters":["a"]}"#,
            #"{"nothing":1,"half":{"quarter":{}}}"#,
        ])
        #expect(decoded == 3)
        #expect(compare(UnseenNothing.self, [#"[]"#, #"1"#, #"null"#, #""s""#, #"{"x":1}"#]) == 5)
    }
}
