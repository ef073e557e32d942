/// Bytes already in memory (a padded copy of the caller's), which chunks view in place.
///
/// A class, not a `~Copyable` value: the chunks that view it are handed between threads and each keeps
/// it alive.
final class ChunkRegion: @unchecked Sendable {
    /// The copied bytes (the padding follows them). Valid while the region lives.
    let bytes: UnsafeRawBufferPointer
    /// Owns the bytes.
    private let storage: PaddedByteBuffer

    /// A padded copy of `source`.
    init(copying source: UnsafeRawBufferPointer) {
        let storage = PaddedByteBuffer(copying: source)
        self.bytes = storage.withUnsafeBytes { $0 }
        self.storage = storage
    }
}
