// Generated from CorpusModels/LogLineModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import Foundation
import TapeJSON

/// Models one line of the synthetic JSON Lines application log that the benchmark corpus's
/// `make_logs.py` generates (application and HTTP access log records, one JSON object per line).
///
/// The generator varies what real log pipelines vary, and the model follows it:
/// - `timestamp` is an ISO 8601 string with milliseconds (`2024-03-01T00:00:00.123Z`, or with an
///   offset such as `+05:30`) on most lines and an integer of epoch milliseconds on the others:
///   `LogTimestamp` keeps whichever was written.
/// - the user id is written under three casings, `userId`, `user_id` and `UserID`, as an integer or
///   as a string (`"u-…"`): `LogUserID` keeps either, and the property is `userId`.
/// - keys are snake_case (`request_id`, `duration_ms`), camelCase or dash-case (`x-forwarded-for`).
///   Property names are lowerCamelCase with synthesized coding keys, so lines decode with a key
///   strategy that maps every casing to lowerCamelCase: `TapeJSONDecoder`'s `.convertFromAnyCase`,
///   or `LogLine.foundationKeyDecodingStrategy` for Foundation's `JSONDecoder`.
/// - access-log lines carry a nested `http` object (method, path, status, latency in `durationMs`…).
/// - `level` is usually upper case (`INFO`, `WARN`) and sometimes lower case; it is kept as written.
/// - `big` (on about 2% of lines) is an integer between 2^53 and 2^63 − 1.
public struct LogLine: Codable, Equatable, Sendable {
    public var timestamp: LogTimestamp
    public var level: String
    public var service: String
    public var host: String
    public var pid: Int
    public var message: String
    public var requestId: String?
    public var userId: LogUserID?
    public var http: LogHTTP?
    /// Processing time in milliseconds, on some application lines.
    public var durationMs: Double?
    public var tags: [String]?
    public var metrics: [Double]?
    public var error: LogErrorInfo?
    public var sampled: Bool
    /// A 16-digit hex span id, or null.
    public var parentSpan: String?
    public var big: Int64?

    /// Creates a line; omitted fields are absent.
    public init(timestamp: LogTimestamp, level: String, service: String, host: String, pid: Int,
                message: String, requestId: String? = nil, userId: LogUserID? = nil, http: LogHTTP? = nil,
                durationMs: Double? = nil, tags: [String]? = nil, metrics: [Double]? = nil,
                error: LogErrorInfo? = nil, sampled: Bool, parentSpan: String? = nil, big: Int64? = nil) {
        self.timestamp = timestamp
        self.level = level
        self.service = service
        self.host = host
        self.pid = pid
        self.message = message
        self.requestId = requestId
        self.userId = userId
        self.http = http
        self.durationMs = durationMs
        self.tags = tags
        self.metrics = metrics
        self.error = error
        self.sampled = sampled
        self.parentSpan = parentSpan
        self.big = big
    }

    private enum CodingKeys: String, CodingKey {
        case timestamp, level, service, host, pid, message, requestId, userId, http, durationMs, tags, metrics, error, sampled, parentSpan, big
    }
}

/// When a line was logged, as the line wrote it.
public enum LogTimestamp: Codable, Equatable, Sendable {
    /// An ISO 8601 date-time with milliseconds and a zone (`Z` or `±hh:mm`), as written.
    case iso8601(String)
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case epochMilliseconds(Int64)

    /// Decodes a string or an integer.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .iso8601(text)
        } else if let milliseconds = try? container.decode(Int64.self) {
            self = .epochMilliseconds(milliseconds)
        } else {
            throw DecodingError.typeMismatch(LogTimestamp.self, DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Expected an ISO 8601 string or an integer of epoch milliseconds."))
        }
    }

    /// Encodes the string or the integer it was decoded from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .iso8601(let text): try container.encode(text)
        case .epochMilliseconds(let milliseconds): try container.encode(milliseconds)
        }
    }
}

/// A user id: an integer, or a string such as `"u-3fa85f6457"`.
public enum LogUserID: Codable, Equatable, Sendable {
    case number(Int64)
    case text(String)

    /// Decodes an integer or a string.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is neither.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int64.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            throw DecodingError.typeMismatch(LogUserID.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "Expected an integer or a string."))
        }
    }

    /// Encodes the integer or the string it was decoded from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let number): try container.encode(number)
        case .text(let text): try container.encode(text)
        }
    }
}

/// The request an access-log line describes.
public struct LogHTTP: Codable, Equatable, Sendable {
    public var method: String
    public var path: String
    public var status: Int
    public var bytesSent: Int
    /// The request's latency, in milliseconds.
    public var durationMs: Double
    public var remoteIp: String
    public var userAgent: String
    public var tls: Bool
    public var headers: LogHTTPHeaders?
    /// Present (and null) on some lines.
    public var referer: String?

    /// Creates a request record.
    public init(method: String, path: String, status: Int, bytesSent: Int, durationMs: Double,
                remoteIp: String, userAgent: String, tls: Bool, headers: LogHTTPHeaders? = nil,
                referer: String? = nil) {
        self.method = method
        self.path = path
        self.status = status
        self.bytesSent = bytesSent
        self.durationMs = durationMs
        self.remoteIp = remoteIp
        self.userAgent = userAgent
        self.tls = tls
        self.headers = headers
        self.referer = referer
    }

    private enum CodingKeys: String, CodingKey {
        case method, path, status, bytesSent, durationMs, remoteIp, userAgent, tls, headers, referer
    }
}

/// A few request headers, under their dash-case names (`x-forwarded-for`, `accept-language`,
/// `x-cache`).
public struct LogHTTPHeaders: Codable, Equatable, Sendable {
    public var xForwardedFor: String
    public var acceptLanguage: String
    /// `HIT`, `MISS` or null.
    public var xCache: String?

    /// Creates a header record.
    public init(xForwardedFor: String, acceptLanguage: String, xCache: String? = nil) {
        self.xForwardedFor = xForwardedFor
        self.acceptLanguage = acceptLanguage
        self.xCache = xCache
    }

    private enum CodingKeys: String, CodingKey {
        case xForwardedFor, acceptLanguage, xCache
    }
}

/// The error attached to some `WARN` and `ERROR` lines.
public struct LogErrorInfo: Codable, Equatable, Sendable {
    public var type: String
    public var message: String
    public var retryable: Bool
    public var stack: [String]

    /// Creates an error record.
    public init(type: String, message: String, retryable: Bool, stack: [String]) {
        self.type = type
        self.message = message
        self.retryable = retryable
        self.stack = stack
    }

    private enum CodingKeys: String, CodingKey {
        case type, message, retryable, stack
    }
}

// MARK: - Keys

extension LogLine {
    /// `key` in lowerCamelCase, by the rules of `TapeJSONDecoder`'s `.convertFromAnyCase`.
    ///
    /// `_` and `-` separate words and are dropped; a capital letter after a lower-case letter or a digit
    /// starts a word, and so does the last capital of a run when a lower-case letter follows it. The
    /// first word is lower-cased; the others keep only their first letter upper case: `user_id`,
    /// `UserID` and `userId` all become `userId`, `x-forwarded-for` becomes `xForwardedFor`,
    /// `myABBRKey` becomes `myAbbrKey`. A key with no letters or digits is returned unchanged.
    public static func lowerCamelCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        func isUpper(_ s: Unicode.Scalar) -> Bool { s.properties.isUppercase }
        func isLowerOrDigit(_ s: Unicode.Scalar) -> Bool {
            s.properties.isLowercase || s.properties.numericType != nil
        }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func endWord() {
            if !current.isEmpty { words.append(String(current)) }
            current = String.UnicodeScalarView()
        }
        for (i, scalar) in scalars.enumerated() {
            if scalar == "_" || scalar == "-" {
                endWord()
                continue
            }
            if isUpper(scalar), i > 0 {
                let previous = scalars[i - 1]
                let nextIsLower = i + 1 < scalars.count && scalars[i + 1].properties.isLowercase
                if isLowerOrDigit(previous) || (isUpper(previous) && nextIsLower) { endWord() }
            }
            current.append(scalar)
        }
        endWord()
        guard let first = words.first else { return key }
        var result = first.lowercased()
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        return result
    }

    /// A key strategy for Foundation's `JSONDecoder` that maps the log's keys the way `TapeJSONDecoder`'s
    /// `.convertFromAnyCase` does (see `lowerCamelCase(_:)`), so both decoders read a line the same.
    public static var foundationKeyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
        .custom { path in
            LogCodingKey(stringValue: lowerCamelCase(path[path.count - 1].stringValue))
        }
    }
}

/// A coding key made from a string.
private struct LogCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil

    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

extension LogLine: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.timestamp = try container.decode(memberType(\.timestamp), forKey: CodingKeys.timestamp, named: "timestamp")
        self.level = try container.decode(memberType(\.level), forKey: CodingKeys.level, named: "level")
        self.service = try container.decode(memberType(\.service), forKey: CodingKeys.service, named: "service")
        self.host = try container.decode(memberType(\.host), forKey: CodingKeys.host, named: "host")
        self.pid = try container.decode(memberType(\.pid), forKey: CodingKeys.pid, named: "pid")
        self.message = try container.decode(memberType(\.message), forKey: CodingKeys.message, named: "message")
        self.requestId = try container.decode(memberType(\.requestId), forKey: CodingKeys.requestId, named: "requestId")
        self.userId = try container.decode(memberType(\.userId), forKey: CodingKeys.userId, named: "userId")
        self.http = try container.decode(memberType(\.http), forKey: CodingKeys.http, named: "http")
        self.durationMs = try container.decode(memberType(\.durationMs), forKey: CodingKeys.durationMs, named: "durationMs")
        self.tags = try container.decode(memberType(\.tags), forKey: CodingKeys.tags, named: "tags")
        self.metrics = try container.decode(memberType(\.metrics), forKey: CodingKeys.metrics, named: "metrics")
        self.error = try container.decode(memberType(\.error), forKey: CodingKeys.error, named: "error")
        self.sampled = try container.decode(memberType(\.sampled), forKey: CodingKeys.sampled, named: "sampled")
        self.parentSpan = try container.decode(memberType(\.parentSpan), forKey: CodingKeys.parentSpan, named: "parentSpan")
        self.big = try container.decode(memberType(\.big), forKey: CodingKeys.big, named: "big")
    }
}

extension LogLine: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.timestamp, forKey: CodingKeys.timestamp, named: "timestamp")
        try container.encode(self.level, forKey: CodingKeys.level, named: "level")
        try container.encode(self.service, forKey: CodingKeys.service, named: "service")
        try container.encode(self.host, forKey: CodingKeys.host, named: "host")
        try container.encode(self.pid, forKey: CodingKeys.pid, named: "pid")
        try container.encode(self.message, forKey: CodingKeys.message, named: "message")
        try container.encode(self.requestId, forKey: CodingKeys.requestId, named: "requestId")
        try container.encode(self.userId, forKey: CodingKeys.userId, named: "userId")
        try container.encode(self.http, forKey: CodingKeys.http, named: "http")
        try container.encode(self.durationMs, forKey: CodingKeys.durationMs, named: "durationMs")
        try container.encode(self.tags, forKey: CodingKeys.tags, named: "tags")
        try container.encode(self.metrics, forKey: CodingKeys.metrics, named: "metrics")
        try container.encode(self.error, forKey: CodingKeys.error, named: "error")
        try container.encode(self.sampled, forKey: CodingKeys.sampled, named: "sampled")
        try container.encode(self.parentSpan, forKey: CodingKeys.parentSpan, named: "parentSpan")
        try container.encode(self.big, forKey: CodingKeys.big, named: "big")
        container.end()
    }
}

extension LogHTTP: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.method = try container.decode(memberType(\.method), forKey: CodingKeys.method, named: "method")
        self.path = try container.decode(memberType(\.path), forKey: CodingKeys.path, named: "path")
        self.status = try container.decode(memberType(\.status), forKey: CodingKeys.status, named: "status")
        self.bytesSent = try container.decode(memberType(\.bytesSent), forKey: CodingKeys.bytesSent, named: "bytesSent")
        self.durationMs = try container.decode(memberType(\.durationMs), forKey: CodingKeys.durationMs, named: "durationMs")
        self.remoteIp = try container.decode(memberType(\.remoteIp), forKey: CodingKeys.remoteIp, named: "remoteIp")
        self.userAgent = try container.decode(memberType(\.userAgent), forKey: CodingKeys.userAgent, named: "userAgent")
        self.tls = try container.decode(memberType(\.tls), forKey: CodingKeys.tls, named: "tls")
        self.headers = try container.decode(memberType(\.headers), forKey: CodingKeys.headers, named: "headers")
        self.referer = try container.decode(memberType(\.referer), forKey: CodingKeys.referer, named: "referer")
    }
}

extension LogHTTP: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.method, forKey: CodingKeys.method, named: "method")
        try container.encode(self.path, forKey: CodingKeys.path, named: "path")
        try container.encode(self.status, forKey: CodingKeys.status, named: "status")
        try container.encode(self.bytesSent, forKey: CodingKeys.bytesSent, named: "bytesSent")
        try container.encode(self.durationMs, forKey: CodingKeys.durationMs, named: "durationMs")
        try container.encode(self.remoteIp, forKey: CodingKeys.remoteIp, named: "remoteIp")
        try container.encode(self.userAgent, forKey: CodingKeys.userAgent, named: "userAgent")
        try container.encode(self.tls, forKey: CodingKeys.tls, named: "tls")
        try container.encode(self.headers, forKey: CodingKeys.headers, named: "headers")
        try container.encode(self.referer, forKey: CodingKeys.referer, named: "referer")
        container.end()
    }
}

extension LogHTTPHeaders: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.xForwardedFor = try container.decode(memberType(\.xForwardedFor), forKey: CodingKeys.xForwardedFor, named: "xForwardedFor")
        self.acceptLanguage = try container.decode(memberType(\.acceptLanguage), forKey: CodingKeys.acceptLanguage, named: "acceptLanguage")
        self.xCache = try container.decode(memberType(\.xCache), forKey: CodingKeys.xCache, named: "xCache")
    }
}

extension LogHTTPHeaders: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.xForwardedFor, forKey: CodingKeys.xForwardedFor, named: "xForwardedFor")
        try container.encode(self.acceptLanguage, forKey: CodingKeys.acceptLanguage, named: "acceptLanguage")
        try container.encode(self.xCache, forKey: CodingKeys.xCache, named: "xCache")
        container.end()
    }
}

extension LogErrorInfo: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.message = try container.decode(memberType(\.message), forKey: CodingKeys.message, named: "message")
        self.retryable = try container.decode(memberType(\.retryable), forKey: CodingKeys.retryable, named: "retryable")
        self.stack = try container.decode(memberType(\.stack), forKey: CodingKeys.stack, named: "stack")
    }
}

extension LogErrorInfo: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.message, forKey: CodingKeys.message, named: "message")
        try container.encode(self.retryable, forKey: CodingKeys.retryable, named: "retryable")
        try container.encode(self.stack, forKey: CodingKeys.stack, named: "stack")
        container.end()
    }
}
