import Foundation
import Testing
import TapeJSON

// `JSONStreamParser`: the same events as the in-memory reader, and the same errors at the same place,
// however the bytes are split and whatever the window.

/// The splits every input is fed in: fixed chunk sizes, then seeded random ones.
private let splits: [[Int]] = [[1], [2], [3], [7], [64], [4096], randomChunks(seed: 1, max: 16),
                               randomChunks(seed: 2, max: 1000), randomChunks(seed: 3, max: 70_000)]

// MARK: - JSONTestSuite

@Suite("Streaming: JSONTestSuite")
struct StreamSuiteTests {
    @Test("every file gives the in-memory outcome, in every split and window", arguments: SuiteFiles.names)
    func suiteFile(_ name: String) throws {
        let bytes = try readBytes(SuiteFiles.path(name))
        let expected = inMemory(bytes)
        for window in [64, 4 << 20] {
            for chunks in splits {
                let got = try streamed(bytes, chunks: chunks, window: window)
                #expect(got.matches(expected), "\(name), window \(window), chunks \(chunks.prefix(3)): \(got) vs \(expected)")
            }
        }
    }

    @Test("the suite is there")
    func present() {
        #expect(SuiteFiles.names.count == 318)
    }
}

// MARK: - Corpus

@Suite("Streaming: corpus")
struct StreamCorpusTests {
    @Test("every corpus file gives the in-memory events, in every split", arguments: Corpus.jsonFiles)
    func corpusFile(_ name: String) throws {
        let bytes = try readBytes(Corpus.path(name))
        let expected = inMemory(bytes)
        #expect(expected.error == nil)
        for chunks in splits {
            let got = try streamed(bytes, chunks: chunks)
            #expect(got.matches(expected), "\(name), chunks \(chunks.prefix(3)): \(got) vs \(expected)")
        }
    }

    @Test("a small window enters containers; the events are the same", arguments: Corpus.jsonFiles)
    func corpusSmallWindow(_ name: String) throws {
        let bytes = try readBytes(Corpus.path(name))
        let expected = inMemory(bytes)
        for (window, chunks) in [(64, [4096]), (1000, [7]), (64, randomChunks(seed: 4, max: 300))] {
            let got = try streamed(bytes, chunks: chunks, window: window)
            #expect(got.matches(expected), "\(name), window \(window): \(got) vs \(expected)")
        }
    }
}
