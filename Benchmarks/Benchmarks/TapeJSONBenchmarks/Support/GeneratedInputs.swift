import Foundation
import TapeJSON

/// Deterministic inputs built in memory on first use: records for the key and date strategies, a
/// large document, and JSON Lines logs. The same bytes on every run and machine.
enum GeneratedInputs {
    /// Records per key- or date-strategy input.
    static let recordCount = 2_000

    // MARK: Keys

    /// The eight properties of a `KeyRecord`, in lowerCamelCase, and their snake_case spellings.
    static let keyWords: [[String]] = [
        ["user", "name"], ["account", "id"], ["created", "at"], ["is", "active"],
        ["login", "count"], ["display", "name"], ["email", "address"], ["last", "seen", "score"],
    ]

    /// How the keys of a key-strategy input are spelled.
    enum KeyCasing {
        /// `userName`: what `.useDefaultKeys` matches.
        case camel
        /// `user_name`: what `.convertFromSnakeCase` converts.
        case snake
        /// `userName`, `user_name`, `UserName`, `user-name` and `USER_NAME` in turn, record by record
        /// and key by key: what `.convertFromAnyCase` converts.
        case mixed
    }

    static func spell(_ words: [String], _ style: Int) -> String {
        let capitalized = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
        switch style {
        case 0: return words[0] + capitalized.dropFirst().joined()
        case 1: return words.joined(separator: "_")
        case 2: return capitalized.joined()
        case 3: return words.joined(separator: "-")
        default: return words.map { $0.uppercased() }.joined(separator: "_")
        }
    }

    /// An array of `recordCount` `KeyRecord` objects with keys spelled by `casing`.
    static func keyRecords(_ casing: KeyCasing) -> Data {
        var text = "["
        for n in 0..<recordCount {
            if n > 0 { text += "," }
            func key(_ k: Int) -> String {
                switch casing {
                case .camel: return spell(keyWords[k], 0)
                case .snake: return spell(keyWords[k], 1)
                case .mixed: return spell(keyWords[k], (n + k) % 5)
                }
            }
            text += "{\"\(key(0))\":\"user \(n)\",\"\(key(1))\":\(100_000 + n * 7),"
            text += "\"\(key(2))\":\"2026-01-\(10 + n % 19)T08:00:00Z\",\"\(key(3))\":\(n % 3 != 0),"
            text += "\"\(key(4))\":\(n % 97),\"\(key(5))\":\"User Number \(n)\","
            text += "\"\(key(6))\":\"user\(n)@example.com\",\"\(key(7))\":\(Double(n) / 8)}"
        }
        return Data((text + "]").utf8)
    }

    static let camelCaseKeys = keyRecords(.camel)
    static let snakeCaseKeys = keyRecords(.snake)
    static let mixedCaseKeys = keyRecords(.mixed)

    // MARK: Dates

    /// 2026-01-01T00:00:00Z, and the gap between generated dates (a bit over an hour, in milliseconds).
    static let firstDate: Int64 = 1_767_225_600_000
    static let dateStep: Int64 = 3_601_250

    /// An array of `recordCount` `{"id": n, "at": date}` objects, the date written by `write`.
    static func dateRecords(_ write: (_ index: Int, _ milliseconds: Int64) -> String) -> Data {
        var text = "["
        for n in 0..<recordCount {
            if n > 0 { text += "," }
            text += "{\"id\":\(n),\"at\":\(write(n, firstDate + Int64(n) * dateStep))}"
        }
        return Data((text + "]").utf8)
    }

    /// `milliseconds` as UTC calendar fields.
    static func civil(_ milliseconds: Int64) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let days = Int(milliseconds / 86_400_000)
        let inDay = Int(milliseconds % 86_400_000)
        // Days since 1970-01-01 to a proleptic Gregorian date (the era-based method).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day, inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000)
    }

    static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static func dateText(_ milliseconds: Int64, time: Bool = true, fraction: Bool = false, zone: String = "Z") -> String {
        let c = civil(milliseconds)
        var text = "\(c.year)-\(twoDigits(c.month))-\(twoDigits(c.day))"
        guard time else { return text }
        text += "T\(twoDigits(c.hour)):\(twoDigits(c.minute)):\(twoDigits(c.second))"
        if fraction { text += "." + String(String(1000 + c.millisecond).dropFirst()) }
        return text + zone
    }

    /// Seconds since 1970 with a fractional part (`1767225600.25`).
    static let secondsDates = dateRecords { _, ms in "\(Double(ms) / 1000)" }
    /// Integer milliseconds since 1970.
    static let millisecondsDates = dateRecords { _, ms in "\(ms)" }
    /// `2026-01-01T00:00:00Z` (whole seconds: Foundation's `.iso8601` rejects fractions).
    static let iso8601Dates = dateRecords { _, ms in "\"\(dateText(ms))\"" }
    /// `2026-01-01 00:00:00` for a `DateFormatter` with that format.
    static let formattedDates = dateRecords { _, ms in
        "\"" + dateText(ms).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "") + "\""
    }
    /// What servers send, in turn: ISO 8601 with milliseconds and `Z`, without fraction, with an offset,
    /// a bare date, and epoch milliseconds as a number.
    static let mixedDates = dateRecords { n, ms in
        switch n % 5 {
        case 0: return "\"\(dateText(ms, fraction: true))\""
        case 1: return "\"\(dateText(ms))\""
        case 2: return "\"\(dateText(ms, fraction: true, zone: "+00:00"))\""
        case 3: return "\"\(dateText(ms - ms % 86_400_000, time: false))\""
        default: return "\(ms)"
        }
    }

    // MARK: A large document

    /// Items in `largeDocument`; also the value of its last member, `count`.
    static let largeDocumentItemCount = 200_000

    /// About 20 MB: `{"generator": …, "items": [200,000 objects of strings, numbers, Booleans, nulls and
    /// small arrays], "count": 200000}`.
    static let largeDocument: Data = {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(21_000_000)
        bytes.append(contentsOf: "{\"generator\":\"TapeJSON benchmarks\",\"items\":[".utf8)
        for n in 0..<largeDocumentItemCount {
            if n > 0 { bytes.append(UInt8(ascii: ",")) }
            let item = "{\"id\":\(n),\"name\":\"item \(n)\",\"price\":\(Double(n % 10_000) / 100 + 0.25),"
                + "\"tags\":[\"t\(n % 7)\",\"t\(n % 11)\"],\"inStock\":\(n % 4 != 0),"
                + "\"note\":\(n % 9 == 0 ? "\"fragile, \\\"handle\\\" with care\"" : "null"),\"rank\":\(n * 31 % 1000)}"
            bytes.append(contentsOf: item.utf8)
        }
        bytes.append(contentsOf: "],\"count\":\(largeDocumentItemCount)}".utf8)
        return Data(bytes)
    }()

    /// `largeDocument`'s bytes followed by simdjson's padding, for the native rows (never freed).
    nonisolated(unsafe) static let paddedLargeDocument: UnsafeRawBufferPointer = {
        let count = largeDocument.count
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: count + SIMDImplementation.padding, alignment: 64)
        memory.copyBytes(from: largeDocument)
        memory.baseAddress!.advanced(by: count).initializeMemory(as: UInt8.self, repeating: 0x20,
                                                                 count: SIMDImplementation.padding)
        return UnsafeRawBufferPointer(start: memory.baseAddress, count: count)
    }()
}
