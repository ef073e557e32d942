import Testing

@testable import TapeJSON

@Suite struct BytePreservationTests {
    static let document = """
        {
          "n": 1.0E2, "m": 123456.0,
          "big": 123456789012345678901234567890,
          "s": "caf\\u00e9 \\/ x",
          "dup": 1, "dup": 2,
          "list": [ 1 , 2 ,3 ],
          "empty": { }
        }
        """

    func apply(_ patch: String, to document: String = document) throws -> String {
        try JSONPatch(patch).apply(to: document)
    }

    @Test func replaceChangesOnlyTheValue() throws {
        #expect(try apply(#"[{"op":"replace","path":"/m","value": { "a" : [ 1.50, "\u00e9" ] }}]"#)
                == Self.document.replacingOccurrences(of: "123456.0,", with: #"{"a":[1.50,"\u00e9"]},"#))
    }

    @Test func removeTakesOneSeparator() throws {
        #expect(try apply(#"[{"op":"remove","path":"/n"}]"#)
                == Self.document.replacingOccurrences(of: #""n": 1.0E2, "#, with: ""))
        #expect(try apply(#"[{"op":"remove","path":"/empty"}]"#)
                == Self.document.replacingOccurrences(of: ",\n  \"empty\": { }", with: ""))
        #expect(try apply(#"[{"op":"remove","path":"/list/1"}]"#)
                == Self.document.replacingOccurrences(of: "[ 1 , 2 ,3 ]", with: "[ 1 , 3 ]"))
        #expect(try apply(#"[{"op":"remove","path":"/list/2"}]"#)
                == Self.document.replacingOccurrences(of: "[ 1 , 2 ,3 ]", with: "[ 1 , 2 ]"))
    }

    @Test func addPlacesNewBytesNextToTheOldOnes() throws {
        #expect(try apply(#"[{"op":"add","path":"/empty/k~1","value":true}]"#)
                == Self.document.replacingOccurrences(of: "{ }", with: #"{ "k/":true}"#))
        #expect(try apply(#"[{"op":"add","path":"/list/-","value":4}]"#)
                == Self.document.replacingOccurrences(of: "[ 1 , 2 ,3 ]", with: "[ 1 , 2 ,3,4 ]"))
        #expect(try apply(#"[{"op":"add","path":"/list/0","value":0}]"#)
                == Self.document.replacingOccurrences(of: "[ 1 , 2 ,3 ]", with: "[ 0,1 , 2 ,3 ]"))
        #expect(try apply(#"[{"op":"add","path":"/new","value":"a\/b"}]"#)
                == Self.document.replacingOccurrences(of: "{ }\n}", with: "{ },\"new\":\"a\\/b\"\n}"))
    }

    @Test func repeatedKeysAreEditedAtTheFirst() throws {
        #expect(try apply(#"[{"op":"replace","path":"/dup","value":9}]"#)
                == Self.document.replacingOccurrences(of: #""dup": 1,"#, with: #""dup": 9,"#))
    }

    @Test func moveAndCopyKeepTheValuesBytes() throws {
        #expect(try apply(#"[{"op":"copy","from":"/s","path":"/t"}]"#)
                == Self.document.replacingOccurrences(of: "{ }\n}", with: "{ },\"t\":\"caf\\u00e9 \\/ x\"\n}"))
        let moved = try apply(#"[{"op":"move","from":"/big","path":"/empty/big"}]"#)
        #expect(moved == Self.document
            .replacingOccurrences(of: "\"big\": 123456789012345678901234567890,\n  ", with: "")
            .replacingOccurrences(of: "{ }", with: #"{ "big":123456789012345678901234567890}"#))
    }

    @Test func testComparesAsData() throws {
        _ = try apply(#"[{"op":"test","path":"/n","value":100},{"op":"test","path":"/s","value":"café / x"},{"op":"test","path":"/list","value":[1.0,2,3e0]}]"#)
        _ = try apply(#"[{"op":"test","path":"","value":{"n":100}}]"#, to: #"{"n":1e2}"#)
        _ = try apply(#"[{"op":"test","path":"","value":{"b":[1],"a":null}}]"#, to: #"{"a":null,"b":[1]}"#)
        #expect(throws: JSONPatchError.self) { try apply(#"[{"op":"test","path":"/list","value":[1,3,2]}]"#) }
        #expect(throws: JSONPatchError.self) { try apply(#"[{"op":"test","path":"/n","value":"100"}]"#) }
        #expect(throws: JSONPatchError.self) { try apply(#"[{"op":"test","path":"","value":{"a":1}}]"#, to: #"{"a":1,"b":2}"#) }
    }

    @Test func swiftOperationsMatchTheirJSON() throws {
        let built = try JSONPatch([.replace("/n", json: " 7 "), .remove("/dup"), .add("/list/-", json: #""x""#),
                                   .move(from: "/m", to: "/mm"), .copy(from: "/s", to: "/empty/s"), .test("/mm", json: "123456")])
        let written = try JSONPatch(#"""
            [{"op":"replace","path":"/n","value":7},{"op":"remove","path":"/dup"},{"op":"add","path":"/list/-","value":"x"},
             {"op":"move","from":"/m","path":"/mm"},{"op":"copy","from":"/s","path":"/empty/s"},{"op":"test","path":"/mm","value":123456}]
            """#)
        #expect(try built.apply(to: Self.document) == written.apply(to: Self.document))
        #expect(built.count == 6)
        #expect(throws: JSONPatchError.self) { try JSONPatch([.add("/a", json: "{")]) }
        #expect(throws: JSONPatchError.self) { try JSONPatch([.remove("a")]) }
    }

    @Test func documentsAndLinesArePatchedToo() throws {
        let patch = try JSONPatch(#"[{"op":"replace","path":"/a","value":2}]"#)
        let document = try JSONDocument(parsing: #"{ "a": 1, "b": [true] }"#)
        #expect(text(try patch.apply(to: document)) == #"{"a":2,"b":[true]}"#)
        #expect(text(try JSONMergePatch(#"{"b":null}"#).apply(to: document)) == #"{"a":1}"#)
        var outputs: [String] = []
        try JSONLines(bytes: Array("{\"a\": 1}\n{\"a\" :0, \"c\": 1}\n".utf8)).forEach { line in
            outputs.append(text(try patch.apply(to: line)))
        }
        #expect(outputs == [#"{"a": 2}"#, #"{"a" :2, "c": 1}"#])
    }

    /// Strings are skipped eight bytes at a time: escapes and quotes at every offset of long strings.
    @Test func longStringsAreSkippedExactly() throws {
        let patch = try JSONPatch(#"[{"op":"replace","path":"/after","value":1}]"#)
        for length in 0..<40 {
            for escapeAt in 0...length {
                var inner = String(repeating: "a", count: length)
                inner.insert(contentsOf: escapeAt % 2 == 0 ? #"\""# : #"\\"#, at: inner.index(inner.startIndex, offsetBy: escapeAt))
                let document = #"{"s":""# + inner + #"","\#(inner)":2,"after":0}"#
                #expect(try patch.apply(to: document) == document.replacingOccurrences(of: #""after":0"#, with: #""after":1"#),
                        "\(document)")
            }
        }
    }

    @Test func badInputNeverCrashes() throws {
        let documents = ["", " ", "[", "{\"a\":", "nul", "\"\\u12\"", "1 2", "{\"a\":1}}"]
        for document in documents {
            #expect(throws: JSONPatchError.self) { try JSONPatch("[]").apply(to: document) }
            #expect(throws: JSONPatchError.self) { try JSONMergePatch("{}").apply(to: document) }
        }
        let patches = ["", "[", "[1]", "[{}]", "[{\"op\":1}]", "[{\"op\":\"add\"}]", "[{\"op\":\"add\",\"path\":\"x\",\"value\":1}]",
                       "[{\"op\":\"add\",\"path\":\"/~2\",\"value\":1}]", "{}", "null", "[{\"op\":\"move\",\"path\":\"/a\",\"from\":null}]"]
        for patch in patches {
            #expect(throws: JSONPatchError.self) { try JSONPatch(patch) }
        }
    }
}
