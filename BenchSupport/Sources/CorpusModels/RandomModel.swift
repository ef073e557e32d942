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
}

/// A friend of a generated user.
public struct RandomFriend: Codable, Equatable, Sendable {
    public var id: Int
    public var name: String
    public var phone: String
}
