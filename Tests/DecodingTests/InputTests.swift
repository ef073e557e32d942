import Foundation
import TapeJSON
import Testing

/// A recursive value, to decode documents nested deeper than the session's initial frame stack.
indirect enum Tree: Decodable, Equatable {
    case leaf(Int)
    case node([Tree])

    init(from decoder: any Decoder) throws {
        if var container = try? decoder.unkeyedContainer() {
            var children: [Tree] = []
            while !container.isAtEnd { children.append(try container.decode(Tree.self)) }
            self = .node(children)
        } else {
            self = .leaf(try decoder.singleValueContainer().decode(Int.self))
        }
    }

    static func nested(depth: Int, leaf: String) -> String {
        String(repeating: "[", count: depth) + leaf + String(repeating: "]", count: depth)
    }
}

/// Keeps its keyed container, to be used after the decode call returned.
struct ContainerKeeper: Decodable {
    let container: KeyedDecodingContainer<TestKey>

    init(from decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: TestKey.self)
    }
}

/// Keeps its decoder, to decode from it after the decode call returned.
struct DecoderKeeper: Decodable {
    let decoder: any Decoder

    init(from decoder: any Decoder) throws {
        self.decoder = decoder
    }
}

/// Holds two containers of the same key type on the same object at once, reading them interleaved.
struct TwinContainers: Decodable, Equatable {
    var values: [Int]

    init(from decoder: any Decoder) throws {
        let first = try decoder.container(keyedBy: TestKey.self)
        let second = try decoder.container(keyedBy: TestKey.self)
        let nested = try first.nestedContainer(keyedBy: TestKey.self, forKey: TestKey("inner"))
        values = [
            try first.decode(Int.self, forKey: TestKey("a")),
            try second.decode(Int.self, forKey: TestKey("b")),
            try nested.decode(Int.self, forKey: TestKey("c")),
            try first.decode(Int.self, forKey: TestKey("b")),
        ]
    }
}

@Suite("Inputs, invalid JSON and sharing")
struct InputTests {
    static let json = #"{"name":"Ada","age":36,"tags":["math"]}"#
    static let ada = Person(name: "Ada", age: 36, email: nil, tags: ["math"])

    // MARK: - Input types

    @Test("every input overload decodes the same value")
    func overloads() throws {
        let decoder = TapeJSONDecoder()
        #expect(try decoder.decode(Person.self, from: Data(Self.json.utf8)) == Self.ada)
        #expect(try decoder.decode(Person.self, from: Array(Self.json.utf8)) == Self.ada)
        var padded = Array(Self.json.utf8)
        padded.reserveCapacity(padded.count + 128)
        #expect(try decoder.decode(Person.self, from: padded) == Self.ada)
        #expect(try decoder.decode(Person.self, from: Self.json) == Self.ada)
        let slice = Array(("xx" + Self.json + "yy").utf8)[2..<(2 + Self.json.utf8.count)]
        #expect(try decoder.decode(Person.self, from: slice) == Self.ada)
        let fromBuffer = try Array(Self.json.utf8).withUnsafeBytes { raw in
            try decoder.decode(Person.self, from: raw)
        }
        #expect(fromBuffer == Self.ada)
    }

    @Test("contentsOf a file, memory-mapped")
    func file() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapejson-decoder-\(UUID()).json")
        try Data(Self.json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try TapeJSONDecoder().decode(Person.self, contentsOf: url) == Self.ada)

        let missing = url.appendingPathExtension("missing")
        #expect(throws: JSONInputError.self) { try TapeJSONDecoder().decode(Person.self, contentsOf: missing) }
    }

    @Test("UTF-16, UTF-32 and byte-order marks, as Foundation reads them", arguments: [
        String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16, .utf32LittleEndian, .utf32BigEndian,
    ])
    func encodings(encoding: String.Encoding) throws {
        let data = try #require(Self.json.data(using: encoding))
        let foundation = try JSONDecoder().decode(Person.self, from: data)
        #expect(try TapeJSONDecoder().decode(Person.self, from: data) == foundation)
        let withBOM = Data([0xEF, 0xBB, 0xBF]) + Data(Self.json.utf8)
        #expect(try TapeJSONDecoder().decode(Person.self, from: withBOM) == Self.ada)
        #expect(try TapeJSONDecoder().decode(Int.self, from: "7".data(using: .utf16LittleEndian)!) == 7)
    }

    // MARK: - Invalid JSON

    @Test("invalid JSON throws dataCorrupted with a located JSONError")
    func invalidJSON() throws {
        let text = "{\n  \"name\": \"Ada\",\n  \"age\": 36 36\n}"
        do {
            _ = try TapeJSONDecoder().decode(Person.self, from: Data(text.utf8))
            Issue.record("decoded invalid JSON")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == "The given data was not valid JSON")
            let underlying = try #require(context.underlyingError as? JSONError)
            #expect(underlying.line == 3)
            #expect(underlying.column == 13)
            #expect(underlying.kind == .unexpectedCharacter)
        }
    }

    @Test("print(error) of invalid JSON reads 'valid JSON. Underlying error', one period, and gives the position")
    func invalidJSONPrinted() throws {
        let text = "{\n  \"name\": \"Ada\",\n  \"age\": 36 36\n}"
        let error = try #require(throws: DecodingError.self) { try TapeJSONDecoder().decode(Person.self, from: Data(text.utf8)) }
        let printed = String(describing: error)
        #expect(!printed.contains(".."), "\(printed)")
        #expect(printed.contains("not valid JSON. Underlying error: line 3, column 13 (byte 31): "), "\(printed)")
    }

    @Test("empty and truncated input")
    func truncated() throws {
        for text in ["", "   ", #"{"name":"#, "[1,2"] {
            do {
                _ = try TapeJSONDecoder().decode([Int].self, from: Data(text.utf8))
                Issue.record("decoded \(text)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.underlyingError is JSONError)
            }
        }
    }

    // MARK: - Depth, lifetime, sharing

    @Test("deep nesting grows the path stack and reports full paths")
    func deepNesting() throws {
        let tree = try TapeJSONDecoder().decode(Tree.self, from: Data(Tree.nested(depth: 300, leaf: "7").utf8))
        var depth = 0
        var current = tree
        while case .node(let children) = current, let first = children.first {
            depth += 1
            current = first
        }
        #expect(depth == 300)
        #expect(current == .leaf(7))
        let error = tapeError(Tree.self, json: Tree.nested(depth: 100, leaf: "true"))
        #expect(error?.path.count == 100)
        expectSameDecoding(Tree.self, json: Tree.nested(depth: 120, leaf: #""x""#))
    }

    @Test("a container kept past the decode call still reads the document")
    func escapingContainer() throws {
        let keeper = try TapeJSONDecoder().decode(ContainerKeeper.self, from: Data(#"{"a": [1, 2], "b": "text"}"#.utf8))
        #expect(try keeper.container.decode([Int].self, forKey: TestKey("a")) == [1, 2])
        #expect(try keeper.container.decode(String.self, forKey: TestKey("b")) == "text")
        #expect(keeper.container.allKeys.map(\.stringValue) == ["a", "b"])
    }

    @Test("a decoder kept past the decode call still decodes")
    func escapingDecoder() throws {
        let keeper = try TapeJSONDecoder().decode(DecoderKeeper.self, from: Data(Self.json.utf8))
        #expect(try Person(from: keeper.decoder) == Self.ada)
        #expect(try Person(from: keeper.decoder) == Self.ada)
    }

    @Test("containers of one key type used at the same time, in arrays")
    func twinContainers() throws {
        let element = #"{"a": 1, "b": 2, "inner": {"c": 3}}"#
        let json = "[" + Array(repeating: element, count: 50).joined(separator: ",") + "]"
        let twins = try TapeJSONDecoder().decode([TwinContainers].self, from: Data(json.utf8))
        #expect(twins.count == 50)
        #expect(twins.allSatisfy { $0.values == [1, 2, 3, 2] })
        expectSameDecoding([TwinContainers].self, json: #"[{"a": 1, "b": 2, "inner": {"c": "x"}}]"#)
    }

    @Test("one decoder shared by concurrent tasks")
    func concurrentDecoding() async throws {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for n in 0..<64 {
                group.addTask {
                    let json = #"{"user_name": "u\#(n)", "children": [{"user_name": "c\#(n)"}]}"#
                    let model = try decoder.decode(SnakeModel.self, from: Data(json.utf8))
                    #expect(model.userName == "u\(n)")
                    #expect(model.children?.first?.userName == "c\(n)")
                    return n
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(results == (0..<64).reduce(0, +))
    }

    @Test("strategies read back what was set")
    func properties() {
        let decoder = TapeJSONDecoder()
        #expect(decoder.keyOptions == nil)
        decoder.keyOptions = .init(delimiter: ">")
        #expect(decoder.keyOptions?.delimiter == ">")
        #expect(decoder.keyOptions?.flat == "")
        decoder.userInfo[UserInfoProbe.key] = "x"
        #expect(decoder.userInfo[UserInfoProbe.key] as? String == "x")
        if case .useDefaultKeys = decoder.keyDecodingStrategy {} else { Issue.record("default key strategy") }
        if case .deferredToDate = decoder.dateDecodingStrategy {} else { Issue.record("default date strategy") }
        if case .base64 = decoder.dataDecodingStrategy {} else { Issue.record("default data strategy") }
        if case .throw = decoder.nonConformingFloatDecodingStrategy {} else { Issue.record("default float strategy") }
    }
}
