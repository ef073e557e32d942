import Foundation
import Synchronization
import TapeJSON

/// One file of the project's bundled corpus, loaded twice: read with simdjson's padding (what
/// the tape parser and native simdjson read) and as `Data` (what the decoders and serializations read,
/// as an application would after `Data(contentsOf:)`).
final class CorpusFile: Sendable {
    let name: String
    let padded: PaddedFile
    let data: Data

    /// The file's size in bytes: the numerator of every throughput figure on it.
    var size: Int { padded.unsafeBytes.count }

    fileprivate init(name: String, directory: URL) throws {
        let url = directory.appendingPathComponent(name)
        self.name = name
        self.padded = try PaddedFile(path: url.path)
        self.data = try Data(contentsOf: url)
    }
}

/// The corpus at the project's root (`Corpus/`), found from this source file's path so the benchmarks
/// run from any working directory, and each file loaded once per process on first use.
enum Corpus {
    /// `<project>/Corpus`: this file is `<project>/Benchmarks/Benchmarks/TapeJSONBenchmarks/Support/`.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // TapeJSONBenchmarks
        .deletingLastPathComponent()  // Benchmarks (the sources)
        .deletingLastPathComponent()  // Benchmarks (the package)
        .deletingLastPathComponent()  // the project
        .appendingPathComponent("Corpus")

    private static let loaded = Mutex<[String: CorpusFile]>([:])

    /// The corpus file `name` (such as `twitter.json`).
    static func file(_ name: String) throws -> CorpusFile {
        if let file = loaded.withLock({ $0[name] }) { return file }
        let file = try CorpusFile(name: name, directory: directory)
        return loaded.withLock { files in
            if let earlier = files[name] { return earlier }
            files[name] = file
            return file
        }
    }
}

/// Bytes followed by simdjson's padding, for the native reference loops (which read in place).
final class PaddedBytes: @unchecked Sendable {
    private let storage: UnsafeMutableRawBufferPointer
    /// The bytes, without the padding (readable padding follows them).
    let bytes: UnsafeRawBufferPointer

    init(_ source: [UInt8]) {
        let padding = SIMDImplementation.padding
        storage = .allocate(byteCount: source.count + padding, alignment: 64)
        storage.copyBytes(from: source)
        storage.baseAddress!.advanced(by: source.count)
            .initializeMemory(as: UInt8.self, repeating: 0x20, count: padding)
        bytes = UnsafeRawBufferPointer(start: storage.baseAddress, count: source.count)
    }

    deinit { storage.deallocate() }
}
