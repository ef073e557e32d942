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
        try decoder.withContext { context in
            try decode(type, context: context)
        }
    }

    /// Decodes with a context reused across lines (its key-conversion cache survives from line to line).
    func decode<T: Decodable>(_ type: T.Type, context: DecodingContext) throws -> T {
        // The owner is the worker's own parser: no reference count shared between threads. The
        // worker's context hands the same session to line after line. The tape lives in a batch
        // buffer that the next batch overwrites.
        try DecodingSession.decodeRoot(type, tape: tape, owner: owner, tapeIsReused: true, source: raw, context: context)
    }
}

extension JSONLines {
    /// Decodes every valid line as a `T` with `decoder`'s strategies, on `jobs` workers, and delivers the
    /// values on the calling thread (in input order when `ordered`). The calling thread is one of the
    /// workers: `jobs - 1` threads are started (none with 1).
    ///
    /// A line that is not valid JSON, or does not decode as `T`, goes through the error policy as a
    /// `JSONLineError` (its `underlying` is the `JSONError` or the `DecodingError`). Each worker keeps one
    /// decoding context, so key conversions are cached across the lines it decodes.
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
        // Each worker builds its own context (caches are per thread) from one snapshot of the settings; a
        // `.formatted` DateFormatter in them is only read.
        let snapshot = ConfigurationSnapshot(decoder.configuration.withLock { $0 })
        return try mapWithState(jobs: jobs, ordered: ordered, makeState: { DecodingContext(snapshot.configuration) },
                                { context, line in try line.decode(type, context: context) },
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
