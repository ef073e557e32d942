import Synchronization

/// The decoding contexts of one `TapeJSONDecoder`, parked between its decode calls.
///
/// A context carries what a call learns: the key conversions, how each type is decoded, the error
/// messages and path keys already built (`ErrorMemo`). Made afresh per call, a loop of small calls
/// (`line.decode(LogLine.self, using: decoder)` in a JSON Lines `forEach`, or many small documents)
/// rebuilds all of it every time; a model that tries one type and then another rebuilds its thrown-away
/// errors too. The shelf keeps up to `capacity` contexts (about one per thread decoding at once) for
/// the decoder's next calls, on any thread.
///
/// A context is used by one call at a time: `take` removes it from the shelf and `give` puts it back,
/// under the decoder's lock. Everything a context holds is a function of the decoder's settings and the
/// types decoded, so a call that reuses one decodes exactly as a call with a new one. Changing a
/// setting retires every context made before it (`retire`): the generation moves on, the shelf is
/// emptied, and a context of an older generation that comes back from a call is dropped. So is a
/// context whose key-conversion cache met thousands of distinct keys (objects whose keys are data, read
/// through a key type of the model's own): memory stays bounded however long the decoder lives.
struct ContextShelf: ~Copyable {
    /// A parked context; only the call that took it uses it.
    private struct Parked: @unchecked Sendable {
        let context: DecodingContext
    }

    /// At most this many contexts wait on the shelf.
    static let capacity = 8

    /// How many times the settings have changed; a context made under an older one is not kept.
    private(set) var generation: UInt64 = 0
    private var parked: [Parked] = []

    /// A parked context, or nil when the shelf is empty.
    mutating func take() -> DecodingContext? {
        parked.popLast()?.context
    }

    /// Parks `context`, made under `generation`, for a later call (dropped when it is out of date, when
    /// the shelf is full, or when its key conversions have grown past what is worth keeping).
    mutating func give(_ context: DecodingContext, madeUnder generation: UInt64) {
        guard generation == self.generation, parked.count < Self.capacity, context.isWorthKeeping else { return }
        parked.append(Parked(context: context))
    }

    /// Drops every parked context: the settings they were made from have changed.
    mutating func retire() {
        generation &+= 1
        parked.removeAll()
    }

    /// How many contexts wait on the shelf (for tests).
    var count: Int { parked.count }
}

extension TapeJSONDecoder {
    /// Runs `body` with a context of this decoder's current settings: a parked one when the shelf has
    /// one, else a new one; it goes back on the shelf when `body` returns or throws.
    ///
    /// The generation is read before the settings, so a context can only be kept under a generation
    /// whose settings it was made from (a setter writes the settings, then retires).
    func withContext<R>(_ body: (DecodingContext) throws -> R) rethrows -> R {
        let (spare, generation) = contextShelf.withLock { shelf in (shelf.take(), shelf.generation) }
        let context = spare ?? DecodingContext(configuration.withLock { $0 })
        defer {
            contextShelf.withLock { shelf in shelf.give(context, madeUnder: generation) }
        }
        return try body(context)
    }

    /// Changes the settings; the contexts made from the old ones are retired.
    func updateConfiguration(_ change: (inout Configuration) -> Void) {
        configuration.withLock { change(&$0) }
        contextShelf.withLock { $0.retire() }
    }
}
