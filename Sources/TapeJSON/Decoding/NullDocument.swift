import CSimdShim

/// A one-value document holding `null`: what `superDecoder()` reads when its key is absent.
enum NullDocument {
    /// Owner of the words, never freed.
    private final class Words: @unchecked Sendable {
        let words: UnsafeMutablePointer<UInt64>
        let strings: UnsafeMutablePointer<UInt8>
        init() {
            words = .allocate(capacity: 3)
            words[0] = UInt64(TapeTag.root.rawValue) << 56 | 2
            words[1] = UInt64(TapeTag.null.rawValue) << 56
            words[2] = UInt64(TapeTag.root.rawValue) << 56
            strings = .allocate(capacity: 8)
            strings.initialize(repeating: 0, count: 8)
        }
    }

    private static let storage = Words()
    static var owner: AnyObject { storage }
    static var tape: Tape {
        Tape(tj_tape(tape: UnsafePointer(storage.words), tape_count: 3, strings: UnsafePointer(storage.strings)))
    }
}
