import Foundation

// One callback label for both readers (issue 26): `JSONLines` and `JSONItemStream` both hand bad lines
// and bad items to `onInvalidLine:` (their errors are both `JSONLineError`, their policy
// `JSONLinesErrorPolicy`), so code written for one compiles with the other. The label `onInvalidItem:`
// that `JSONItemStream` had still works, deprecated: each form below hands its call to the
// `onInvalidLine:` form, declared with the reader's other methods. They have no default for the
// callback, so that calls leaving it out go to the new forms.

extension JSONItemStream {
    /// Deprecated: ``forEach(_:onInvalidLine:)``, the label both readers share.
    @available(*, deprecated, renamed: "forEach(_:onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func forEach(_ body: (borrowing JSONLine) throws -> Void,
                        onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try forEach(body, onInvalidLine: onInvalidItem)
    }

    /// Deprecated: ``count(onInvalidLine:)``, the label both readers share.
    @available(*, deprecated, renamed: "count(onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func count(onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try count(onInvalidLine: onInvalidItem)
    }

    /// Deprecated: ``count(jobs:onInvalidLine:)``, the label both readers share.
    @available(*, deprecated, renamed: "count(jobs:onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func count(jobs: Int, onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try count(jobs: jobs, onInvalidLine: onInvalidItem)
    }

    /// Deprecated: ``map(jobs:ordered:_:each:onInvalidLine:onProgress:)``, the label both readers share.
    @available(*, deprecated, renamed: "map(jobs:ordered:_:each:onInvalidLine:onProgress:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func map<T: Sendable>(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, ordered: Bool = true,
                                 _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                                 each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                 onInvalidItem: (JSONLineError) throws -> Void,
                                 onProgress: (JSONLinesSummary) -> Void = { _ in }) throws -> JSONLinesSummary {
        try map(jobs: jobs, ordered: ordered, transform, each: each, onInvalidLine: onInvalidItem, onProgress: onProgress)
    }

    /// Deprecated: ``decode(_:using:jobs:ordered:each:onInvalidLine:)``, the label both readers share.
    @available(*, deprecated, renamed: "decode(_:using:jobs:ordered:each:onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func decode<T: Decodable & Sendable>(_ type: T.Type, using decoder: TapeJSONDecoder,
                                                jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                ordered: Bool = true,
                                                each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try decode(type, using: decoder, jobs: jobs, ordered: ordered, each: each, onInvalidLine: onInvalidItem)
    }

    /// Deprecated: ``forEach(_:envelope:onInvalidLine:)``, the label both readers share.
    @available(*, deprecated, renamed: "forEach(_:envelope:onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func forEach<Envelope: JSONEventHandler>(_ body: (borrowing JSONLine) throws -> Void,
                                                    envelope: inout Envelope,
                                                    onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try forEach(body, envelope: &envelope, onInvalidLine: onInvalidItem)
    }

    /// Deprecated: ``map(jobs:ordered:_:envelope:each:onInvalidLine:)``, the label both readers share.
    @available(*, deprecated, renamed: "map(jobs:ordered:_:envelope:each:onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func map<T: Sendable, Envelope: JSONEventHandler>(jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                             ordered: Bool = true,
                                                             _ transform: @escaping @Sendable (borrowing JSONLine) throws -> T,
                                                             envelope: inout Envelope,
                                                             each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                             onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try map(jobs: jobs, ordered: ordered, transform, envelope: &envelope, each: each, onInvalidLine: onInvalidItem)
    }

    /// Deprecated: ``decode(_:using:jobs:ordered:envelope:each:onInvalidLine:)``, the label both readers
    /// share.
    @available(*, deprecated, renamed: "decode(_:using:jobs:ordered:envelope:each:onInvalidLine:)", message: "both readers' callback is onInvalidLine")
    @discardableResult
    public func decode<T: Decodable & Sendable, Envelope: JSONEventHandler>(_ type: T.Type, using decoder: TapeJSONDecoder,
                                                                            jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                                            ordered: Bool = true,
                                                                            envelope: inout Envelope,
                                                                            each: (_ value: T, _ lineNumber: Int) throws -> Void,
                                                                            onInvalidItem: (JSONLineError) throws -> Void) throws -> JSONLinesSummary {
        try decode(type, using: decoder, jobs: jobs, ordered: ordered, envelope: &envelope, each: each,
                   onInvalidLine: onInvalidItem)
    }
}
