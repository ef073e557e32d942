import Foundation
import TapeJSON
import Testing

/// Properties named in lowerCamelCase, as `.convertFromAnyCase` produces them.
struct Account: Decodable, Equatable {
    var userId: Int
    var errorCode: String
    var myAbbrKey: Bool
    var firstName: String?
    var httpStatusCode: Int?
    var xmlHttpRequest: String?
    var url: String?
    var _internal: Int?
    var version2Name: String?
}

@Suite("KeyDecodingStrategy.convertFromAnyCase")
struct AnyCaseKeyTests {
    static func decoder() -> TapeJSONDecoder {
        let decoder = TapeJSONDecoder()
        decoder.keyDecodingStrategy = .convertFromAnyCase
        return decoder
    }

    /// Reads the converted form of one key through `allKeys`.
    struct ConvertedKey: Decodable {
        var key: String
        init(from decoder: any Decoder) throws {
            key = try decoder.container(keyedBy: TestKey.self).allKeys.first?.stringValue ?? ""
        }
    }

    static func converted(_ key: String) throws -> String {
        let json = try JSONSerialization.data(withJSONObject: [key: 0])
        return try decoder().decode(ConvertedKey.self, from: json).key
    }

    @Test("each casing becomes lowerCamelCase", arguments: [
        ("myABBRKey", "myAbbrKey"),
        ("UserID", "userId"),
        ("user_id", "userId"),
        ("user-id", "userId"),
        ("ErrorCode", "errorCode"),
        ("userId", "userId"),
        ("USER_ID", "userId"),
        ("User_Id", "userId"),
        ("HTTPStatusCode", "httpStatusCode"),
        ("http_status-code", "httpStatusCode"),
        ("XMLHttpRequest", "xmlHttpRequest"),
        ("URL", "url"),
        ("a", "a"),
        ("A", "a"),
        ("version2Name", "version2Name"),
        ("version_2_name", "version2Name"),
        ("user__id", "userId"),
        ("_internal", "_internal"),
        ("_Internal_Value_", "_internalValue_"),
        ("-leading-dash", "-leadingDash"),
        ("___", "___"),
        ("", ""),
        ("naïve_café", "naïveCafé"),
    ])
    func conversions(raw: String, expected: String) throws {
        #expect(try Self.converted(raw) == expected)
    }

    @Test("a payload mixing casings decodes into lowerCamelCase properties")
    func mixedPayload() throws {
        let json = #"""
        {"UserID": 7, "error_code": "E42", "myABBRKey": true, "first-name": "Ada",
         "HTTP_STATUS_CODE": 200, "XMLHttpRequest": "x", "URL": "u", "_internal": 1, "Version2Name": "v"}
        """#
        let account = try Self.decoder().decode(Account.self, from: Data(json.utf8))
        #expect(account == Account(userId: 7, errorCode: "E42", myAbbrKey: true, firstName: "Ada",
                                   httpStatusCode: 200, xmlHttpRequest: "x", url: "u", _internal: 1,
                                   version2Name: "v"))
    }

    @Test("repeated keys across many objects are converted consistently")
    func repeatedKeys() throws {
        let element = #"{"user_id": 1, "ErrorCode": "a", "my-abbr-key": false}"#
        let json = "[" + Array(repeating: element, count: 500).joined(separator: ",") + "]"
        let accounts = try Self.decoder().decode([Account].self, from: Data(json.utf8))
        #expect(accounts.count == 500)
        #expect(accounts.allSatisfy { $0.userId == 1 && $0.errorCode == "a" && !$0.myAbbrKey })
    }

    @Test("a missing key is reported under its CodingKey")
    func missingKey() throws {
        let error = tapeError(Account.self, json: #"{"user_id": 1, "my_abbr_key": true}"#, decoder: Self.decoder())
        #expect(error?.kind == "keyNotFound")
        #expect(error?.key == "errorCode")
        #expect(error?.path == [])
    }

    @Test("errors inside a converted key report the property's key")
    func errorPath() throws {
        let json = #"{"items": [{"user_id": "seven", "error_code": "E", "my_abbr_key": true}]}"#
        let error = tapeError([String: [Account]].self, json: json, decoder: Self.decoder())
        #expect(error?.kind == "typeMismatch")
        #expect(error?.path == ["items", "Index 0#0", "userId"])
    }

    @Test("the first of two keys converting alike wins, as with Foundation's snake case")
    func collidingKeys() throws {
        let decoded = try Self.decoder().decode(Box<Int>.self, from: Data(#"{"VALUE": 1, "value": 2}"#.utf8))
        #expect(decoded.value == 1)
    }

    @Test("the first of two keys converting alike wins after other objects spelled the key either way")
    func collidingKeysAfterWarmCache() throws {
        let decoder = Self.decoder()
        // Teach the key conversion both spellings of `value`, then read objects holding both.
        for json in [#"{"value": 0}"#, #"{"VALUE": 0}"#, #"{"value": 0}"#] {
            _ = try decoder.decode(Box<Int>.self, from: Data(json.utf8))
        }
        #expect(try decoder.decode(Box<Int>.self, from: Data(#"{"VALUE": 1, "value": 2}"#.utf8)).value == 1)
        #expect(try decoder.decode(Box<Int>.self, from: Data(#"{"value": 3, "VALUE": 4}"#.utf8)).value == 3)
        #expect(try decoder.decode(Box<Int>.self, from: Data(#"{"other": 0, "VALUE": 5, "value": 6}"#.utf8)).value == 5)
    }

    @Test("objects that spell the same keys differently, one after another, all decode")
    func spellingsAlternate() throws {
        let json = #"""
        [{"user_id": 1, "error_code": "a", "my_abbr_key": true},
         {"UserID": 2, "ErrorCode": "b", "MyABBRKey": false},
         {"userId": 3, "errorCode": "c", "myAbbrKey": true},
         {"user-id": 4, "error-code": "d", "my-abbr-key": false, "first_name": "Ada"},
         {"USER_ID": 5, "ERROR_CODE": "e", "MY_ABBR_KEY": true}]
        """#
        let accounts = try Self.decoder().decode([Account].self, from: Data(json.utf8))
        #expect(accounts.map(\.userId) == [1, 2, 3, 4, 5])
        #expect(accounts.map(\.errorCode) == ["a", "b", "c", "d", "e"])
        #expect(accounts.map(\.myAbbrKey) == [true, false, true, false, true])
        #expect(accounts.map(\.firstName) == [nil, nil, nil, "Ada", nil])
    }

    @Test("a spelling remembered under one conversion is not taken for a match under another")
    func spellingHintsFollowTheConversion() throws {
        struct Keyed: Decodable, Equatable {
            var userId: Int
            var errorCode: String?
        }
        let anyCase = Self.decoder()
        let snakeCase = TapeJSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        let camel = Data(#"{"UserID": 1, "ErrorCode": "a"}"#.utf8)
        let snake = Data(#"{"user_id": 2, "error_code": "b"}"#.utf8)
        // Decode calls share pooled sessions, and with them what each key type's keys last matched.
        for _ in 0..<3 {
            #expect(try anyCase.decode(Keyed.self, from: camel) == Keyed(userId: 1, errorCode: "a"))
            // "UserID" is not "userId" under the snake-case conversion.
            #expect(throws: DecodingError.self) { try snakeCase.decode(Keyed.self, from: camel) }
            #expect(try snakeCase.decode(Keyed.self, from: snake) == Keyed(userId: 2, errorCode: "b"))
            #expect(try anyCase.decode(Keyed.self, from: snake) == Keyed(userId: 2, errorCode: "b"))
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            #expect(throws: DecodingError.self) { try foundation.decode(Keyed.self, from: camel) }
        }
        // Members read out of document order, in objects whose spellings change from one to the next.
        struct Reversed: Decodable, Equatable {
            var b: Int
            var a: Int
            enum CodingKeys: String, CodingKey { case a = "firstValue", b = "secondValue" }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                b = try container.decode(Int.self, forKey: .b)
                a = try container.decode(Int.self, forKey: .a)
            }
            init(a: Int, b: Int) { self.a = a; self.b = b }
        }
        let json = #"""
        [{"first_value": 1, "second_value": 2}, {"FirstValue": 3, "SecondValue": 4},
         {"second-value": 6, "first-value": 5}, {"first_value": 7, "SecondValue": 8},
         {"firstValue": 9, "secondValue": 10}, {"FIRST_VALUE": 11, "second_value": 12}]
        """#
        #expect(try anyCase.decode([Reversed].self, from: Data(json.utf8)) ==
                [Reversed(a: 1, b: 2), Reversed(a: 3, b: 4), Reversed(a: 5, b: 6), Reversed(a: 7, b: 8),
                 Reversed(a: 9, b: 10), Reversed(a: 11, b: 12)])
    }

    @Test("[String: Value] keys are not converted")
    func dictionaryKeysKept() throws {
        let decoded = try Self.decoder().decode([String: Int].self, from: Data(#"{"User_ID": 1, "kebab-key": 2}"#.utf8))
        #expect(decoded == ["User_ID": 1, "kebab-key": 2])
        let nested = try Self.decoder().decode(Box<[String: Int]>.self, from: Data(#"{"Value": {"A_B": 1}}"#.utf8))
        #expect(nested.value == ["A_B": 1])
    }
}
