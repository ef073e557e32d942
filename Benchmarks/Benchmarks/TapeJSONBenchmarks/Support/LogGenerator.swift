/// Deterministic application and access logs in the corpus's log schema (the `LogLine` model of
/// CorpusModels), one JSON object per line.
///
/// The benchmark target cannot import the `tapejson` executable's `gen-logs` generator, so it has its
/// own, producing the same schema and the same kinds of variation: ISO 8601 timestamps (UTC and
/// offsets) or epoch milliseconds, the user id under `userId`, `user_id` or `UserID` as a number or a
/// string, snake_case, camelCase and dash-case keys, nested `http` objects, arrays, nulls, escapes,
/// non-ASCII text and integers above 2^53.
struct LogGenerator {
    private var state: UInt64
    private var clock: Int64 = GeneratedInputs.firstDate

    init(seed: UInt64) { state = seed }

    /// About `byteCount` bytes of whole lines (the last line ends with `\n`).
    static func logs(byteCount: Int, seed: UInt64) -> [UInt8] {
        var generator = LogGenerator(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount + 4096)
        while out.count < byteCount { generator.line(into: &out) }
        return out
    }

    // MARK: Random choices (SplitMix64)

    private mutating func random() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func number(below bound: Int) -> Int { Int(random() % UInt64(bound)) }
    private mutating func oneIn(_ n: Int) -> Bool { number(below: n) == 0 }
    private mutating func percent(_ p: Int) -> Bool { number(below: 100) < p }
    private mutating func choose(_ options: [String]) -> String { options[number(below: options.count)] }

    private mutating func hex(_ digits: Int) -> String {
        var text = ""
        while text.count < digits { text += String(random(), radix: 16) }
        return String(text.prefix(digits))
    }

    private static let services = ["api-gateway", "billing", "checkout", "inventory", "search", "notifier",
                                   "auth", "media", "reports", "recommender"]
    private static let levels = ["INFO", "INFO", "INFO", "INFO", "INFO", "DEBUG", "DEBUG", "WARN", "ERROR"]
    private static let methods = ["GET", "GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH", "HEAD"]
    private static let statuses = [200, 200, 200, 200, 200, 201, 204, 301, 304, 400, 403, 404, 409, 500, 502]
    private static let paths = ["/v1/users/", "/v1/orders/", "/v2/search?term=", "/static/js/app.", "/healthz",
                                "/v1/invoices/", "/v1/carts/", "/v3/timeline/", "/v1/städte/"]
    private static let words = ["request", "completed", "cache", "miss", "retrying", "upstream", "timeout",
                                "user", "logged", "in", "payment", "authorised", "job", "queued", "index",
                                "refreshed", "connection", "closed", "token", "rotated", "report", "generated"]
    private static let extras = ["Zürich", "São Paulo", "Łódź", "Ελλάδα", "Москва", "東京", "서울", "🚀 launched",
                                 "naïve café", "≈ 3 ms", "\\\"quoted\\\"", "path C:\\\\tmp\\\\x", "line\\nbreak",
                                 "tab\\tstop", "\\u00e9t\\u00e9", "emoji \\ud83d\\ude00"]
    private static let agents = ["Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
                                 "curl/8.5.0", "okhttp/4.12.0", "python-requests/2.32.3", "Go-http-client/2.0"]
    private static let errorTypes = ["TimeoutError", "ConnectionReset", "ValidationFailed", "QuotaExceeded",
                                     "NotFound"]

    // MARK: Lines

    private func put(_ text: String, _ out: inout [UInt8]) { out.append(contentsOf: text.utf8) }
    private func quoted(_ text: String, _ out: inout [UInt8]) {
        out.append(0x22)
        out.append(contentsOf: text.utf8)
        out.append(0x22)
    }

    private mutating func message() -> String {
        var parts: [String] = []
        for _ in 0..<(2 + number(below: 9)) { parts.append(choose(Self.words)) }
        if percent(25) { parts.insert(choose(Self.extras), at: number(below: parts.count)) }
        if percent(15) { parts.append("in \(number(below: 900)).\(number(below: 100))ms") }
        return parts.joined(separator: " ")
    }

    private func timestamp(_ milliseconds: Int64, offsetMinutes: Int) -> String {
        let local = milliseconds + Int64(offsetMinutes) * 60_000
        let c = GeneratedInputs.civil(local)
        let two = GeneratedInputs.twoDigits
        var text = "\(c.year)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))"
        text += "." + String(String(1000 + c.millisecond).dropFirst())
        if offsetMinutes == 0 { return text + "Z" }
        let sign = offsetMinutes < 0 ? "-" : "+"
        return text + "\(sign)\(two(abs(offsetMinutes) / 60)):\(two(abs(offsetMinutes) % 60))"
    }

    /// Appends one line.
    mutating func line(into out: inout [UInt8]) {
        clock += Int64(number(below: 40))
        let service = choose(Self.services)
        var first = true
        func key(_ name: String, _ out: inout [UInt8]) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            quoted(name, &out)
            out.append(UInt8(ascii: ":"))
        }

        out.append(UInt8(ascii: "{"))
        key("timestamp", &out)
        if percent(12) {
            put(String(clock), &out)
        } else {
            quoted(timestamp(clock, offsetMinutes: percent(75) ? 0 : [120, -240, 330, 600][number(below: 4)]), &out)
        }
        key("level", &out)
        let level = choose(Self.levels)
        quoted(percent(6) ? level.lowercased() : level, &out)
        key("service", &out)
        quoted(service, &out)
        key("host", &out)
        quoted("\(service)-\(number(below: 24)).prod.internal", &out)
        key("pid", &out)
        put(String(1000 + number(below: 50_000)), &out)
        key("message", &out)
        quoted(message(), &out)
        if percent(75) {
            key("request_id", &out)
            quoted("\(hex(8))-\(hex(4))-4\(hex(3))-\(hex(4))-\(hex(12))", &out)
        }
        switch number(below: 8) {
        case 0, 1: key("userId", &out); put(String(1 + number(below: 5_000_000)), &out)
        case 2, 3: key("user_id", &out); put(String(1 + number(below: 5_000_000)), &out)
        case 4: key("UserID", &out); quoted("u-\(hex(10))", &out)
        default: break
        }
        if percent(50) {
            key("http", &out)
            first = true
            out.append(UInt8(ascii: "{"))
            key("method", &out); quoted(choose(Self.methods), &out)
            key("path", &out); quoted(choose(Self.paths) + String(number(below: 1_000_000)), &out)
            key("status", &out); put(String(Self.statuses[number(below: Self.statuses.count)]), &out)
            key("bytes_sent", &out); put(String(number(below: 2_000_000)), &out)
            key("duration_ms", &out)
            // Milliseconds with microsecond precision, sometimes written with an exponent.
            let microseconds = number(below: 1_500_000)
            put(oneIn(8) ? "\(microseconds)e-3" : String(Double(microseconds) / 1000), &out)
            key("remote_ip", &out)
            quoted("\(1 + number(below: 222)).\(number(below: 256)).\(number(below: 256)).\(1 + number(below: 254))", &out)
            key("user_agent", &out); quoted(choose(Self.agents), &out)
            key("tls", &out); put(percent(85) ? "true" : "false", &out)
            if percent(25) {
                key("headers", &out)
                first = true
                out.append(UInt8(ascii: "{"))
                key("x-forwarded-for", &out); quoted("10.0.\(number(below: 256)).\(1 + number(below: 254))", &out)
                key("accept-language", &out); quoted(choose(["en-US,en;q=0.9", "de-DE", "ja-JP", "pt-BR"]), &out)
                key("x-cache", &out); put(choose(["\"HIT\"", "\"MISS\"", "null"]), &out)
                out.append(UInt8(ascii: "}"))
                first = false
            }
            if percent(10) { key("referer", &out); put("null", &out) }
            out.append(UInt8(ascii: "}"))
            first = false
        }
        if percent(30) {
            key("duration_ms", &out)
            put(String(Double(number(below: 3_000_000_000)) / 1_000_000), &out)
        }
        if percent(20) {
            key("tags", &out)
            let tags = (0..<(1 + number(below: 3))).map { _ in "\"\(choose(["canary", "eu-west", "mobile", "batch", "beta", "internal"]))\"" }
            put("[" + tags.joined(separator: ",") + "]", &out)
        }
        if percent(6) {
            key("metrics", &out)
            put("[\(Double(number(below: 5000)) / 1e4),\(number(below: 2001) - 1000),\(Double(number(below: 9000)) * 1.25e5),1e-9]", &out)
        }
        if (level == "ERROR" || level == "WARN"), percent(75) {
            key("error", &out)
            first = true
            out.append(UInt8(ascii: "{"))
            key("type", &out); quoted(choose(Self.errorTypes), &out)
            key("message", &out); quoted(message(), &out)
            key("retryable", &out); put(percent(50) ? "true" : "false", &out)
            key("stack", &out)
            let frames = (0..<(1 + number(below: 4))).map { _ in
                "\"\(choose(Self.services)).\(choose(Self.words))() at \(choose(Self.words)).swift:\(1 + number(below: 800))\""
            }
            put("[" + frames.joined(separator: ",") + "]", &out)
            out.append(UInt8(ascii: "}"))
            first = false
        }
        key("sampled", &out)
        put(percent(10) ? "true" : "false", &out)
        key("parent_span", &out)
        if percent(65) { put("null", &out) } else { quoted(hex(16), &out) }
        if percent(2) {
            key("big", &out)
            put(String(Int64(1) << 53 + Int64(random() % UInt64(Int64.max - (1 << 53)))), &out)
        }
        put("}\n", &out)
    }
}
