// Generated from CorpusModels/RandomModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
/// Models `Corpus/random.json`: a JSON-RPC 2.0 response whose `result` is 1,000 generated user
/// records (with Cyrillic names) and three friends each.
///
/// `birthDate` is an RFC 1123 date string (`"Mon, 05 Jan 1998 15:59:20 GMT"`), kept as a string.
///
/// `RandomUsers` is the whole document.
public struct RandomUsers: Codable, Equatable, Sendable {
    public var id: Int
    public var jsonrpc: String
    public var total: Int
    public var result: [RandomUser]

    private enum CodingKeys: String, CodingKey {
        case id, jsonrpc, total, result
    }
}

/// A generated user.
public struct RandomUser: Codable, Equatable, Sendable {
    public var id: Int
    public var avatar: String
    public var age: Int
    public var admin: Bool
    public var name: String
    public var company: String
    public var phone: String
    public var email: String
    public var birthDate: String
    public var friends: [RandomFriend]
    public var field: String

    private enum CodingKeys: String, CodingKey {
        case id, avatar, age, admin, name, company, phone, email, birthDate, friends, field
    }
}

/// A friend of a generated user.
public struct RandomFriend: Codable, Equatable, Sendable {
    public var id: Int
    public var name: String
    public var phone: String

    private enum CodingKeys: String, CodingKey {
        case id, name, phone
    }
}

extension RandomUsers: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.jsonrpc = try container.decode(memberType(\.jsonrpc), forKey: CodingKeys.jsonrpc, named: "jsonrpc")
        self.total = try container.decode(memberType(\.total), forKey: CodingKeys.total, named: "total")
        self.result = try container.decode(memberType(\.result), forKey: CodingKeys.result, named: "result")
    }
}

extension RandomUsers: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.jsonrpc, forKey: CodingKeys.jsonrpc, named: "jsonrpc")
        try container.encode(self.total, forKey: CodingKeys.total, named: "total")
        try container.encode(self.result, forKey: CodingKeys.result, named: "result")
        container.end()
    }
}

extension RandomUser: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.avatar = try container.decode(memberType(\.avatar), forKey: CodingKeys.avatar, named: "avatar")
        self.age = try container.decode(memberType(\.age), forKey: CodingKeys.age, named: "age")
        self.admin = try container.decode(memberType(\.admin), forKey: CodingKeys.admin, named: "admin")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.company = try container.decode(memberType(\.company), forKey: CodingKeys.company, named: "company")
        self.phone = try container.decode(memberType(\.phone), forKey: CodingKeys.phone, named: "phone")
        self.email = try container.decode(memberType(\.email), forKey: CodingKeys.email, named: "email")
        self.birthDate = try container.decode(memberType(\.birthDate), forKey: CodingKeys.birthDate, named: "birthDate")
        self.friends = try container.decode(memberType(\.friends), forKey: CodingKeys.friends, named: "friends")
        self.field = try container.decode(memberType(\.field), forKey: CodingKeys.field, named: "field")
    }
}

extension RandomUser: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.avatar, forKey: CodingKeys.avatar, named: "avatar")
        try container.encode(self.age, forKey: CodingKeys.age, named: "age")
        try container.encode(self.admin, forKey: CodingKeys.admin, named: "admin")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.company, forKey: CodingKeys.company, named: "company")
        try container.encode(self.phone, forKey: CodingKeys.phone, named: "phone")
        try container.encode(self.email, forKey: CodingKeys.email, named: "email")
        try container.encode(self.birthDate, forKey: CodingKeys.birthDate, named: "birthDate")
        try container.encode(self.friends, forKey: CodingKeys.friends, named: "friends")
        try container.encode(self.field, forKey: CodingKeys.field, named: "field")
        container.end()
    }
}

extension RandomFriend: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.phone = try container.decode(memberType(\.phone), forKey: CodingKeys.phone, named: "phone")
    }
}

extension RandomFriend: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.phone, forKey: CodingKeys.phone, named: "phone")
        container.end()
    }
}
