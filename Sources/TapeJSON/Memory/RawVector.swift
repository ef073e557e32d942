/// A growable run of `Element`s in one raw allocation, freed when the vector goes: the memory layer's
/// one grow-by-doubling buffer (the decoder's session buffers, the serializer's value stack, the hash
/// tables' slots sit on it).
///
/// Unlike `Array` it is `~Copyable`, so there is no copy-on-write check, no reference count and no
/// uniqueness test on a write: a hot loop pays a bounds check (or, with `unchecked:`, a debug-only
/// assertion) and a store. The first `count` elements are initialized, the rest of `capacity` is not.
///
/// Safety follows the names, as in SwiftNIO: every member without "unsafe" or "unchecked" in its name
/// stays in bounds and keeps the initialized prefix exact. The `unchecked` members state their
/// precondition and assert it in debug builds only; the `unsafe` ones hand out the storage's address,
/// which stays valid only until the next call that may grow the vector (`append`, `reserveCapacity`,
/// `append(repeating:count:)`) or until the vector is freed.
struct RawVector<Element>: ~Copyable {
    /// The storage: `capacity` slots, the first `count` initialized. A dangling, never-dereferenced
    /// address while `capacity` is 0.
    private var base: UnsafeMutablePointer<Element>
    /// How many elements are initialized (at the front of the storage).
    private(set) var count: Int
    /// How many elements fit before the storage must grow.
    private(set) var capacity: Int

    /// An empty vector that has allocated nothing yet.
    init() {
        base = Self.noStorage
        count = 0
        capacity = 0
    }

    /// An empty vector with room for `capacity` elements.
    init(capacity: Int) {
        precondition(capacity >= 0, "negative capacity")
        base = capacity > 0 ? .allocate(capacity: capacity) : Self.noStorage
        count = 0
        self.capacity = capacity
    }

    /// A vector of `count` copies of `element` (capacity exactly `count`).
    init(repeating element: Element, count: Int) {
        self.init(capacity: count)
        base.initialize(repeating: element, count: count)
        self.count = count
    }

    deinit {
        base.deinitialize(count: count)
        if capacity > 0 { base.deallocate() }
    }

    /// The address standing for "no storage": aligned for `Element`, never read or written.
    private static var noStorage: UnsafeMutablePointer<Element> {
        UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    }

    /// Whether the vector holds no element.
    var isEmpty: Bool { count == 0 }

    // MARK: - Elements

    /// The element at `index`; traps unless `0 <= index < count`.
    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            precondition(index >= 0 && index < count, "RawVector index out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "RawVector index out of range")
            return base + index
        }
    }

    /// The element at `index`, without a bounds check in release builds.
    ///
    /// - Precondition: `0 <= index < count` (asserted in debug builds only).
    subscript(unchecked index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            assert(index >= 0 && index < count, "RawVector index out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always)
        unsafeMutableAddress {
            assert(index >= 0 && index < count, "RawVector index out of range")
            return base + index
        }
    }

    // MARK: - Adding and updating

    /// Adds `element` at the end, growing the storage (to twice its capacity) when it is full.
    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { reserveCapacity(count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Adds `element` at the end without checking for room in release builds: for loops that reserved
    /// their capacity up front.
    ///
    /// - Precondition: `count < capacity` (asserted in debug builds only); past it, the element is
    ///   written outside the allocation.
    @inline(__always)
    mutating func uncheckedAppend(_ element: consuming Element) {
        assert(count < capacity, "uncheckedAppend without reserved capacity")
        (base + count).initialize(to: element)
        count += 1
    }

    /// Adds `count` copies of `element` at the end, growing the storage once when needed.
    mutating func append(repeating element: Element, count newElements: Int) {
        precondition(newElements >= 0, "negative count")
        reserveCapacity(count + newElements)
        (base + count).initialize(repeating: element, count: newElements)
        count += newElements
    }

    /// Sets every element to `element`, keeping the count.
    mutating func update(repeating element: Element) {
        base.update(repeating: element, count: count)
    }

    // MARK: - Growth

    /// Makes room for at least `minimumCapacity` elements without changing the contents: the one growth
    /// path, to the larger of `minimumCapacity` and twice the current capacity.
    @inline(__always)
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { grow(to: Swift.max(minimumCapacity, capacity * 2)) }
    }

    /// Moves the elements into a new allocation of `newCapacity` slots and frees the old one.
    @inline(never)
    private mutating func grow(to newCapacity: Int) {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: base, count: count)
        if capacity > 0 { base.deallocate() }
        base = grown
        capacity = newCapacity
    }

    // MARK: - Raw access

    /// The address of the first element (of the storage, when the vector is empty).
    ///
    /// Unsafe: valid only until the vector grows or is freed; reading at or past `count` reads
    /// uninitialized memory. For a caller that keeps the address across many accesses in a hot loop
    /// and re-reads it after any call that may grow the vector.
    @inline(__always)
    var unsafeBaseAddress: UnsafeMutablePointer<Element> { base }

    /// Calls `body` with the initialized elements; the buffer must not escape `body`.
    @inline(__always)
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}

extension RawVector: @unchecked Sendable where Element: Sendable {}

// MARK: - Plain data

extension RawVector where Element: BitwiseCopyable {
    /// Adds copies of `source`'s elements at the end (growing once when needed).
    mutating func append(contentsOf source: UnsafeBufferPointer<Element>) {
        guard let start = source.baseAddress, source.count > 0 else { return }
        reserveCapacity(count + source.count)
        (base + count).initialize(from: start, count: source.count)
        count += source.count
    }

    /// Adds `bytes` at the end as raw memory: as many elements as it takes to hold them, the last one's
    /// bytes past them zero. For storage that mixes element-aligned data with a byte run (a tape's words
    /// and then its strings).
    mutating func appendRawBytes(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        let stride = MemoryLayout<Element>.stride
        let elements = (bytes.count + stride - 1) / stride
        reserveCapacity(count + elements)
        let destination = UnsafeMutableRawPointer(base + count)
        (destination + (elements - 1) * stride).initializeMemory(as: UInt8.self, repeating: 0, count: stride)
        destination.copyMemory(from: start, byteCount: bytes.count)
        count += elements
    }
}
