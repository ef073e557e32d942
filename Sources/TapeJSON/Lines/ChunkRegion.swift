/// Bytes already in memory (a padded copy of the caller's), which chunks view in place.
final class ChunkRegion: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let owned: UnsafeMutableRawPointer

    /// A padded copy of `source`.
    init(copying source: UnsafeRawBufferPointer) {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: source.count + Simd.padding, alignment: 64)
        if source.count > 0 { memory.copyMemory(from: source.baseAddress!, byteCount: source.count) }
        (memory + source.count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        self.owned = memory
        self.bytes = UnsafeRawBufferPointer(start: memory, count: source.count)
    }

    deinit { owned.deallocate() }
}
