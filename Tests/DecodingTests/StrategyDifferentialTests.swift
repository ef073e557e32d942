import Foundation
import TapeJSON
import Testing

struct SnakeModel: Decodable, Equatable {
    var userName: String
    var userID: Int?
    var _private: Int?
    var trailing_: Int?
    var avatarUrl: String?
    var nested: [String: Int]?
    var children: [SnakeModel]?
}

struct Event: Decodable, Equatable {
    var name: String
    var at: Date
    var until: Date?
}

struct Blob: Decodable, Equatable {
    var payload: Data
    var extra: Data?
}

/// Reads `decoder.userInfo` while decoding.
struct UserInfoProbe: Decodable, Equatable {
    static let key = CodingUserInfoKey(rawValue: "probe")!
    var seen: String
    var nested: [String]

    struct Inner: Decodable {
        var seen: String
        init(from decoder: any Decoder) throws {
            seen = decoder.userInfo[UserInfoProbe.key] as? String ?? "missing"
        }
    }

    init(from decoder: any Decoder) throws {
        seen = decoder.userInfo[Self.key] as? String ?? "missing"
        var container = try decoder.unkeyedContainer()
        var nested: [String] = []
        while !container.isAtEnd { nested.append(try container.decode(Inner.self).seen) }
        self.nested = nested
    }
}

@Suite("Strategies, compared with Foundation's JSONDecoder")
struct StrategyDifferentialTests {
    // MARK: - Keys

    static let snakeCase = Setup(keys: .convertFromSnakeCase)

    @Test("convertFromSnakeCase", arguments: [
        #"{"user_name":"a","user_i_d":1,"_private":2,"trailing_":3,"avatar_url":"u"}"#,
        #"{"user_name":"a","userID":1}"#,
        #"{"userName":"a","user_name":"b"}"#,
        #"{"user_name":"b","userName":"a"}"#,
        #"{"USER_NAME":"upper"}"#,
        #"{"user__name":"double underscore"}"#,
        #"{"user_name":"a","nested":{"snake_key":1,"other_key":2}}"#,
        #"{"user_name":"a","children":[{"user_name":"child","avatar_url":"x"}]}"#,
        #"{"user_name":"a","children":[{"avatar_url":"missing name"}]}"#,
        #"{"user_name":"a","avatar_url":5}"#,
        #"{"username":"not converted"}"#,
        #"{"user_nAME":"capitalized","_private":1}"#,
        #"{"__":"only underscores","user_name":"x"}"#,
        #"{"ünï_çødé":"unicode","user_name":"x"}"#,
    ])
    func snakeCaseKeys(json: String) {
        expectSameDecoding(SnakeModel.self, json: json, setup: Self.snakeCase)
        expectSameDecoding(KeyedProbe.self, json: json, setup: Self.snakeCase)
    }

    /// Optional keys first, so that the first lookup in each object misses: later lookups then go
    /// through the screening bits the miss recorded (`SnakeCaseConversion.screeningBit`).
    struct SnakeScreening: Decodable, Equatable {
        var missingFirst: Int?
        var alsoMissing: String?
        var userName: String?
        var _private: Int?
        var trailing_: Int?
        var httpStatus: Int?
        var aB: Int?
        var naïveKey: Int?
        var tags: [String]?
        var host: String?
        var missingLast: Bool?
    }

    @Test("convertFromSnakeCase after a miss in the object", arguments: [
        #"{"user_name":"a","_private":1,"trailing_":2,"HTTP_STATUS":3,"a__b":4,"host":"h"}"#,
        #"{"host":"h","a__b":4,"HTTP_status":3,"trailing_":2,"_private":1,"USER_NAME":"a"}"#,
        #"{"user_name":"a","naïve_key":5,"tags":["t"]}"#,
        #"{"naïve_key":5,"user_name":"a"}"#,
        #"{"userName":"camel","httpStatus":7,"aB":8}"#,
        #"{"__user_name__":"kept underscores","_":1,"":2,"user_name":"b"}"#,
        #"{"missing_first":1,"also_missing":"x","missing_last":true}"#,
        #"{}"#,
    ])
    func snakeCaseAfterMiss(json: String) {
        expectSameDecoding(SnakeScreening.self, json: json, setup: Self.snakeCase)
        expectSameDecoding([SnakeScreening].self, json: "[\(json),\(json),{\"host\":\"other\"},\(json)]",
                           setup: Self.snakeCase)
    }

    /// Keys read in document order, then a miss (which scans only the members after the last one
    /// found, `KeyCursor.screenedUpTo`), then keys read again, skipped or asked out of order.
    struct SnakeReread: Decodable, Equatable {
        var values: [Int?]

        enum CodingKeys: String, CodingKey {
            case firstKey, secondKey, thirdKey, fourthKey, absentKey, otherAbsent
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let order: [CodingKeys] = [.firstKey, .secondKey, .absentKey, .firstKey, .fourthKey, .otherAbsent,
                                       .thirdKey, .absentKey, .secondKey, .fourthKey, .otherAbsent]
            values = try order.map { try container.decodeIfPresent(Int.self, forKey: $0) }
        }
    }

    @Test("convertFromSnakeCase: a miss after keys read in order, then keys read again", arguments: [
        #"{"first_key":1,"second_key":2,"third_key":3,"fourth_key":4}"#,
        #"{"first_key":1,"second_key":2,"fourth_key":4,"third_key":3}"#,
        #"{"second_key":2,"first_key":1,"third_key":3,"fourth_key":4}"#,
        #"{"first_key":1,"second_key":2}"#,
        #"{"first_key":1,"secondKey":2,"third_key":3,"fourth_key":4}"#,
        #"{"fourth_key":4,"first_key":1,"second_key":2,"other_absent":6}"#,
        #"{"first_key":1,"second_key":2,"third_key":3,"fourth_key":4,"absent_key":5}"#,
    ])
    func snakeCaseRereadAfterMiss(json: String) {
        expectSameDecoding(SnakeReread.self, json: json, setup: Self.snakeCase)
        expectSameDecoding([SnakeReread].self, json: "[\(json),{\"third_key\":9},\(json)]", setup: Self.snakeCase)
    }

    @Test("custom key strategy")
    func customKeys() {
        let upper = Setup(keys: .custom { path in
            TestKey( path.last!.stringValue.lowercased())
        })
        expectSameDecoding(Person.self, json: #"{"NAME":"a","AGE":1,"TAGS":["X"]}"#, setup: upper)
        expectSameDecoding(Person.self, json: #"{"NAME":"a","TAGS":[]}"#, setup: upper)
        expectSameDecoding(KeyedProbe.self, json: #"{"A":null,"B":1}"#, setup: upper)
        expectSameDecoding([String: Int].self, json: #"{"A":1,"B":2}"#, setup: upper)
        let pathAware = Setup(keys: .custom { path in
            TestKey( "\(path.count)-\(path.last!.stringValue)")
        })
        expectSameDecoding(Box<Box<Int>>.self, json: #"{"1-value":{"2-value":3}}"#, setup: pathAware)
        expectSameDecoding(Box<Box<Int>>.self, json: #"{"value":{"value":3}}"#, setup: pathAware)
        expectSameDecoding([Box<Int>].self, json: #"[{"2-value":1}]"#, setup: pathAware)
    }

    // MARK: - Dates

    static let iso8601Strings = [
        "2024-01-02T03:04:05Z", "2024-01-02T03:04:05.123Z", "2024-01-02T03:04:05.5+01:00",
        "2024-01-02T03:04:05+0530", "2024-01-02T03:04:05-08", "2024-01-02T03:04:05+01:30:15",
        "2024-01-02T03:04:05z", "2024-01-02T03:04:05GMT", "2024-01-02T03:04:05UTC-01:00", "2024-01-02T03:04:05GMT+2",
        "2024-01-02T03:04:05.999999999Z", "2024-01-02T03:04:05.1234567891Z", "2024-01-02T03:04:05.Z",
        "1970-01-01T00:00:00.1Z", "1969-12-31T23:59:59.5Z", "2024-02-29T12:00:00Z", "2023-02-29T00:00:00Z",
        "2024-02-31T00:00:00Z", "2024-02-32T00:00:00Z", "2024-13-01T00:00:00Z", "2024-00-01T00:00:00Z",
        "2024-01-02T24:00:00Z", "2024-01-02T25:61:61Z", "2024-1-2T3:4:5Z", "02024-01-02T03:04:05Z",
        "0001-01-01T00:00:00Z", "1582-10-04T12:00:00Z", "1582-10-10T00:00:00Z", "1582-10-15T00:00:00+01:00",
        "1000-02-29T00:00:00Z", "9999-12-31T23:59:59Z", "2024-01-02T03:04:05+18:00", "2024-01-02T03:04:05+18:01",
        "2024-01-02T03:04:05+1", "2024-01-02T03:04:05+01:", "2024-01-02T03:04:05Zjunk", "2024-01-02T03:04:05 Z",
        "2024-01-02", "2024-01-02T03:04:05", "2024-01-02T03:04Z", "2024-01-02 03:04:05Z", "2024-01-02t03:04:05Z",
        "-2024-01-02T03:04:05Z", "", "yesterday",
    ]

    @Test("iso8601", arguments: iso8601Strings)
    func iso8601(text: String) {
        let setup = Setup(dates: .iso8601)
        expectSameDecoding(Event.self, json: #"{"name":"e","at":"\#(text)"}"#, setup: setup)
        expectSameDecoding([Date].self, json: #"["\#(text)"]"#, setup: setup)
        expectSameDecoding(Date.self, json: #""\#(text)""#, setup: setup)
    }

    /// An enum's payload: a keyed container nested in the enum's decoder.
    enum Dated: Decodable, Equatable {
        case dated(Date)
        case pair(Date, at: Date)
    }

    /// Dates read through containers nested in the decoder's, and through a super decoder.
    struct NestedDates: Decodable, Equatable {
        var dates: [Date]

        private enum Keys: String, CodingKey { case a, b, c, d }

        init(from decoder: any Decoder) throws {
            let outer = try decoder.container(keyedBy: Keys.self)
            let nested = try outer.nestedContainer(keyedBy: Keys.self, forKey: .a)
            var list = try nested.nestedUnkeyedContainer(forKey: .b)
            dates = [try list.decode(Date.self)]
            var deeper = try list.nestedUnkeyedContainer()
            dates.append(try deeper.decode(Date.self))
            if nested.contains(.c) {
                let superDecoder = try nested.superDecoder(forKey: .c)
                let inSuper = try superDecoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .d)
                dates.append(try inSuper.decode(Date.self, forKey: .a))
            }
        }
    }

    struct Holder<Value: Decodable & Equatable>: Decodable, Equatable {
        var held: [Value]
    }

    @Test("iso8601: a date that does not parse is reported at the path of the decoder asked for it, through nested containers too")
    func iso8601ErrorPaths() {
        let setup = Setup(dates: .iso8601)
        let good = "2024-01-02T03:04:05Z"
        for json in [#"{"dated":{"_0":"x"}}"#, #"{"pair":{"_0":"\#(good)","at":"x"}}"#, #"{"pair":{"_0":"x","at":"\#(good)"}}"#] {
            expectSameDecoding(Dated.self, json: json, setup: setup)
            expectSameDecoding(Holder<Dated>.self, json: #"{"held":[\#(json)]}"#, setup: setup)
        }
        for json in [
            #"{"a":{"b":["x",["\#(good)"]]}}"#, #"{"a":{"b":["\#(good)",["x"]]}}"#,
            #"{"a":{"b":["\#(good)",["\#(good)"]],"c":{"d":{"a":"x"}}}}"#,
            #"{"a":{"b":["\#(good)",["\#(good)"]],"c":{"d":{"a":"\#(good)"}}}}"#,
        ] {
            expectSameDecoding(NestedDates.self, json: json, setup: setup)
            expectSameDecoding(Holder<NestedDates>.self, json: #"{"held":[\#(json),\#(json)]}"#, setup: setup)
        }
    }

    @Test("date strategies on numbers, strings and null", arguments: [
        "0", "1.5", "-86400", "1700000000123", "1e10", #""1700000000""#, "null", "true", "[]",
    ])
    func numericDates(literal: String) {
        for dates in [Setup.Dates.deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601] {
            let setup = Setup(dates: dates)
            expectSameDecoding(Event.self, json: #"{"name":"e","at":\#(literal)}"#, setup: setup)
            expectSameDecoding(Event.self, json: #"{"name":"e","at":0,"until":\#(literal)}"#, setup: setup)
            expectSameDecoding([Date?].self, json: "[\(literal)]", setup: setup)
        }
    }

    @Test("formatted dates")
    func formattedDates() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy/MM/dd HH:mm"
        let setup = Setup(dates: .formatted(formatter))
        expectSameDecoding(Event.self, json: #"{"name":"e","at":"2024/05/01 09:30"}"#, setup: setup)
        expectSameDecoding(Event.self, json: #"{"name":"e","at":"2024-05-01"}"#, setup: setup)
        expectSameDecoding(Event.self, json: #"{"name":"e","at":5}"#, setup: setup)
        expectSameDecoding(Event.self, json: #"{"name":"e","at":null}"#, setup: setup)
        expectSameDecoding([Date].self, json: #"["2024/05/01 09:30","bad"]"#, setup: setup)
    }

    @Test("custom dates")
    func customDates() {
        let setup = Setup(dates: .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let days = Int(text.dropLast()), text.hasSuffix("d") else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a day count: \(text)")
            }
            return Date(timeIntervalSince1970: Double(days) * 86_400)
        })
        expectSameDecoding(Event.self, json: #"{"name":"e","at":"3d","until":"4d"}"#, setup: setup)
        expectSameDecoding(Event.self, json: #"{"name":"e","at":"x"}"#, setup: setup)
        expectSameDecoding([Event].self, json: #"[{"name":"e","at":7}]"#, setup: setup)
    }

    // MARK: - Data

    @Test("data strategies", arguments: [
        #""aGVsbG8=""#, #""aGVsbG8""#, #""aGVs bG8=""#, #""""#, #""!!!!""#, #""aGVsbA==""#, #""aGVsbA=a""#,
        "[104,105]", "[256]", "null", "5",
    ])
    func dataStrategies(literal: String) {
        for data in [Setup.Bytes.base64, .deferredToData] {
            let setup = Setup(data: data)
            expectSameDecoding(Blob.self, json: #"{"payload":\#(literal)}"#, setup: setup,
                               notFitPath: ["payload", "Index 0#0"])
            expectSameDecoding(Blob.self, json: #"{"payload":"","extra":\#(literal)}"#, setup: setup,
                               notFitPath: ["extra", "Index 0#0"])
            expectSameDecoding([Data].self, json: "[\(literal)]", setup: setup, notFitPath: ["Index 0#0", "Index 0#0"])
        }
    }

    @Test("custom data")
    func customData() {
        let setup = Setup(data: .custom { decoder in
            Data(try decoder.singleValueContainer().decode(String.self).utf8.reversed())
        })
        expectSameDecoding(Blob.self, json: #"{"payload":"abc","extra":"de"}"#, setup: setup)
        expectSameDecoding(Blob.self, json: #"{"payload":1}"#, setup: setup)
    }

    // MARK: - userInfo

    @Test("userInfo reaches every decoder")
    func userInfo() {
        var setup = Setup()
        setup.userInfo = [UserInfoProbe.key: "hello"]
        expectSameDecoding(UserInfoProbe.self, json: "[1, [2], {}]", setup: setup)
        expectSameDecoding(UserInfoProbe.self, json: "[]")
    }
}

extension Setup {
    init(keys: Keys = .useDefaultKeys, dates: Dates = .deferredToDate, data: Bytes = .base64) {
        self.keys = keys
        self.dates = dates
        self.data = data
    }
}
