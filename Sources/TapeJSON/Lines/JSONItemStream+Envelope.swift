import Foundation

// The envelope around the items as events: the members beside the items (`meta` in
// `{"meta": {...}, "Records": [...]}`) are read in the same pass as the items, without a second reader.

extension JSONItemStream {
    /// `forEach(_:onInvalidLine:)` that also hands the envelope around the items to `envelope` as
    /// events, in document order and interleaved with the items as they come.
    ///
    /// For `{"meta": {"v": 2}, "Records": [{...}, {...}], "next": null}` at `/Records` the handler sees
    /// `startObject`, `key("meta")`, `startObject`, `key("v")`, `int(2)`, `endObject`, `key("Records")`,
    /// `startArray`, then (after `body` has had both records) `endArray`, `key("next")`, `null`,
    /// `endObject`. The container holding the items appears as its start and end events with nothing
    /// between them; for an object of items, its keys are not events either. The events are those
    /// `JSONStreamParser` gives for the same bytes, strings as views valid only during the call.
    ///
    /// The handler's decisions apply to the envelope only: `.skipChildren` after a start skips that
    /// container's events (items inside it are still delivered), and `.stop` ends the envelope's events
    /// while the items keep coming (throw from `body` to stop reading). An error in the envelope goes
    /// through the error policy as in `forEach(_:onInvalidLine:)`; the events stop where it is.
    ///
    /// A shard (`shard(_:of:)`) walks the envelope from the document's start to the end of its range, so
    /// its handler sees the events up to there: ask one shard, the last, for the whole envelope.
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
    /// to `envelope` as events (see `forEach(_:envelope:onInvalidLine:)` for which events and decisions).
    ///
    /// The events are delivered on the calling thread as the envelope is read. With `jobs > 1` that is
    /// ahead of the results: an envelope member after the items (and the items' closing event) may reach
    /// the handler before the last results reach `each`. With one job the order is the document's.
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
    /// `envelope` as events (see `map(jobs:ordered:_:envelope:each:onInvalidLine:)` for their order
    /// with several jobs).
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
