/// The memory layer's typed views of raw memory: the one place that binds bytes to a type, and the one
/// place that fills an array's uninitialized storage element by element.

extension UnsafeRawBufferPointer {
    /// The bytes as `UInt8` elements. JSON text is bytes whatever type it arrived as, so binding it to
    /// `UInt8` is always sound; the view lives as long as the memory it views, no longer.
    @inline(__always)
    var unsafeUInt8s: UnsafeBufferPointer<UInt8> { bindMemory(to: UInt8.self) }
}

extension UnsafeRawPointer {
    /// The bytes from this address as `UInt8`s (see `UnsafeRawBufferPointer.unsafeUInt8s`).
    @inline(__always)
    var unsafeUInt8s: UnsafePointer<UInt8> { assumingMemoryBound(to: UInt8.self) }
}

extension UnsafeMutableRawPointer {
    /// The bytes from this address as `UInt8`s (see `UnsafeRawBufferPointer.unsafeUInt8s`).
    @inline(__always)
    var unsafeUInt8s: UnsafeMutablePointer<UInt8> { assumingMemoryBound(to: UInt8.self) }
}

/// Runs `body` with `count` zeroed words in temporary storage (on the stack when small): a bitset or a
/// small table that lives only during the call; `body` must not keep the buffer.
@inline(__always)
func withUnsafeZeroedWords<R>(count: Int, _ body: (UnsafeMutableBufferPointer<UInt64>) throws -> R) rethrows -> R {
    try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { words in
        words.initialize(repeating: 0)
        return try body(words)
    }
}

/// A list of at most `capacity` elements in temporary storage (`withUnsafeTemporaryList`): appended to,
/// sorted and read in place during one call, and deinitialized when the call ends.
struct UnsafeTemporaryList<Element>: ~Copyable {
    private let storage: UnsafeMutableBufferPointer<Element>
    /// How many elements the list holds.
    private(set) var count = 0

    fileprivate init(storage: UnsafeMutableBufferPointer<Element>) {
        self.storage = storage
    }

    /// Appends `element`. Unchecked in release builds: the list must have room (`count` below the
    /// capacity it was made with).
    mutating func unsafeAppend(_ element: consuming Element) {
        assert(count < storage.count, "UnsafeTemporaryList: appending past its capacity")
        (storage.baseAddress.unsafelyUnwrapped + count).initialize(to: consume element)
        count &+= 1
    }

    /// The elements, valid only during the `withUnsafeTemporaryList` call (and until the next append).
    var unsafeElements: UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(rebasing: storage[..<count])
    }

    fileprivate func deinitializeElements() {
        storage.baseAddress?.deinitialize(count: count)
    }
}

/// Runs `body` with an empty list of at most `capacity` elements in temporary storage (on the stack
/// when small), whose elements are deinitialized when `body` returns; `body` must not keep the list's
/// memory. (The patch's splices for one line: as an `Array`, one allocation more per line; the per-line
/// JSON Patch row read 0.93 of its speed before, 0.96 with this list, paired `tapejson bench`.)
@inline(__always)
func withUnsafeTemporaryList<Element, R>(of type: Element.Type, capacity: Int,
                                         _ body: (inout UnsafeTemporaryList<Element>) throws -> R) rethrows -> R {
    try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { storage in
        var list = UnsafeTemporaryList(storage: storage)
        defer { list.deinitializeElements() }
        return try body(&list)
    }
}

extension UnsafeMutableBufferPointer {
    /// Initializes the uninitialized element at `index` with `value`: one step of filling an array's
    /// new storage in order (`Array(unsafeUninitializedCapacity:initializingWith:)`, the caller counting
    /// the elements it initialized). `index` must be below `count`. (The decoder's element loop writes
    /// its own loop with it: through a closure per element, on canada.json's Codable decode its loop
    /// took 6M instructions more, callgrind.)
    @inline(__always)
    func unsafeInitializeElement(at index: Int, to value: consuming Element) {
        (baseAddress.unsafelyUnwrapped + index).initialize(to: consume value)
    }
}

extension UnsafeMutableRawBufferPointer {
    /// Copies as many of `source`'s first bytes as fit into the start of this buffer and returns how
    /// many (a `read(into:)` from bytes in memory). The two must not overlap.
    @inline(__always)
    func copyPrefix(of source: UnsafeRawBufferPointer) -> Int {
        let n = Swift.min(count, source.count)
        if n > 0 {
            baseAddress.unsafelyUnwrapped.copyMemory(from: source.baseAddress.unsafelyUnwrapped, byteCount: n)
        }
        return n
    }
}
