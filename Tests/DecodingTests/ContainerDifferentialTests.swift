import Foundation
import TapeJSON
import Testing

// MARK: - Fixtures

struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var email: String?
    var tags: [String]
}

struct Team: Decodable, Equatable {
    var lead: Person
    var members: [Person]
    var scores: [String: Int]
    var backup: Person?
}

enum Color: String, Codable, Equatable { case red, green, blue }
enum Level: Int, Codable, Equatable { case low = 1, high = 2 }

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case square(side: Double)
    case point
}

struct Palette: Decodable, Equatable {
    var primary: Color
    var levels: [Level]
    var shapes: [Shape]
}

/// Class inheritance: the subclass decodes its own keys, then hands `superDecoder()` to the parent.
class Animal: Decodable, Equatable {
    var name: String
    var legs: Int

    private enum CodingKeys: String, CodingKey { case name, legs }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        legs = try container.decode(Int.self, forKey: .legs)
    }

    static func == (a: Animal, b: Animal) -> Bool {
        type(of: a) == type(of: b) && a.name == b.name && a.legs == b.legs && a.isEqual(to: b)
    }

    func isEqual(to other: Animal) -> Bool { true }
}

/// Parent data under the key "super".
final class Dog: Animal {
    var breed: String

    private enum CodingKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    override func isEqual(to other: Animal) -> Bool { breed == (other as? Dog)?.breed }
}

/// Parent data in the same object (the same decoder).
final class Cat: Animal {
    var indoor: Bool

    private enum CodingKeys: String, CodingKey { case indoor }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        indoor = try container.decode(Bool.self, forKey: .indoor)
        try super.init(from: decoder)
    }

    override func isEqual(to other: Animal) -> Bool { indoor == (other as? Cat)?.indoor }
}

/// Parent data under a custom key.
final class Bird: Animal {
    var wingspan: Double

    private enum CodingKeys: String, CodingKey { case wingspan, animal }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        wingspan = try container.decode(Double.self, forKey: .wingspan)
        try super.init(from: container.superDecoder(forKey: .animal))
    }

    override func isEqual(to other: Animal) -> Bool { wingspan == (other as? Bird)?.wingspan }
}

/// What a keyed container reports about an object.
struct KeyedProbe: Decodable, Equatable {
    var keys: [String]
    var containsA: Bool
    var containsZ: Bool
    var aIsNil: Bool
    var path: [String]

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        keys = container.allKeys.map(\.stringValue).sorted()
        containsA = container.contains(AnyKey(stringValue: "a"))
        containsZ = container.contains(AnyKey(stringValue: "z"))
        aIsNil = try container.decodeNil(forKey: AnyKey(stringValue: "a"))
        path = container.codingPath.map(describe)
    }
}

/// Walks an array with every unkeyed-container method.
struct UnkeyedProbe: Decodable, Equatable {
    var count: Int?
    var log: [String]

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        count = container.count
        var log: [String] = []
        while !container.isAtEnd {
            let index = container.currentIndex
            if try container.decodeNil() {
                log.append("\(index): nil")
            } else if let number = try? container.decode(Int.self) {
                log.append("\(index): int \(number)")
            } else if let text = try? container.decode(String.self) {
                log.append("\(index): string \(text)")
            } else if var nested = try? container.nestedUnkeyedContainer() {
                var inner: [Int] = []
                while !nested.isAtEnd { inner.append(try nested.decode(Int.self)) }
                log.append("\(index): array \(inner) path \(nested.codingPath.map(describe))")
            } else {
                let nested = try container.nestedContainer(keyedBy: KeyedProbe.AnyKey.self)
                log.append("\(index): object \(nested.allKeys.map(\.stringValue).sorted()) path \(nested.codingPath.map(describe))")
            }
        }
        log.append("end at \(container.currentIndex)")
        log.append("decodeIfPresent at end: \(String(describing: try container.decodeIfPresent(Int.self)))")
        log.append("index after: \(container.currentIndex)")
        self.log = log
    }
}

/// Reads past the end of an array, which throws.
struct OverreadProbe: Decodable, Equatable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        while true { _ = try container.decode(Int.self) }
    }
}

/// Asks for each kind of value past the end, one per `kind`.
struct AtEndProbe: Decodable, Equatable {
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let kind = try container.decode(String.self)
        switch kind {
        case "nil": _ = try container.decodeNil()
        case "keyed": _ = try container.nestedContainer(keyedBy: KeyedProbe.AnyKey.self)
        case "unkeyed": _ = try container.nestedUnkeyedContainer()
        case "super": _ = try container.superDecoder()
        default: _ = try container.decode(Person.self)
        }
    }
}

/// Nested containers by key, decoded in and out of order.
struct Coordinates: Decodable, Equatable {
    var latitude: Double
    var longitude: Double
    var elevation: Double
    var history: [Int]

    enum CodingKeys: String, CodingKey { case latitude, longitude, info, history }
    enum InfoKeys: String, CodingKey { case elevation }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let info = try container.nestedContainer(keyedBy: InfoKeys.self, forKey: .info)
        var history = try container.nestedUnkeyedContainer(forKey: .history)
        longitude = try container.decode(Double.self, forKey: .longitude)
        latitude = try container.decode(Double.self, forKey: .latitude)
        elevation = try info.decode(Double.self, forKey: .elevation)
        var values: [Int] = []
        while !history.isAtEnd { values.append(try history.decode(Int.self)) }
        self.history = values
    }
}

/// The coding paths a decoder and its containers report while decoding.
struct PathProbe: Decodable, Equatable {
    var paths: [String]

    init(from decoder: any Decoder) throws {
        var paths = ["decoder: \(decoder.codingPath.map(describe))"]
        if let container = try? decoder.container(keyedBy: KeyedProbe.AnyKey.self) {
            paths.append("keyed: \(container.codingPath.map(describe))")
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                if let child = try? container.decode(PathProbe.self, forKey: key) {
                    paths += child.paths
                }
            }
        } else if var container = try? decoder.unkeyedContainer() {
            paths.append("unkeyed: \(container.codingPath.map(describe))")
            while !container.isAtEnd {
                paths += try container.decode(PathProbe.self).paths
            }
        } else {
            paths.append("single: \(try decoder.singleValueContainer().codingPath.map(describe))")
        }
        self.paths = paths
    }
}

/// Many optional properties, most absent: lookups that miss, then hit, in one object.
struct Sparse: Decodable, Equatable {
    var a: Int?
    var missing1: Int?
    var bb: String?
    var xx: String?
    var ccc: Bool?
    var missing2: Int?
    var dddd: [Int]?
    var zzzz: [Int]?
    var eeeee: Double?
    var required: Int
}

@Suite("Containers, compared with Foundation's JSONDecoder")
struct ContainerDifferentialTests {
    // MARK: - Structs and optionals

    @Test("structs with optionals and arrays", arguments: [
        #"{"name":"Ada","age":36,"email":"ada@example.com","tags":["math","code"]}"#,
        #"{"name":"Ada","age":36,"tags":[]}"#,
        #"{"name":"Ada","age":36,"email":null,"tags":["x"]}"#,
        #"{"tags":["x"],"email":"e","age":1,"name":"reversed"}"#,
        #"{"name":"Ada","age":36,"tags":[],"unknown":{"deep":[1,2,{"x":null}]},"more":true}"#,
        #"{"name":"Ada","age":36}"#,
        #"{"name":"Ada","tags":[]}"#,
        #"{"name":null,"age":36,"tags":[]}"#,
        #"{"name":"Ada","age":"36","tags":[]}"#,
        #"{"name":"Ada","age":36,"email":5,"tags":[]}"#,
        #"{"name":"Ada","age":36,"tags":["a",1]}"#,
        #"{"name":"Ada","age":36,"tags":null}"#,
        #"{"name":"Ada","age":36,"tags":{}}"#,
        #"["name"]"#,
        "null",
        "42",
    ])
    func person(json: String) {
        expectSameDecoding(Person.self, json: json)
    }

    @Test("nested structs, arrays and dictionaries", arguments: [
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[{"name":"B","age":2,"tags":["t"]}],"scores":{"x":1,"y":2}}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[],"scores":{},"backup":null}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[],"scores":{},"backup":{"name":"C","age":3,"tags":[]}}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[{"name":"B","age":"x","tags":[]}],"scores":{}}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[{"name":"B","age":2,"tags":[]},{"age":3,"tags":[]}],"scores":{}}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[],"scores":{"x":"one"}}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[null],"scores":{}}"#,
        #"{"lead":null,"members":[],"scores":{}}"#,
        #"{"lead":[],"members":[],"scores":{}}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":{},"scores":{}}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[],"scores":[]}"#,
        #"{"lead":{"name":"A","age":1,"tags":[]},"members":[],"scores":{},"backup":{"name":"C"}}"#,
    ])
    func team(json: String) {
        expectSameDecoding(Team.self, json: json)
    }

    @Test("absent optional keys between present ones", arguments: [
        #"{"required":1}"#,
        #"{"eeeee":2.5,"dddd":[1],"ccc":true,"bb":"x","a":1,"required":0}"#,
        #"{"zzzz":[9],"required":3,"xx":"y","missing2":null}"#,
        #"{"a":1,"bb":"s","ccc":false,"dddd":[],"eeeee":1,"missing1":7,"missing2":8,"xx":"t","zzzz":[2]}"#,
        #"{"a":1,"bb":"s","ccc":false,"dddd":[],"eeeee":1,"required":"no"}"#,
    ])
    func sparse(json: String) {
        expectSameDecoding(Sparse.self, json: json)
        expectSameDecoding([Sparse].self, json: "[\(json),\(json)]")
    }

    @Test("optional nesting")
    func optionalNesting() {
        expectSameDecoding([Int?].self, json: "[1,null,3]")
        expectSameDecoding([[Int]?].self, json: "[[1],null,[]]")
        expectSameDecoding([String: Int?].self, json: #"{"a":1,"b":null}"#)
        expectSameDecoding(Int?.self, json: "null")
        expectSameDecoding(Int?.self, json: "7")
        expectSameDecoding(Person?.self, json: "null")
        expectSameDecoding(Box<Int??>.self, json: #"{"value":null}"#)
        expectSameDecoding(Box<[Int?]?>.self, json: #"{"value":[null,2]}"#)
    }

    @Test("nested arrays and sets")
    func nestedArrays() {
        expectSameDecoding([[Int]].self, json: "[[1,2],[],[3]]")
        expectSameDecoding([[[String]]].self, json: #"[[["a"]],[[],["b","c"]]]"#)
        expectSameDecoding([[Int]].self, json: "[[1,2],[3,\"x\"]]")
        expectSameDecoding([[Int]].self, json: "[[1,2],3]")
        expectSameDecoding(Set<Int>.self, json: "[3,1,2]")
        expectSameDecoding(Set<Int>.self, json: "[3,1,2,3,1]")
        expectSameDecoding(Set<Int>.self, json: "[]")
        expectSameDecoding(Set<Int>.self, json: "{}")
        expectSameDecoding(Set<Int>.self, json: "[1,null]")
        expectSameDecoding(Set<Int>.self, json: "[1,2.5]", notFitPath: ["Index 1#1"])
        expectSameDecoding(Set<String>.self, json: #"["a","b","a"]"#)
        expectSameDecoding(Set<String>.self, json: #"["a",1]"#)
        expectSameDecoding(Set<String>.self, json: "\"a\"")
        expectSameDecoding([Set<String>].self, json: #"[["x","y"],[],["y"]]"#)
        expectSameDecoding([Set<String>].self, json: #"[["x"],["y",null]]"#)
        expectSameDecoding(Set<Double>.self, json: "[1,1.0,2e0]")
        expectSameDecoding(Set<HashableBox>.self, json: #"[{"value":1},{"value":1},{"value":2}]"#)
        expectSameDecoding(Set<HashableBox>.self, json: #"[{"value":1},{"valu":2}]"#)
        expectSameDecoding(Box<Set<String>?>.self, json: #"{"value":["p","q"]}"#)
        expectSameDecoding(Box<Set<String>?>.self, json: #"{"value":null}"#)
        expectSameDecoding([Int].self, json: "[]")
        expectSameDecoding([Int].self, json: "{}")
        expectSameDecoding(ClosedRange<Int>.self, json: "[1,5]")
        expectSameDecoding(ClosedRange<Int>.self, json: "[5,1]")
    }

    // MARK: - Enums

    @Test("enums", arguments: [
        #"{"primary":"red","levels":[1,2],"shapes":[{"circle":{"radius":1.5}},{"point":{}}]}"#,
        #"{"primary":"purple","levels":[],"shapes":[]}"#,
        #"{"primary":"red","levels":[3],"shapes":[]}"#,
        #"{"primary":"red","levels":["1"],"shapes":[]}"#,
        #"{"primary":"red","levels":[],"shapes":[{"square":{"side":2}}]}"#,
        #"{"primary":"red","levels":[],"shapes":[{"square":{}}]}"#,
        #"{"primary":"red","levels":[],"shapes":[{"triangle":{}}]}"#,
        #"{"primary":"red","levels":[],"shapes":[{"circle":{"radius":1},"point":{}}]}"#,
        #"{"primary":1,"levels":[],"shapes":[]}"#,
    ])
    func enums(json: String) {
        expectSameDecoding(Palette.self, json: json)
    }

    // MARK: - Inheritance and superDecoder

    @Test("class inheritance through superDecoder")
    func inheritance() {
        expectSameDecoding(Dog.self, json: #"{"breed":"collie","super":{"name":"Rex","legs":4}}"#)
        expectSameDecoding(Dog.self, json: #"{"breed":"collie"}"#)
        expectSameDecoding(Dog.self, json: #"{"breed":"collie","super":{"name":"Rex"}}"#)
        expectSameDecoding(Dog.self, json: #"{"breed":"collie","super":{"name":"Rex","legs":"four"}}"#)
        expectSameDecoding(Dog.self, json: #"{"breed":"collie","super":null}"#)
        expectSameDecoding(Cat.self, json: #"{"indoor":true,"name":"Tom","legs":4}"#)
        expectSameDecoding(Cat.self, json: #"{"indoor":true,"name":"Tom"}"#)
        expectSameDecoding(Bird.self, json: #"{"wingspan":0.3,"animal":{"name":"Tweety","legs":2}}"#)
        expectSameDecoding(Bird.self, json: #"{"wingspan":0.3}"#)
        expectSameDecoding(Bird.self, json: #"{"wingspan":0.3,"animal":{"name":"Tweety","legs":true}}"#)
        expectSameDecoding([Dog].self, json: #"[{"breed":"a","super":{"name":"x","legs":4}},{"breed":"b","super":{"name":"y"}}]"#)
    }

    // MARK: - Keyed container queries

    @Test("allKeys, contains, decodeNil and codingPath", arguments: [
        #"{"a":null,"b":1}"#,
        #"{"a":1,"b":null,"c":[1]}"#,
        #"{"b":1}"#,
        #"{"a":1,"a":null}"#,
        #"{}"#,
        #"[]"#,
    ])
    func keyedQueries(json: String) {
        expectSameDecoding(KeyedProbe.self, json: json)
        expectSameDecoding([KeyedProbe].self, json: "[\(json)]")
        expectSameDecoding([String: KeyedProbe].self, json: #"{"k":\#(json)}"#)
    }

    @Test("unkeyed container walk", arguments: [
        #"[1,"two",null,[3,4],{"k":5},6]"#,
        "[]",
        "[null,null]",
        #"[[],{}]"#,
        #"[[1,"x"]]"#,
    ])
    func unkeyedWalk(json: String) {
        expectSameDecoding(UnkeyedProbe.self, json: json)
        expectSameDecoding(Box<UnkeyedProbe>.self, json: #"{"value":\#(json)}"#)
    }

    @Test("unkeyed container at end", arguments: [
        #"["int",1]"#, #"["nil"]"#, #"["keyed"]"#, #"["unkeyed"]"#, #"["super"]"#, #"["person"]"#,
    ])
    func unkeyedAtEnd(json: String) {
        expectSameDecoding(AtEndProbe.self, json: json)
        expectSameDecoding([AtEndProbe].self, json: "[\(json)]")
    }

    @Test("reading past the end of an array")
    func overread() {
        expectSameDecoding(OverreadProbe.self, json: "[1,2,3]")
        expectSameDecoding(Box<OverreadProbe>.self, json: #"{"value":[]}"#)
    }

    @Test("nested containers by key, out of order")
    func nestedContainers() {
        expectSameDecoding(Coordinates.self, json: #"{"latitude":1.5,"longitude":-2,"info":{"elevation":30},"history":[1,2]}"#)
        expectSameDecoding(Coordinates.self, json: #"{"history":[],"info":{"elevation":1},"longitude":2,"latitude":3}"#)
        expectSameDecoding(Coordinates.self, json: #"{"latitude":1.5,"longitude":-2,"info":{},"history":[1,2]}"#)
        expectSameDecoding(Coordinates.self, json: #"{"latitude":1.5,"longitude":-2,"info":null,"history":[1,2]}"#)
        expectSameDecoding(Coordinates.self, json: #"{"latitude":1.5,"longitude":-2,"info":{"elevation":1},"history":[1,"x"]}"#)
        expectSameDecoding(Coordinates.self, json: #"{"latitude":1.5,"longitude":-2,"history":[]}"#)
        expectSameDecoding([Coordinates].self, json: #"[{"latitude":1,"longitude":2,"info":{"elevation":"high"},"history":[]}]"#)
    }

    @Test("coding paths reported while decoding", arguments: [
        #"{"a":{"b":[1,{"c":null}]},"d":"x"}"#,
        #"[[[]],{"k":[true]}]"#,
        "5",
    ])
    func codingPaths(json: String) {
        expectSameDecoding(PathProbe.self, json: json)
    }

    // MARK: - Dictionaries

    @Test("dictionaries keyed by String and Int")
    func dictionaries() {
        expectSameDecoding([String: Int].self, json: #"{"a":1,"b":2}"#)
        expectSameDecoding([String: Int].self, json: #"{"a":1,"a":2}"#)
        expectSameDecoding([String: Int].self, json: #"{"a":1,"b":"x"}"#)
        // The failing entry's key in the path: a numeric key has an intValue, as Dictionary's own has.
        expectSameDecoding([String: Int].self, json: #"{"1":1,"2":"x"}"#)
        expectSameDecoding([String: [Int]].self, json: #"{"a":[1],"b":[1,"x"]}"#)
        expectSameDecoding([String: [String: Person]].self, json: #"{"x":{"y":{"name":"n","age":1,"tags":[]}}}"#)
        expectSameDecoding([String: [String: Person]].self, json: #"{"x":{"y":{"name":"n","age":1}}}"#)
        expectSameDecoding([Int: String].self, json: #"{"1":"one","2":"two","-3":"minus three"}"#)
        expectSameDecoding([Int: String].self, json: #"{"1":"one","x":"two"}"#)
        expectSameDecoding([Int: String].self, json: #"{"1":"one","2":2}"#)
        expectSameDecoding([Int: [Int]].self, json: #"{"10":[1],"20":[]}"#)
        expectSameDecoding([String: Int].self, json: "[]")
        expectSameDecoding([String: Int].self, json: "null")
        expectSameDecoding([String: Color].self, json: #"{"fg":"red","bg":"green"}"#)
        expectSameDecoding([Color: Int].self, json: #"["red",1,"green",2]"#)
    }

    // MARK: - Foundation types

    @Test("Foundation value types")
    func foundationTypes() {
        expectSameDecoding(UUID.self, json: #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#)
        expectSameDecoding(UUID.self, json: #""not-a-uuid""#)
        expectSameDecoding([URL].self, json: #"["https://example.com/a?b=c","file:///tmp/x"]"#)
        expectSameDecoding(Box<URL>.self, json: #"{"value":""}"#)
        expectSameDecoding(Box<URL>.self, json: #"{"value":3}"#)
        expectSameDecoding(Box<URL?>.self, json: #"{"value":null}"#)
        expectSameDecoding([Decimal].self, json: "[1.25, 7, -3.5, 0, 12345678901234]")
        expectSameDecoding(Box<Decimal>.self, json: #"{"value":"1.5"}"#)
        expectSameDecoding(Box<Decimal>.self, json: #"{"value":null}"#)
        expectSameDecoding([Date].self, json: "[0, 86400.5, -1]")
        expectSameDecoding(Box<Date>.self, json: #"{"value":"2024"}"#)
        expectSameDecoding(Box<Date>.self, json: #"{"value":null}"#)
        expectSameDecoding(Box<Data>.self, json: #"{"value":"aGVsbG8="}"#)
    }

    // MARK: - Top level

    @Test("top-level values and invalid JSON", arguments: [
        "1", #""text""#, "true", "null", "[1]", "{}", "", " ", "[1,2", "{\"a\":}", "[1] [2]", "nul",
    ])
    func topLevel(json: String) {
        expectSameDecoding(Int.self, json: json, compareMessages: true, notFitPath: [])
        expectSameDecoding([Int].self, json: json)
        expectSameDecoding(Int?.self, json: json)
    }
}

/// A set's element that is a keyed value.
private struct HashableBox: Decodable, Hashable {
    var value: Int
}
