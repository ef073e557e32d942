import Foundation
import TapeJSON

/// A file to benchmark, read with simdjson's padding after it.
public struct BenchInput {
    /// The file's name, which names its rows.
    public let name: String
    /// Its bytes, with simdjson's padding after them.
    public let file: PaddedFile

    /// Reads the file at `path`; throws a `JSONInputError` when it cannot be read or is empty.
    public init(path: String) throws {
        name = URL(fileURLWithPath: path).lastPathComponent
        file = try PaddedFile(path: path)
        guard file.unsafeBytes.count > 0 else { throw JSONInputError(path: path, reason: "empty file") }
    }

    /// The bundled corpus's JSON documents, in name order.
    public static func corpus(at directory: String, only chosen: Set<String>? = nil) throws -> [BenchInput] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasSuffix(".json") && chosen?.contains($0) != false }.sorted()
        } catch {
            throw JSONInputError(path: directory, reason: "cannot list the corpus directory (run from the project root or pass --corpus)")
        }
        guard !names.isEmpty else { throw JSONInputError(path: directory, reason: "no .json files") }
        return try names.map { try BenchInput(path: directory + "/" + $0) }
    }

    /// A copy of its bytes.
    public var data: Data { Data(bytes: file.unsafeBytes.baseAddress!, count: file.unsafeBytes.count) }
}

