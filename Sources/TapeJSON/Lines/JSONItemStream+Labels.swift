import Foundation

// One callback label for both readers (issue 26): `JSONLines` and `JSONItemStream` both hand bad lines
// and bad items to `onInvalidLine:` (their errors are both `JSONLineError`, their policy
// `JSONLinesErrorPolicy`), so code written for one compiles with the other. The label
// `onInvalidItem:` that `JSONItemStream` had still works, deprecated, where it is declared (without
// its default, so that calls leaving the callback out come here).

extension JSONItemStream {
    /// Hands every valid item to `body`, on the calling thread, in document order; bad items go through
    /// the error policy (`onInvalidLine` receives them under `.report`).
    ///
    /// The item (a `JSONLine`) is valid only during the call; `lineNumber` is the line its first byte is
    /// on, and a bad item's error carries its line, column and `elementIndex`.
    ///
    /// - Returns: the counts (`lines` counts items).
    /// - Throws: the first bad item (or envelope error) under `.fail`, as a `JSONLineError`;
    ///   `JSONPointerError` for a malformed pointer; `JSONItemPointerError` when the document has no array
    ///   or object at the pointer (after its items, if any, were read); `JSONInputError` when the input
    ///   cannot be read; anything the callbacks throw.
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try read(countOnly: false, { item in
            try body(item)
            return nil
        }, onInvalidItem: onInvalidLine)
    }

    /// Counts the valid items without handing them out (the fastest pass: validation only), on the
    /// calling thread. Bad items go through the error policy as in `forEach(_:onInvalidLine:)`.
    @discardableResult
    public func count(onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        try read(countOnly: true, { _ in nil }, onInvalidItem: onInvalidLine)
    }

    /// `count(jobs:onInvalidLine:)` under the label `JSONItemStream` had (the parallel count itself is
    /// declared beside the reader's other parallel code).
    @available(*, deprecated, renamed: "count(jobs:onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func count(jobs: Int, onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try count(jobs: jobs, onInvalidLine: onInvalidItem)
    }

    /// Transforms every valid item with `jobs` workers and delivers the results on the calling thread, in
    /// input order when `ordered` (else in the order runs finish), as `JSONLines.map` does for lines. An
    /// item whose transform throws counts as invalid. With `ordered: false`, items after an error in the
    /// envelope may already have been delivered when it is reported.
    ///
    /// - Parameters:
    ///   - jobs: workers, the calling thread included (it also walks the envelope); with 1, everything
    ///     runs on the calling thread.
    ///   - transform: runs on a worker for each valid item (the item is valid only during the call).
    ///   - each: receives each result with its item's line number, on the calling thread.
    ///   - onInvalidLine: receives bad items under `.report`, on the calling thread.
    ///   - onProgress: receives the counts so far, now and then, on the calling thread.
    @discardableResult
    public func map<T: Sendable>(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, ordered: Bool = true,
                                 _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                                 each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                 onInvalidLine: (JSONLineError) throws -> Void = { _ in },
                                 onProgress: (JSONLinesSummary) -> Void = { _ in }) throws -> JSONLinesSummary {
        try mapWithState(jobs: jobs, ordered: ordered, makeState: { () }, { _, item in try transform(item) },
                         each: each, onInvalidItem: onInvalidLine, onProgress: onProgress)
    }

    /// Decodes every valid item as a `T` with `decoder`'s strategies on `jobs` workers, delivering the
    /// values on the calling thread (in input order when `ordered`). An item that is not valid JSON, or
    /// does not decode as `T`, goes through the error policy (`onInvalidLine` under `.report`).
    @discardableResult
    public func decode<T: Decodable & Sendable>(_ type: T.Type, using decoder: TapeJSONDecoder,
                                                jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                ordered: Bool = true,
                                                each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        let snapshot = ConfigurationSnapshot(decoder.configuration.withLock { $0 })
        return try mapWithState(jobs: jobs, ordered: ordered, makeState: { DecodingWorkspace(snapshot.configuration) },
                                { workspace, item in try item.decode(type, workspace: &workspace) },
                                each: each, onInvalidItem: onInvalidLine, onProgress: { _ in })
    }

    // MARK: - With the envelope's events

    /// `forEach(_:onInvalidLine:)` that also hands the envelope around the items to `envelope` as
    /// events, in document order and interleaved with the items as they come (see
    /// `JSONItemStream+Envelope.swift` for which events, and what the handler's decisions do).
    ///
    /// `envelope` is updated in place when the call returns or throws.
    @discardableResult
    public func forEach<Envelope: JSONEventHandler>(_ body: (borrowing JSONLine) throws -> Void,
                                                    envelope: inout Envelope,
                                                    onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        let receiver = EnvelopeEvents(envelope)
        defer { envelope = receiver.handler }
        return try read(countOnly: false, { item in
            try body(item)
            return nil
        }, onInvalidItem: onInvalidLine, envelope: receiver)
    }

    /// `map(jobs:ordered:_:each:onInvalidLine:onProgress:)` that also hands the envelope around the items
    /// to `envelope` as events. With `jobs > 1` the events run ahead of the results: an envelope member
    /// after the items may reach the handler before the last results reach `each`.
    @discardableResult
    public func map<T: Sendable, Envelope: JSONEventHandler>(jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                             ordered: Bool = true,
                                                             _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                                                             envelope: inout Envelope,
                                                             each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                             onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        let receiver = EnvelopeEvents(envelope)
        defer { envelope = receiver.handler }
        return try mapWithState(jobs: jobs, ordered: ordered, makeState: { () }, { _, item in try transform(item) },
                                each: each, onInvalidItem: onInvalidLine, onProgress: { _ in }, envelope: receiver)
    }

    /// `decode(_:using:jobs:ordered:each:onInvalidLine:)` that also hands the envelope around the items to
    /// `envelope` as events (see `map(jobs:ordered:_:envelope:each:onInvalidLine:)` for their order).
    @discardableResult
    public func decode<T: Decodable & Sendable, Envelope: JSONEventHandler>(_ type: T.Type, using decoder: TapeJSONDecoder,
                                                                            jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                                            ordered: Bool = true,
                                                                            envelope: inout Envelope,
                                                                            each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                                            onInvalidLine: (JSONLineError) throws -> Void = { _ in }) throws -> JSONLinesSummary {
        let receiver = EnvelopeEvents(envelope)
        defer { envelope = receiver.handler }
        let snapshot = ConfigurationSnapshot(decoder.configuration.withLock { $0 })
        return try mapWithState(jobs: jobs, ordered: ordered, makeState: { DecodingWorkspace(snapshot.configuration) },
                                { workspace, item in try item.decode(type, workspace: &workspace) },
                                each: each, onInvalidItem: onInvalidLine, onProgress: { _ in }, envelope: receiver)
    }
}
