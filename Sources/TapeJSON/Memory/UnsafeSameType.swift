/// A value of one generic parameter borrowed as another parameter that is the same type at run time,
/// with no copy and no allocation.
///
/// The generated paths learn at run time that a call's `T` is a type `G` with a generated conformance
/// (`ObjectIdentifier(T.self) == ObjectIdentifier(G.self)`). The other ways of reading the `T` as a `G`
/// in this generic code each cost something per root value:
/// - `unsafeBitCast(_:to:)` between two generic parameters, and a pointer's `pointee` read as a
///   borrowed value, copy it: a retain of every reference it holds, then a release of each (for a log
///   record of ten `String`s about 300 instructions per call, callgrind: `initializeWithCopy` and
///   `destroy` 2.6M of 72M on `LogLine`'s per-call rows);
/// - `body` converted to a function of `T` (`withoutActuallyEscaping`, then `unsafeBitCast` of the
///   closure) reads it in place, but the escaping closure's context goes on the heap: one allocation
///   per root value (the Benchmarks package's 1,000-LogLine encode row: 1,005 allocations, against 5
///   before the generated paths);
/// - `unsafeBitCast` in a requirement's default implementation, compiled where `G` is concrete, loads
///   the value and retains it around any call the optimizer cannot see through.
///
/// The pointer's `pointee` passed `inout` is the one form the compiler hands on as the address it is:
/// a non-mutating requirement called on an `inout` value of a generic type takes that address as its
/// `self` (SIL: no `copy_addr`, no `partial_apply` on the heap).
/// (The decoder's way back, a new `G` returned as a `T`, needs nothing of this: `as! T` on the new
/// value moves it; see `DecodingSession.decodeGenerated`.)
///
/// It is unsafe: the caller guarantees the two parameters are one type, which is checked only in debug
/// builds, and `body` must not change the value: it is the caller's borrowed value, only read.
enum UnsafeSameType {
    /// Calls `body` with `value`, a `T`, as a `G` (which must be `T`) in place: `body` must only read it.
    @inline(__always)
    static func withUnsafeBorrow<T, G, R>(_ value: borrowing T, as type: G.Type, _ body: (inout G) throws -> R) rethrows -> R {
        assert(G.self == T.self, "UnsafeSameType.withUnsafeBorrow: \(T.self) is not \(G.self)")
        return try withUnsafePointer(to: value) { source in
            try body(&UnsafeMutableRawPointer(mutating: source).assumingMemoryBound(to: G.self).pointee)
        }
    }
}
