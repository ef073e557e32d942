import TapeJSON
import Testing

// MARK: - Pull reader

@Suite("Event reader")
struct EventReaderTests {
    @Test("events of a document in order")
    func order() throws {
        #expect(try eventLines(#"{"a":[1,18446744073709551615,2.5,"s",true,null],"b":{}}"#) == [
            "{", "key a", "[", "int 1", "uint 18446744073709551615", "double 2.5", "string s", "bool true",
            "null", "]", "key b", "{", "}", "}",
        ])
    }

    @Test("a scalar root is one event", arguments: [
        ("42", "int 42"), ("-1.25", "double -1.25"), (#""text""#, "string text"), ("true", "bool true"),
        ("null", "null"), ("18446744073709551615", "uint 18446744073709551615"),
    ])
    func scalarRoot(_ text: String, _ event: String) throws {
        let document = try JSONParser.shared.parse(text)
        var reader = document.events
        #expect(drain(&reader) == [event])
        #expect(nextLine(&reader) == nil)
    }

    @Test("a string value in an object is a string, its name a key")
    func keysAndStrings() throws {
        #expect(try eventLines(#"{"k":"v","a":["k","v"],"o":{"k":"v"},"z":"end"}"#) == [
            "{", "key k", "string v", "key a", "[", "string k", "string v", "]",
            "key o", "{", "key k", "string v", "}", "key z", "string end", "}",
        ])
    }

    @Test("events of a value cover only that value")
    func valueEvents() throws {
        let document = try JSONParser.shared.parse(#"{"a":{"x":[1,2]},"b":3}"#)
        let a = try #require(document.root["a"])
        var reader = a.events
        #expect(drain(&reader) == ["{", "key x", "[", "int 1", "int 2", "]", "}"])
        let b = try #require(document.root["b"])
        var scalar = b.events
        #expect(drain(&scalar) == ["int 3"])
    }

    @Test("skipChildren jumps past the container just opened")
    func skipChildren() throws {
        let document = try JSONParser.shared.parse(#"{"a":{"x":[1,2],"y":{}},"b":[3,[4]],"c":4}"#)
        var reader = document.events
        var lines: [String] = []
        while let event = reader.next() {
            let line = describe(event)
            lines.append(line)
            // Skip the object under "a" and the array under "b", not the root.
            if lines.count > 1 && (line == "{" || line == "[") { reader.skipChildren() }
        }
        #expect(lines == ["{", "key a", "{", "key b", "[", "key c", "int 4", "}"])
    }

    @Test("skipChildren does nothing unless the last event opened a container")
    func skipChildrenElsewhere() throws {
        let document = try JSONParser.shared.parse(#"[1,[2],3]"#)
        var reader = document.events
        #expect(nextLine(&reader) == "[")
        #expect(nextLine(&reader) == "int 1")
        reader.skipChildren()
        #expect(nextLine(&reader) == "[")
        #expect(nextLine(&reader) == "int 2")
        reader.skipChildren()
        #expect(drain(&reader) == ["]", "int 3", "]"])
    }

    @Test("skipValue after a key skips that member's value, whatever it is")
    func skipValue() throws {
        let document = try JSONParser.shared.parse(
            #"{"password":"secret","nested":{"deep":[1,{"password":2}]},"n":1.5,"keep":"yes","last":[]}"#)
        var reader = document.events
        var lines: [String] = []
        while let event = reader.next() {
            let line = describe(event)
            lines.append(line)
            if line.hasPrefix("key ") && line != "key keep" { reader.skipValue() }
        }
        #expect(lines == ["{", "key password", "key nested", "key n", "key keep", "string yes", "key last", "}"])
    }

    @Test("after the last event the reader keeps returning nil")
    func exhausted() throws {
        let document = try JSONParser.shared.parse("[]")
        var reader = document.events
        #expect(drain(&reader) == ["[", "]"])
        #expect(nextLine(&reader) == nil)
        reader.skipValue()
        reader.skipChildren()
        #expect(nextLine(&reader) == nil)
    }
}

// MARK: - Push handler

/// Records events; skips the children of containers under a key named "skip"; stops at a key "stop".
struct RecordingHandler: JSONEventHandler {
    var lines: [String] = []
    var skipNext = false

    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        let line = describe(event)
        lines.append(line)
        if line == "key stop" { return .stop }
        if line == "key skip" { skipNext = true; return .continue }
        if skipNext {
            skipNext = false
            return .skipChildren
        }
        return .continue
    }
}

struct ThrowingHandler: JSONEventHandler {
    struct Found: Error {}
    var count = 0
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        count += 1
        if case .null = event { throw Found() }
        return .continue
    }
}

@Suite("Event handler")
struct EventHandlerTests {
    @Test(".continue visits every event")
    func visitsAll() throws {
        let document = try JSONParser.shared.parse(#"[{"a":1},[true]]"#)
        var handler = RecordingHandler()
        try document.walk(&handler)
        #expect(handler.lines == ["[", "{", "key a", "int 1", "}", "[", "bool true", "]", "]"])
    }

    @Test(".skipChildren skips a container; after a scalar it is .continue")
    func skips() throws {
        let document = try JSONParser.shared.parse(#"{"skip":{"x":[1,2,3]},"skip":[4],"skip":5,"after":6}"#)
        var handler = RecordingHandler()
        try document.walk(&handler)
        #expect(handler.lines == ["{", "key skip", "{", "key skip", "[", "key skip", "int 5", "key after", "int 6", "}"])
    }

    @Test(".stop ends the walk")
    func stops() throws {
        let document = try JSONParser.shared.parse(#"{"a":1,"stop":2,"b":3}"#)
        var handler = RecordingHandler()
        try document.walk(&handler)
        #expect(handler.lines == ["{", "key a", "int 1", "key stop"])
    }

    @Test("a value's walk covers only that value")
    func valueWalk() throws {
        let document = try JSONParser.shared.parse(#"{"a":[1,2],"b":true}"#)
        var handler = RecordingHandler()
        try #require(document.root["a"]).walk(&handler)
        #expect(handler.lines == ["[", "int 1", "int 2", "]"])
    }

    @Test("a handler's error ends the walk and propagates")
    func throwing() throws {
        let document = try JSONParser.shared.parse("[1,null,2]")
        var handler = ThrowingHandler()
        #expect(throws: ThrowingHandler.Found.self) { try document.walk(&handler) }
        #expect(handler.count == 3)
    }
}
