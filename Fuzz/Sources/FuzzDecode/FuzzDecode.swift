import Foundation
import FuzzSupport
import TapeJSON

/// A log record of the kind the corpus holds: strings, numbers, an optional, a nested object and array.
struct LogLine: Codable, Equatable {
    struct HTTP: Codable, Equatable {
        var method: String
        var status: Int
        var bytes: Int64?
    }
    var timestamp: String
    var level: String
    var message: String
    var latencyMs: Double
    var http: HTTP?
    var tags: [String]
    var attributes: [String: Int]?
    var ok: Bool
}

// Decoding a model from any bytes: no crash, and when both decoders succeed they give the same value.
@_cdecl("FuzzDecode_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let tape = TapeJSONDecoder()
    let foundation = JSONDecoder()
    return runFuzzer(argc, argv) { input in
        var knobs = Knobs(input)
        let snakeCase = knobs.byte() % 2 == 1
        tape.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
        foundation.keyDecodingStrategy = snakeCase ? .convertFromSnakeCase : .useDefaultKeys
        let data = Data(knobs.rest)
        let ours = try? tape.decode(LogLine.self, from: data)
        let theirs = try? foundation.decode(LogLine.self, from: data)
        if let ours, let theirs {
            check(ours == theirs || ours.latencyMs.isNaN, "decoded values differ: \(ours) against \(theirs)")
        }
    }
}
