import Foundation

/// Deterministic synthetic application and access logs, one JSON object per line: what `tapejson gen-logs`
/// writes, and the logs both benchmark harnesses (`tapejson bench`, the Benchmarks package) read. The
/// same seed always gives the same bytes (SplitMix64 random numbers).
///
/// The records follow the corpus's log schema (the `LogLine` model of CorpusModels) with its kinds of
/// variation: ISO 8601 timestamps (UTC and offsets) or epoch milliseconds, levels in two casings, the
/// user id under `userId`, `user_id` or `UserID`, nested `http` objects, arrays, nulls, escapes,
/// non-ASCII text and integers above 2^53.
public struct LogGenerator {
    private var state: UInt64
    private var clock: Int64 = 1_767_225_600_000  // 2026-01-01T00:00:00Z in ms

    public init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    /// Whole lines from a generator seeded with `seed`, up to the first line that reaches `byteCount`
    /// bytes (the last line ends with `\n`): the first bytes `tapejson gen-logs --seed SEED` writes.
    public static func logs(byteCount: Int, seed: UInt64) -> [UInt8] {
        var generator = LogGenerator(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount + 4096)
        while out.count < byteCount { generator.appendLine(to: &out) }
        return out
    }

    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    private static let services = ["gateway", "accounts", "payments", "orders", "catalog", "shipping",
                                   "mailer", "ranking", "profiles", "thumbnailer", "ledger", "scheduler"]
    private static let levels = ["INFO", "INFO", "INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR", "TRACE"]
    private static let methods = ["GET", "GET", "GET", "GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH"]
    private static let statuses = [200, 200, 200, 200, 200, 200, 200, 201, 204, 304, 400, 401, 404, 429, 500, 503]
    private static let routes = ["/api/v1/accounts/", "/api/v1/orders/", "/api/v2/search?q=", "/api/v1/cart/",
                                 "/health", "/api/v1/payments/", "/assets/img/", "/api/v1/stock/", "/graphql",
                                 "/api/v3/feed/", "/api/v1/größe/"]
    private static let words = ["cache", "warmed", "request", "served", "retry", "scheduled", "token", "expired",
                                "upstream", "slow", "batch", "flushed", "connection", "reset", "queue", "drained",
                                "index", "rebuilt", "lock", "acquired", "invoice", "issued", "session", "opened"]
    private static let decorated = ["crème brûlée", "Kraków", "Malmö", "İstanbul", "北京", "東京タワー", "Санкт-Петербург",
                                    "Αθήνα", "עברית", "العربية", "🎉", "✔︎ ok", "£9.99", "…", "“curly”"]
    private static let escaped = [#"quoted \"value\""#, #"C:\\logs\\app.log"#, #"two\nlines"#, #"tab\there"#,
                                  #"bell \u0007 char"#, #"slash \/ escaped"#, #"snowman \u2603"#, #"pair \ud83d\ude80"#]
    private static let agents = ["Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/131.0", "curl/8.9.1",
                                 "Wget/1.24.5", "Go-http-client/1.1", "Apache-HttpClient/5.3 (Java/21)",
                                 "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Safari/605.1.15"]

    /// One log record. The schema is the corpus's log schema (the `LogLine` model in CorpusModels):
    /// timestamp, level, service, host, pid, message, request_id, a user id under userId / user_id /
    /// UserID, an optional http object, duration_ms, tags, metrics, error, sampled, parent_span, big.
    public mutating func appendLine(to out: inout [UInt8]) {
        clock += Int64(below(60))
        let service = pick(Self.services)
        let spaced = chance(5)  // some producers pretty-print with spaces after separators
        let colon = spaced ? ": " : ":"
        let comma = spaced ? ", " : ","
        func key(_ name: String, first: Bool = false) {
            if !first { append(&out, comma) }
            appendQuoted(&out, name)
            append(&out, colon)
        }
        out.append(UInt8(ascii: "{"))
        key("timestamp", first: true)
        if chance(15) {
            append(&out, String(clock))
        } else {
            appendQuoted(&out, isoTimestamp(clock, offsetMinutes: chance(80) ? 0 : pick([60, -300, 330, 540])))
        }
        key("level")
        let level = pick(Self.levels)
        appendQuoted(&out, chance(5) ? level.lowercased() : level)
        key("service")
        appendQuoted(&out, service)
        key("host")
        appendQuoted(&out, "\(service)-\(below(32)).eu-central-1.internal")
        key("pid")
        append(&out, String(100 + below(60000)))
        key("message")
        out.append(0x22)
        appendMessage(&out)
        out.append(0x22)
        if chance(80) {
            key("request_id")
            let a = hex(next(), digits: 16), b = hex(next(), digits: 16)
            appendQuoted(&out, "\(a.prefix(8))-\(a.dropFirst(8).prefix(4))-4\(a.suffix(3))-\(b.prefix(4))-\(b.suffix(12))")
        }
        switch below(10) {
        case 0, 1, 2: key("userId"); append(&out, String(1 + below(9_000_000)))
        case 3, 4: key("user_id"); append(&out, String(1 + below(9_000_000)))
        case 5: key("UserID"); appendQuoted(&out, "u-" + hex(next(), digits: 10))
        default: break
        }
        if chance(55) {
            key("http")
            out.append(UInt8(ascii: "{"))
            key("method", first: true)
            appendQuoted(&out, pick(Self.methods))
            key("path")
            appendQuoted(&out, pick(Self.routes) + String(below(100_000_000)))
            key("status")
            append(&out, String(pick(Self.statuses)))
            key("bytes_sent")
            append(&out, String(below(3_000_000)))
            key("duration_ms")
            let latency = Double(below(2_000_000)) / 1000
            append(&out, chance(10) ? String(format: "%.3e", latency) : String(latency))
            key("remote_ip")
            appendQuoted(&out, "\(1 + below(223)).\(below(256)).\(below(256)).\(1 + below(254))")
            key("user_agent")
            appendQuoted(&out, pick(Self.agents))
            key("tls")
            append(&out, chance(90) ? "true" : "false")
            if chance(20) {
                key("headers")
                out.append(UInt8(ascii: "{"))
                key("x-forwarded-for", first: true)
                appendQuoted(&out, "10.\(below(256)).\(below(256)).\(1 + below(254))")
                key("accept-language")
                appendQuoted(&out, pick(["en-GB,en;q=0.8", "fr-FR", "ko-KR", "es-419"]))
                key("x-cache")
                append(&out, pick(["\"HIT\"", "\"MISS\"", "null"]))
                out.append(UInt8(ascii: "}"))
            }
            if chance(10) { key("referer"); append(&out, "null") }
            out.append(UInt8(ascii: "}"))
        }
        if chance(30) {
            key("duration_ms")
            append(&out, String(Double(below(5_000_000_000)) / 1_000_000))
        }
        if chance(15) {
            key("tags")
            out.append(UInt8(ascii: "["))
            for k in 0..<(1 + below(4)) {
                if k > 0 { append(&out, comma) }
                appendQuoted(&out, pick(["canary", "beta", "eu", "mobile", "batch", "retry", "internal", "gdpr"]))
            }
            out.append(UInt8(ascii: "]"))
        }
        if chance(5) {
            key("metrics")
            append(&out, "[\(Double(below(2000)) / 1e6 - 1e-3)\(comma)\(below(2001) - 1000)\(comma)\(String(format: "%.6e", Double(below(1_000_000)) * 1.5e4))\(comma)\(Double(below(1000)) * 1e-10)]")
        }
        if (level == "ERROR" || level == "WARN") && chance(70) {
            key("error")
            out.append(UInt8(ascii: "{"))
            key("type", first: true)
            appendQuoted(&out, pick(["DeadlineExceeded", "ConnectionRefused", "SchemaMismatch", "OutOfStock", "Throttled"]))
            key("message")
            out.append(0x22)
            appendMessage(&out)
            out.append(0x22)
            key("retryable")
            append(&out, chance(50) ? "true" : "false")
            key("stack")
            out.append(UInt8(ascii: "["))
            for k in 0..<(1 + below(4)) {
                if k > 0 { append(&out, comma) }
                appendQuoted(&out, "at \(pick(Self.services)).\(pick(Self.words))(\(pick(Self.words)).swift:\(1 + below(999)))")
            }
            out.append(UInt8(ascii: "]"))
            out.append(UInt8(ascii: "}"))
        }
        key("sampled")
        append(&out, chance(10) ? "true" : "false")
        key("parent_span")
        if chance(70) { append(&out, "null") } else { appendQuoted(&out, hex(next(), digits: 16)) }
        if chance(2) {
            key("big")
            append(&out, String(Int64(1) << 53 + Int64(next() % UInt64(Int64.max - (1 << 53)))))
        }
        append(&out, "}\n")
    }

    private mutating func appendMessage(_ out: inout [UInt8]) {
        let n = 3 + below(10)
        let decoratedAt = chance(20) ? below(n) : -1
        let escapedAt = chance(15) ? below(n) : -1
        for k in 0..<n {
            if k > 0 { out.append(0x20) }
            if k == decoratedAt { append(&out, pick(Self.decorated)); out.append(0x20) }
            if k == escapedAt { append(&out, pick(Self.escaped)); out.append(0x20) }
            append(&out, pick(Self.words))
        }
        if chance(20) { append(&out, " after \(below(5000)).\(below(1000))ms") }
    }

    private func append(_ out: inout [UInt8], _ text: String) { out.append(contentsOf: text.utf8) }

    private func appendQuoted(_ out: inout [UInt8], _ text: String) {
        out.append(0x22)
        out.append(contentsOf: text.utf8)
        out.append(0x22)
    }

    private func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        let padded = text.count >= digits ? String(text.suffix(digits)) : String(repeating: "0", count: digits - text.count) + text
        return padded
    }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSSZ` or with a `+hh:mm` offset, computed by hand.
    private func isoTimestamp(_ milliseconds: Int64, offsetMinutes: Int) -> String {
        let local = milliseconds + Int64(offsetMinutes) * 60_000
        var days = Int(local / 86_400_000)
        let dayMillis = Int(local % 86_400_000)
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        days += 719_468
        let era = days / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let h = dayMillis / 3_600_000, m = dayMillis / 60_000 % 60, s = dayMillis / 1000 % 60, ms = dayMillis % 1000
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", year, month, day, h, m, s, ms)
        if offsetMinutes == 0 {
            text += "Z"
        } else {
            let sign = offsetMinutes < 0 ? "-" : "+"
            text += String(format: "%@%02d:%02d", sign, abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
        }
        return text
    }
}
