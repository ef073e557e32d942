import Foundation

extension JSONLine {
    /// Decodes this line straight from its tape with `decoder`'s strategies (no copy of the document).
    ///
    /// Calling this line after line with one decoder costs about what `JSONLines.decode` costs per
    /// line: the decoder hands each call what its earlier calls learnt (key conversions, type kinds,
    /// error messages). A new decoder per line would learn it all again.
    ///
    /// - Throws: the `DecodingError` Foundation's `JSONDecoder` would throw for this line's JSON.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: TapeJSONDecoder) throws -> T {
        try decoder.withWorkspace { workspace in
            try DecodingSession.decodeRoot(type, tape: tape, owner: owner, source: raw,
                                           workspace: workspace, bigNumbers: bigNumbers)
        }
    }

    /// Decodes with a workspace reused across lines (its caches survive from line to line); replaces it
    /// by a new one when the decoded value keeps it (a kept container or decoder).
    func decode<T: Decodable>(_ type: T.Type, workspace: inout DecodingWorkspace) throws -> T {
        defer { DecodingWorkspace.renewIfHeld(&workspace) }
        // The owner is the worker's own parser: no reference count shared between threads. The tape
        // lives in a batch buffer that the next batch overwrites.
        return try DecodingSession.decodeRoot(type, tape: tape, owner: owner, source: raw,
                                              workspace: workspace, bigNumbers: bigNumbers)
    }
}

extension JSONLines {
    /// Decodes every valid line as a `T` with `decoder`'s strategies, on `jobs` workers, and delivers the
    /// values on the calling thread (in input order when `ordered`). The calling thread is one of the
    /// workers: `jobs - 1` threads are started (none with 1).
    ///
    /// A line that is not valid JSON, or does not decode as `T`, goes through the error policy as a
    /// `JSONLineError` (its `underlying` is the `JSONError` or the `DecodingError`). Each worker keeps one
    /// decoding workspace, so key conversions are cached across the lines it decodes.
    ///
    /// ```swift
    /// let decoder = TapeJSONDecoder()
    /// decoder.keyDecodingStrategy = .convertFromAnyCase
    /// let summary = try JSONLines(path: "app.log", options: .init(errorPolicy: .skip))
    ///     .decode(LogLine.self, using: decoder) { line, lineNumber in
    ///         if line.level == "ERROR" { print(lineNumber, line.message) }
    ///     }
    /// ```
    @discardableResult
    public func decode<T: Decodable & Sendable>(_ type: T.Type, using decoder: TapeJSONDecoder,
                                                jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                ordered: Bool = true,
                                                each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        // Each worker builds its own workspace (caches are per thread) from one snapshot of the settings;
        // a `.formatted` DateFormatter in them is only read.
        let snapshot = ConfigurationSnapshot(decoder.configuration.withLock { $0 })
        return try mapWithState(jobs: jobs, ordered: ordered, makeState: { DecodingWorkspace(snapshot.configuration) },
                                { workspace, line in try line.decode(type, workspace: &workspace) },
                                each: each, onInvalidLine: onInvalidLine, onProgress: { _ in })
    }
}

/// The decoder's settings, handed to worker threads. Strategies hold only `@Sendable` closures and values,
/// except `.formatted(DateFormatter)`, whose formatter is shared read-only, as Foundation's decoder does.
struct ConfigurationSnapshot: @unchecked Sendable {
    let configuration: TapeJSONDecoder.Configuration

    init(_ configuration: TapeJSONDecoder.Configuration) {
        self.configuration = configuration
    }
}
