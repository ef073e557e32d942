/// Append-only byte storage whose pointers never move: bytes go into 16 KiB chunks (or a chunk of
/// their own when larger), all freed together.
struct ByteArena: ~Copyable {
    private var chunks: [UnsafeMutablePointer<UInt8>] = []
    private var current: UnsafeMutablePointer<UInt8>? = nil
    private var remaining = 0
    private static let chunkSize = 16 * 1024

    init() {}

    /// A stable copy of `bytes` (a valid, non-null pointer even for no bytes).
    mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8> {
        let count = max(bytes.count, 1)
        if count > remaining {
            let size = max(count, Self.chunkSize)
            let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            chunks.append(chunk)
            current = chunk
            remaining = size
        }
        let destination = current!
        if let source = bytes.baseAddress, bytes.count > 0 {
            destination.initialize(from: source, count: bytes.count)
        }
        current = destination + count
        remaining -= count
        return UnsafePointer(destination)
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }
}
