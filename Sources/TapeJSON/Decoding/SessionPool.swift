import Synchronization

/// Parked root sessions (see `DecodingSession.park`) shared by all decode calls, as `TypeKindCache`
/// and `KeyConversionCache` pool theirs.
///
/// A `DecodingContext` parks its root session for its own next call; when the context itself is
/// dropped (its decoder's `ContextShelf` is full or retired, the decoder is freed, a JSON Lines worker
/// ends), the session would die with it, so the context gives it here instead, and the next call of
/// any decoder on any thread takes it. A parked session references nothing shared (no
/// document, no context), and the boxes it keeps are referenced by nothing else, so it can move
/// between threads; the lock orders the handover.
enum SessionPool {
    /// A parked session; only the thread that took it uses it.
    private struct Parked: @unchecked Sendable {
        let session: DecodingSession
    }

    /// At most this many sessions wait in the pool (about one per thread decoding at once).
    static let capacity = 8

    private static let sessions = Mutex<[Parked]>([])

    /// A parked session, or nil when the pool is empty.
    static func take() -> DecodingSession? {
        sessions.withLock { $0.popLast() }?.session
    }

    /// Leaves a parked session for a later decode call (dropped when the pool is full).
    static func give(_ session: DecodingSession) {
        let parked = Parked(session: session)
        sessions.withLock { sessions in
            if sessions.count < capacity { sessions.append(parked) }
        }
    }

    /// How many sessions wait in the pool (for tests).
    static var count: Int {
        sessions.withLock { $0.count }
    }
}
