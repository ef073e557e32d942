// The one padded byte window of the library: what a file read whole, a chunk of lines, a streamed
// document's window and an item splitter's buffer are made of.
//
// Layout of the one allocation (64-byte aligned, as simdjson's own padded strings):
//
//     [ headroom ][ readable: count ][ writable: capacity - count ][ padding: Simd.padding ]
//                 ^ unsafeBaseAddress
//
// The padding (`SIMDJSON_PADDING`, read from the shim as `Simd.padding`) always holds spaces, right
// after the readable bytes: simdjson may read that far past a document, and spaces keep what it reads
// there inert. Every method that changes `count` fills it again (64 bytes, one `memset`), and debug
// builds check it. The headroom is a few bytes before the readable ones that a caller may write into
// (`ItemSplitter` writes a run's `[` there) without moving them.
//
// Every method without "unsafe" in its name stays inside the buffer: the checked subscript traps out of
// bounds; `subscript(unchecked:)` checks only in debug builds; the `withUnsafe...` methods hand out raw
// memory for the duration of a closure; `unsafeBaseAddress` hands it out for as long as the caller keeps
// the buffer alive and does not grow or compact it.

/// Aligned, growable bytes followed by simdjson's padding, always filled with spaces.
struct PaddedByteBuffer: ~Copyable {
    /// The start of the allocation (the headroom's first byte).
    private var storage: UnsafeMutableRawPointer
    /// Bytes before the readable ones that callers may write into.
    let headroom: Int
    /// Bytes the buffer holds without growing (readable and writable, padding and headroom excluded).
    private(set) var capacity: Int
    /// Readable bytes.
    private(set) var count = 0

    /// The alignment of the allocation.
    static var alignment: Int { 64 }

    /// An empty buffer with room for `capacity` bytes (at least 1), `headroom` bytes before them, and the
    /// padding after them.
    init(capacity: Int, headroom: Int = 0) {
        precondition(capacity >= 0 && headroom >= 0, "PaddedByteBuffer: negative capacity or headroom")
        self.capacity = max(capacity, 1)
        self.headroom = headroom
        self.storage = UnsafeMutableRawPointer.allocate(byteCount: headroom + self.capacity + Simd.padding,
                                                        alignment: Self.alignment)
        fillPadding()
    }

    /// A buffer holding a copy of `bytes`.
    init(copying bytes: UnsafeRawBufferPointer, headroom: Int = 0) {
        self.init(capacity: bytes.count, headroom: headroom)
        append(contentsOf: bytes)
    }

    deinit { storage.deallocate() }

    // MARK: - Reading

    /// The first readable byte. Valid until the buffer grows, compacts or ends; the padding follows the
    /// `count` bytes there.
    var unsafeBaseAddress: UnsafeMutableRawPointer { storage + headroom }

    /// The first byte of the headroom (`headroom` bytes before `unsafeBaseAddress`).
    var unsafeHeadroomAddress: UnsafeMutableRawPointer { storage }

    /// Whether no byte is readable.
    var isEmpty: Bool { count == 0 }

    /// Bytes that can be written before the buffer grows.
    var writableBytes: Int { capacity - count }

    /// The readable byte at `index`; traps when `index` is not below `count`.
    subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < count, "PaddedByteBuffer: index out of range")
            return unsafeBaseAddress.load(fromByteOffset: index, as: UInt8.self)
        }
        set {
            precondition(index >= 0 && index < count, "PaddedByteBuffer: index out of range")
            unsafeBaseAddress.storeBytes(of: newValue, toByteOffset: index, as: UInt8.self)
        }
    }

    /// The readable byte at `index`, checked only in debug builds: for loops whose bounds are proven.
    subscript(unchecked index: Int) -> UInt8 {
        get {
            assert(index >= 0 && index < count, "PaddedByteBuffer: index out of range")
            return unsafeBaseAddress.load(fromByteOffset: index, as: UInt8.self)
        }
        set {
            assert(index >= 0 && index < count, "PaddedByteBuffer: index out of range")
            unsafeBaseAddress.storeBytes(of: newValue, toByteOffset: index, as: UInt8.self)
        }
    }

    /// Calls `body` with the readable bytes; at least `Simd.padding` readable spaces follow them, so
    /// simdjson may parse them in place. The pointer must not escape `body`.
    func withUnsafeBytes<R: ~Copyable, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: unsafeBaseAddress, count: count))
    }

    // MARK: - Writing

    /// Calls `body` with at least `minimumWritableBytes` writable bytes after the readable ones (all the
    /// room there is, growing first if needed); `body` returns how many it wrote, which become readable.
    /// Returns that number. The padding is filled again after them.
    @discardableResult
    mutating func withUnsafeMutableWritableBytes<E: Error>(
        minimumWritableBytes: Int, _ body: (UnsafeMutableRawBufferPointer) throws(E) -> Int
    ) throws(E) -> Int {
        reserveWritable(minimumWritableBytes)
        let room = UnsafeMutableRawBufferPointer(start: unsafeBaseAddress + count, count: capacity - count)
        let written = try body(room)
        precondition(written >= 0 && written <= room.count, "PaddedByteBuffer: wrote outside the writable bytes")
        count += written
        fillPadding()
        return written
    }

    /// Appends a copy of `bytes`, growing as needed.
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserveWritable(bytes.count)
        (unsafeBaseAddress + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
        fillPadding()
    }


    /// Makes the first `newCount` readable bytes the only ones (`newCount` at most `count`), or declares
    /// bytes written through `unsafeBaseAddress` past `count` readable (`newCount` at most `capacity`).
    /// Fills the padding again.
    mutating func setCount(_ newCount: Int) {
        precondition(newCount >= 0 && newCount <= capacity, "PaddedByteBuffer: count beyond capacity")
        count = newCount
        fillPadding()
    }

    /// Drops every readable byte (keeping the memory).
    mutating func removeAll() { setCount(0) }

    // MARK: - Growth and compaction

    /// Makes room for at least `n` more bytes after the readable ones: the one growth path. The capacity
    /// doubles until they fit; the readable bytes are copied (the headroom's are not).
    mutating func reserveWritable(_ n: Int) {
        precondition(n >= 0, "PaddedByteBuffer: negative reservation")
        if n <= capacity - count { return }
        var bigger = capacity * 2
        while bigger - count < n { bigger *= 2 }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: headroom + bigger + Simd.padding, alignment: Self.alignment)
        (memory + headroom).copyMemory(from: unsafeBaseAddress, byteCount: count)
        storage.deallocate()
        storage = memory
        capacity = bigger
        fillPadding()
    }

    /// The one compaction: keeps the readable bytes from `offset` on (the tail), moved to the start, and
    /// drops those before it. A caller that tracks lines and columns counts the dropped bytes first
    /// (`ByteScan.lines(in:)`), since they are gone after.
    mutating func compact(keepingFrom offset: Int) {
        precondition(offset >= 0 && offset <= count, "PaddedByteBuffer: compaction past the readable bytes")
        guard offset > 0 else { return }
        let kept = count - offset
        if kept > 0 { unsafeBaseAddress.copyMemory(from: unsafeBaseAddress + offset, byteCount: kept) }
        count = kept
        fillPadding()
    }

    // MARK: - Invariants

    /// Writes the spaces after the readable bytes.
    private mutating func fillPadding() {
        (unsafeBaseAddress + count).initializeMemory(as: UInt8.self, repeating: 0x20, count: Simd.padding)
        assertInvariants()
    }

    /// Debug builds: the counts are in range and the padding holds spaces.
    func assertInvariants() {
        assert(count >= 0 && count <= capacity && headroom >= 0, "PaddedByteBuffer: count out of range")
        assert(isPadded, "PaddedByteBuffer: padding overwritten")
    }

    /// Whether the `Simd.padding` bytes after the readable ones are all spaces.
    ///
    /// Read a word at a time: debug builds check it after every write, and the streaming tests write
    /// a byte at a time (a closure call per byte, unoptimised, made those tests several times slower).
    var isPadded: Bool {
        let start = unsafeBaseAddress + count
        let spaces: UInt64 = 0x2020_2020_2020_2020
        var offset = 0
        while offset + 8 <= Simd.padding {
            if start.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != spaces { return false }
            offset += 8
        }
        while offset < Simd.padding {
            if start.load(fromByteOffset: offset, as: UInt8.self) != 0x20 { return false }
            offset += 1
        }
        return true
    }
}
