import BenchRunner
import Foundation
import GeneratedCorpusModels
@_spi(GeneratedPathTesting) import TapeJSON

// The corpus models' @TapeJSONCodable twins (BenchSupport/Sources/GeneratedCorpusModels), for the rows
// that measure the generated path against the Codable path (BenchRunner's `BenchPlan`, which does not
// import them, so that it builds beside them). This file imports the twins alone: their names are the
// originals' (BenchPlan.swift imports CorpusModels), so each side sees its own.

extension GeneratedTwinRows {
    /// The twins' rows.
    static var corpusTwins: GeneratedTwinRows {
        GeneratedTwinRows(
            forFile: GeneratedTwin.forFile,
            decodeLogLines: GeneratedLogLine.decodeLines,
            decodeLogLinesPerCall: GeneratedLogLine.decodePerCall,
            prepareLogLineEncoding: GeneratedLogLine.prepareEncoding,
            transformLogLines: GeneratedLogLine.transform)
    }
}

/// A corpus file's twin model, decoded and encoded by the generated path.
enum GeneratedTwin {
    /// The twin's runs: `prepareEncoding` checks the bytes against the Codable path's for the same
    /// instance (a dictionary's order is its own).
    static func of<T: TapeJSONDecodable & TapeJSONEncodable>(_ type: T.Type) -> GeneratedTwinRows.Twin {
        let decoder = TapeJSONDecoder()
        return GeneratedTwinRows.Twin(decode: { _ = try decoder.decode(T.self, from: $0) }, prepareEncoding: { data in
            let value = try decoder.decode(T.self, from: data)
            let encoder = TapeJSONEncoder()
            nonisolated(unsafe) var buffer: [UInt8] = []
            try encoder.encode(value, into: &buffer)
            let codable = TapeJSONEncoder()
            codable.takesGeneratedPaths = false
            guard try [UInt8](codable.encode(value)) == buffer else {
                throw JSONInputError(path: String(describing: T.self), reason: "the generated path wrote other bytes than the Codable path")
            }
            return {
                buffer.removeAll(keepingCapacity: true)
                try encoder.encode(value, into: &buffer)
            }
        })
    }

    /// The twin for a corpus file name, if it has a model.
    static func forFile(_ name: String) -> GeneratedTwinRows.Twin? {
        switch name {
        case "twitter.json": return of(TwitterSearch.self)
        case "citm_catalog.json": return of(CitmCatalog.self)
        case "canada.json": return of(Canada.self)
        case "github_events.json": return of(GitHubEvents.self)
        case "apache_builds.json": return of(ApacheBuilds.self)
        case "random.json": return of(RandomUsers.self)
        case "mesh.json": return of(Mesh.self)
        case "marine_ik.json": return of(MarineScene.self)
        default: return nil
        }
    }
}

/// The LogLine rows with the twin: the same calls as the Codable rows, on `GeneratedCorpusModels.LogLine`.
enum GeneratedLogLine {
    /// Every line decoded (`jobs` workers); the number decoded.
    static func decodeLines(_ lines: JSONLines, using decoder: TapeJSONDecoder, jobs: Int) throws -> Int {
        var decoded = 0
        _ = try lines.decode(LogLine.self, using: decoder, jobs: jobs, each: { _, _ in decoded += 1 })
        return decoded
    }

    /// Each line decoded by its own call.
    static func decodePerCall(_ lines: [Data], using decoder: TapeJSONDecoder) throws {
        for line in lines { _ = try decoder.decode(LogLine.self, from: line) }
    }

    /// The records decoded once; returns a run encoding each into one reused buffer, after checking the
    /// bytes against the Codable path's for the same records.
    static func prepareEncoding(_ lines: JSONLines, using decoder: TapeJSONDecoder, encoder: TapeJSONEncoder) throws -> () throws -> Void {
        var records: [LogLine] = []
        _ = try lines.decode(LogLine.self, using: decoder, jobs: 1, each: { record, _ in records.append(record) })
        let codable = TapeJSONEncoder()
        codable.takesGeneratedPaths = false
        for record in records {
            var ours: [UInt8] = []
            try encoder.encode(record, into: &ours)
            guard try [UInt8](codable.encode(record)) == ours else {
                throw JSONInputError(path: "LogLine", reason: "the generated path wrote other bytes than the Codable path")
            }
        }
        if records.isEmpty {
            throw JSONInputError(path: "LogLine", reason: "no log line decoded")
        }
        return { [records] in
            var buffer: [UInt8] = []
            for record in records {
                buffer.removeAll(keepingCapacity: true)
                try encoder.encode(record, into: &buffer)
            }
        }
    }

    /// Read, transform, write: the Codable row's loop on the twin.
    static func transform(_ lines: JSONLines, using decoder: TapeJSONDecoder, writer: JSONLinesWriter) throws {
        _ = try lines.decode(LogLine.self, using: decoder, jobs: 1, each: { record, _ in
            var changed = record
            changed.level = changed.level.lowercased()
            try writer.write(changed)
        })
        try writer.flush()
    }
}
