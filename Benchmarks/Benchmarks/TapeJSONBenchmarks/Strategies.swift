import Benchmark
import CorpusModels
import Foundation
import TapeJSON

// MARK: - Key strategies

/// The record the key-strategy inputs hold (`GeneratedInputs.keyRecords`), in Swift's lowerCamelCase.
struct KeyRecord: Decodable, Equatable {
    var userName: String
    var accountId: Int
    var createdAt: String
    var isActive: Bool
    var loginCount: Int
    var displayName: String
    var emailAddress: String
    var lastSeenScore: Double
}

/// Registers each key strategy, TapeJSON against Foundation, decoding `[KeyRecord]`:
/// - `useDefaultKeys` on camelCase keys, with the same strategy on both sides;
/// - `convertFromSnakeCase` on snake_case keys, with the same strategy on both sides;
/// - `convertFromAnyCase` on keys spelled five ways; Foundation has no such strategy, so its
///   counterpart is the `.custom` strategy an application would write for the same mapping
///   (`LogLine.foundationKeyDecodingStrategy`, which applies TapeJSON's any-case rules per key).
func registerKeyStrategyBenchmarks() {
    registerKeyStrategy("useDefaultKeys", input: { GeneratedInputs.camelCaseKeys },
                        tape: .useDefaultKeys, foundation: .useDefaultKeys)
    registerKeyStrategy("convertFromSnakeCase", input: { GeneratedInputs.snakeCaseKeys },
                        tape: .convertFromSnakeCase, foundation: .convertFromSnakeCase)
    registerKeyStrategy("convertFromAnyCase", input: { GeneratedInputs.mixedCaseKeys },
                        tape: .convertFromAnyCase, foundation: LogLine.foundationKeyDecodingStrategy,
                        foundationName: "custom any-case closure")
    registerAnyCaseCostBenchmarks()
}

/// Registers what `.convertFromAnyCase` costs on a real document: twitter.json decoded by
/// TapeJSONDecoder into `TwitterSearch` (snake_case `CodingKeys`) with `.useDefaultKeys`, and into
/// `CamelTwitterSearch` (the same model without `CodingKeys`) with `.convertFromAnyCase`. Same bytes,
/// same values; the second row's extra time is the key conversion (compare their p0 over several runs).
/// `tapejson bench` measures the same pair ("convertFromAnyCase vs useDefaultKeys").
private func registerAnyCaseCostBenchmarks() {
    let plain = TapeJSONDecoder()
    let anyCase = TapeJSONDecoder()
    anyCase.keyDecodingStrategy = .convertFromAnyCase
    let rows = "twitter.json any-case cost"

    Benchmark(benchmarkName("Keys", rows, "TapeJSONDecoder useDefaultKeys snake_case CodingKeys"),
              configuration: .operation) { benchmark in
        let file = try Corpus.file("twitter.json")
        try measure(benchmark, bytes: file.size) {
            try plain.decode(TwitterSearch.self, from: file.data)
        }
    }

    Benchmark(benchmarkName("Keys", rows, "TapeJSONDecoder convertFromAnyCase no CodingKeys"),
              configuration: .operation) { benchmark in
        let file = try Corpus.file("twitter.json")
        try measure(benchmark, bytes: file.size) {
            try anyCase.decode(CamelTwitterSearch.self, from: file.data)
        }
    } setup: {
        // Both rows must read the same values: the camelCase model, written back with snake_case keys,
        // is the same JSON as the snake_case model written with its CodingKeys.
        let file = try Corpus.file("twitter.json")
        let snake = JSONEncoder()
        snake.outputFormatting = .sortedKeys
        snake.keyEncodingStrategy = .convertToSnakeCase
        let plainEncoder = JSONEncoder()
        plainEncoder.outputFormatting = .sortedKeys
        let camel = try snake.encode(try anyCase.decode(CamelTwitterSearch.self, from: file.data))
        let reference = try plainEncoder.encode(try plain.decode(TwitterSearch.self, from: file.data))
        guard camel == reference else {
            throw BenchmarkInputError("twitter.json: the camelCase model under .convertFromAnyCase reads other values")
        }
    }
}

private func registerKeyStrategy(_ name: String, input: @escaping @Sendable () -> Data,
                                 tape strategy: TapeJSONDecoder.KeyDecodingStrategy,
                                 foundation foundationStrategy: JSONDecoder.KeyDecodingStrategy,
                                 foundationName: String? = nil) {
    let tape = TapeJSONDecoder()
    tape.keyDecodingStrategy = strategy
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = foundationStrategy
    let rows = "\(name) \(GeneratedInputs.recordCount) records"

    Benchmark(benchmarkName("Keys", rows, "Foundation JSONDecoder" + (foundationName.map { " \($0)" } ?? "")), configuration: .operation) { benchmark in
        let data = input()
        try measure(benchmark, bytes: data.count) {
            try foundation.decode([KeyRecord].self, from: data)
        }
    }

    Benchmark(benchmarkName("Keys", rows, "TapeJSONDecoder"), configuration: .operation) { benchmark in
        let data = input()
        try measure(benchmark, bytes: data.count) {
            try tape.decode([KeyRecord].self, from: data)
        }
    } setup: {
        let data = input()
        let decoded = try tape.decode([KeyRecord].self, from: data)
        guard decoded.count == GeneratedInputs.recordCount,
              decoded == (try foundation.decode([KeyRecord].self, from: data))
        else { throw BenchmarkInputError("keys \(name): TapeJSONDecoder and JSONDecoder disagree") }
    }
}

// MARK: - Date strategies

/// The record the date-strategy inputs hold (`GeneratedInputs.dateRecords`).
struct DateRecord: Decodable {
    var id: Int
    var at: Date
}

/// Registers each date strategy, TapeJSON against Foundation, decoding `[DateRecord]`:
/// `secondsSince1970`, `millisecondsSince1970`, `iso8601` and `formatted` (one `DateFormatter` for both)
/// with the same strategy on both sides; TapeJSON's `flexible` on mixed ISO 8601 forms, bare dates and
/// epoch milliseconds, against the `.custom` closure an application would give Foundation for them
/// (a number, else `Date.ISO8601FormatStyle` with and without fractional seconds, else a bare date).
func registerDateStrategyBenchmarks() {
    registerDateStrategy("secondsSince1970", input: { GeneratedInputs.secondsDates },
                         tape: .secondsSince1970, foundation: .secondsSince1970)
    registerDateStrategy("millisecondsSince1970", input: { GeneratedInputs.millisecondsDates },
                         tape: .millisecondsSince1970, foundation: .millisecondsSince1970)
    registerDateStrategy("iso8601", input: { GeneratedInputs.iso8601Dates },
                         tape: .iso8601, foundation: .iso8601)
    registerDateStrategy("formatted", input: { GeneratedInputs.formattedDates },
                         tape: .formatted(dateFormatter()), foundation: .formatted(dateFormatter()))
    registerDateStrategy("flexible", input: { GeneratedInputs.mixedDates },
                         tape: .flexible, foundation: flexibleFoundationStrategy(),
                         foundationName: "custom closure")
}

/// `yyyy-MM-dd HH:mm:ss` in UTC.
private func dateFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    return formatter
}

/// What `.flexible` accepts, the way it is usually written for Foundation.
private func flexibleFoundationStrategy() -> JSONDecoder.DateDecodingStrategy {
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    let whole = Date.ISO8601FormatStyle()
    let dateOnly = Date.ISO8601FormatStyle().year().month().day()
    return .custom { decoder in
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            return Date(timeIntervalSince1970: abs(number) > 1e11 ? number / 1000 : number)
        }
        let text = try container.decode(String.self)
        if let date = (try? fractional.parse(text)) ?? (try? whole.parse(text)) ?? (try? dateOnly.parse(text)) {
            return date
        }
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "Unrecognised date: \(text)")
    }
}

private func registerDateStrategy(_ name: String, input: @escaping @Sendable () -> Data,
                                  tape strategy: TapeJSONDecoder.DateDecodingStrategy,
                                  foundation foundationStrategy: JSONDecoder.DateDecodingStrategy,
                                  foundationName: String? = nil) {
    let tape = TapeJSONDecoder()
    tape.dateDecodingStrategy = strategy
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = foundationStrategy
    let rows = "\(name) \(GeneratedInputs.recordCount) records"

    Benchmark(benchmarkName("Dates", rows, "Foundation JSONDecoder" + (foundationName.map { " \($0)" } ?? "")), configuration: .operation) { benchmark in
        let data = input()
        try measure(benchmark, bytes: data.count) {
            try foundation.decode([DateRecord].self, from: data)
        }
    }

    Benchmark(benchmarkName("Dates", rows, "TapeJSONDecoder"), configuration: .operation) { benchmark in
        let data = input()
        try measure(benchmark, bytes: data.count) {
            try tape.decode([DateRecord].self, from: data)
        }
    } setup: {
        let data = input()
        let ours = try tape.decode([DateRecord].self, from: data)
        let theirs = try foundation.decode([DateRecord].self, from: data)
        // Dates as instants to the microsecond (seconds-based strategies may differ in the last bit).
        guard ours.count == GeneratedInputs.recordCount, ours.count == theirs.count,
              zip(ours, theirs).allSatisfy({ $0.id == $1.id && abs($0.at.timeIntervalSince($1.at)) < 1e-6 })
        else { throw BenchmarkInputError("dates \(name): TapeJSONDecoder and JSONDecoder disagree") }
    }
}
