/// The memory layer's typed views of raw memory: the one place that binds bytes to a type, and the one
/// place that fills an array's uninitialized storage element by element.

extension UnsafeRawBufferPointer {
    /// The bytes as `UInt8` elements. JSON text is bytes whatever type it arrived as, so binding it to
    /// `UInt8` is always sound; the view lives as long as the memory it views, no longer.
    @inline(__always)
    var unsafeUInt8s: UnsafeBufferPointer<UInt8> { bindMemory(to: UInt8.self) }
}

extension UnsafeMutableRawBufferPointer {
    /// The bytes as `UInt8` elements (see `UnsafeRawBufferPointer.unsafeUInt8s`).
    @inline(__always)
    var unsafeUInt8s: UnsafeMutableBufferPointer<UInt8> { bindMemory(to: UInt8.self) }
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

extension Array {
    /// An array of `count` elements made in order by `element(i)`, written straight into the array's
    /// storage (no growth, no copy). When `element` throws, the elements made so far are freed with the
    /// storage and the error is rethrown. (The loop is written here, inside the storage's closure: through
    /// `unsafeInitializeElements` and a typed error, the generic decoder's element loop took 2% more
    /// instructions on citm_catalog.json and stopped inlining `Tape.skip`, callgrind.)
    @inline(__always)
    init(count: Int, filledBy element: (Int) throws -> Element) rethrows {
        guard count > 0 else {
            self = []
            return
        }
        self = try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress.unsafelyUnwrapped
            while initialized < count {
                (base + initialized).initialize(to: try element(initialized))
                initialized += 1
            }
        }
    }
}

extension UnsafeMutableBufferPointer {
    /// Initializes the first `count` elements of this uninitialized buffer in order, each with
    /// `element(i)`, counting them in `initialized` (as `Array(unsafeUninitializedCapacity:initializingWith:)`
    /// asks). Stops at the first error and returns it; the elements made until then stay initialized and
    /// counted, so the array being built frees them. The buffer must hold at least `count` elements.
    @inline(__always)
    func unsafeInitializeElements<E: Error>(count: Int, initialized: inout Int,
                                            by element: (Int) throws(E) -> Element) -> E? {
        let base = baseAddress.unsafelyUnwrapped
        while initialized < count {
            do throws(E) {
                (base + initialized).initialize(to: try element(initialized))
            } catch {
                return error
            }
            initialized += 1
        }
        return nil
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
