import CSimdShim

/// A one-value document holding `null`: what `superDecoder()` reads when its key is absent.
enum NullDocument {
    /// Owner of the words, never freed (neither vector grows after `init`, so their addresses hold).
    private final class Words: @unchecked Sendable {
        var words = RawVector<UInt64>(capacity: 3)
        let strings = RawVector<UInt8>(repeating: 0, count: 8)
        init() {
            words.append(UInt64(TapeTag.root.rawValue) << 56 | 2)
            words.append(UInt64(TapeTag.null.rawValue) << 56)
            words.append(UInt64(TapeTag.root.rawValue) << 56)
        }
    }

    private static let storage = Words()
    static var owner: AnyObject { storage }
    static var tape: Tape {
        Tape(tj_tape(tape: UnsafePointer(storage.words.unsafeBaseAddress), tape_count: 3,
                     strings: UnsafePointer(storage.strings.unsafeBaseAddress)))
    }
}
