/// Where `ItemSplitter` sends the events of the envelope around the items (`JSONItemStream`'s
/// `envelope:` handlers), in document order: the containers it walks, the keys it reads, and the values it
/// checks with simdjson (replayed from their tapes). The items' own container appears as its start and end
/// events with nothing between them: its contents are the items.
///
/// `level` is the walker's nesting (its stack's size) with the container open: a `.skipChildren`
/// answer to a start mutes everything until that level closes (its end event included), and `.stop` mutes
/// the rest of the envelope (the items keep coming).
protocol EnvelopeEventReceiver: AnyObject {
    /// Whether an event sent now would reach the handler (false inside a skipped container or after
    /// `.stop`), so that the walker can spare itself the work of making it.
    var isListening: Bool { get }
    func start(isObject: Bool, level: Int) throws
    func end(isObject: Bool, level: Int) throws
    func key(_ utf8: UnsafeRawBufferPointer) throws
    /// A value of the envelope, parsed: all of its events.
    func value(tape: Tape, bigNumbers: BigNumbers?) throws
}

/// The receiver holding the caller's handler (the walker does not need to know its type).
final class EnvelopeEvents<Handler: JSONEventHandler>: EnvelopeEventReceiver {
    var handler: Handler
    /// The level of the container the handler skipped, while the walker is inside it.
    private var skippedLevel: Int? = nil
    private var stopped = false

    init(_ handler: Handler) {
        self.handler = handler
    }

    var isListening: Bool { !stopped && skippedLevel == nil }

    func start(isObject: Bool, level: Int) throws {
        guard isListening else { return }
        switch try handler.handle(isObject ? .startObject : .startArray) {
        case .continue: break
        case .skipChildren: skippedLevel = level
        case .stop: stopped = true
        }
    }

    func end(isObject: Bool, level: Int) throws {
        if skippedLevel == level {
            skippedLevel = nil
            return
        }
        guard isListening else { return }
        if try handler.handle(isObject ? .endObject : .endArray) == .stop { stopped = true }
    }

    func key(_ utf8: UnsafeRawBufferPointer) throws {
        guard isListening else { return }
        let bytes = utf8.assumingMemoryBound(to: UInt8.self)
        if try handler.handle(.key(JSONString(utf8: Span(_unsafeElements: bytes)))) == .stop { stopped = true }
    }

    func value(tape: Tape, bigNumbers: BigNumbers?) throws {
        guard isListening else { return }
        var reader = JSONEventReader(tape: tape, start: Tape.rootIndex, end: tape.count - 1)
        reader.bigNumbers = bigNumbers
        if try !StreamWindow.deliver(&reader, to: &handler) { stopped = true }
    }
}
