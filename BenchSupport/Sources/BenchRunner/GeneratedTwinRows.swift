import Foundation
import TapeJSON

/// The rows of the corpus models' `@TapeJSONCodable` twins (BenchSupport/Sources/GeneratedCorpusModels),
/// handed to `BenchPlan` by `tapejson`, which imports the twins.
///
/// The plan does not import them itself, so that this module builds beside the twins rather than after
/// them: in a fresh clone `make bench`'s build waits only for the small file of `tapejson` that fills this in.
public struct GeneratedTwinRows {
    /// A corpus file's twin model, decoded and encoded by the generated path.
    public struct Twin {
        /// Decodes the file into the twin.
        public let decode: (Data) throws -> Void
        /// Decodes the file once and returns an encoding run into one reused buffer, after checking that
        /// it writes the bytes the Codable path writes for the same value.
        public let prepareEncoding: (_ data: Data) throws -> () throws -> Void

        /// A twin from its two runs.
        public init(decode: @escaping (Data) throws -> Void,
                    prepareEncoding: @escaping (_ data: Data) throws -> () throws -> Void) {
            self.decode = decode
            self.prepareEncoding = prepareEncoding
        }
    }

    /// The twin for a corpus file name, if it has a model.
    public let forFile: (String) -> Twin?
    /// Every line decoded into the LogLine twin (`jobs` workers); the number decoded.
    public let decodeLogLines: (_ lines: JSONLines, _ decoder: TapeJSONDecoder, _ jobs: Int) throws -> Int
    /// Each line decoded into the LogLine twin by its own call.
    public let decodeLogLinesPerCall: (_ lines: [Data], _ decoder: TapeJSONDecoder) throws -> Void
    /// The LogLine records decoded once; returns a run encoding each into one reused buffer, after
    /// checking the bytes against the Codable path's.
    public let prepareLogLineEncoding: (_ lines: JSONLines, _ decoder: TapeJSONDecoder,
                                        _ encoder: TapeJSONEncoder) throws -> () throws -> Void
    /// Read, transform, write on the LogLine twin: the Codable row's loop.
    public let transformLogLines: (_ lines: JSONLines, _ decoder: TapeJSONDecoder, _ writer: JSONLinesWriter) throws -> Void

    /// The rows from their runs.
    public init(forFile: @escaping (String) -> Twin?,
                decodeLogLines: @escaping (_ lines: JSONLines, _ decoder: TapeJSONDecoder, _ jobs: Int) throws -> Int,
                decodeLogLinesPerCall: @escaping (_ lines: [Data], _ decoder: TapeJSONDecoder) throws -> Void,
                prepareLogLineEncoding: @escaping (_ lines: JSONLines, _ decoder: TapeJSONDecoder,
                                                   _ encoder: TapeJSONEncoder) throws -> () throws -> Void,
                transformLogLines: @escaping (_ lines: JSONLines, _ decoder: TapeJSONDecoder,
                                              _ writer: JSONLinesWriter) throws -> Void) {
        self.forFile = forFile
        self.decodeLogLines = decodeLogLines
        self.decodeLogLinesPerCall = decodeLogLinesPerCall
        self.prepareLogLineEncoding = prepareLogLineEncoding
        self.transformLogLines = transformLogLines
    }
}
