/// A value of one generic parameter borrowed as another parameter that is the same type at run time,
/// with no copy.
///
/// The generated paths learn at run time that a call's `T` is a type `G` with a generated conformance
/// (`ObjectIdentifier(T.self) == ObjectIdentifier(G.self)`). `unsafeBitCast(_:to:)` between two generic
/// parameters copies the value: a retain of every reference it holds, then a release of each when the
/// original goes. For a log record of ten `String`s that was about 300 instructions per call
/// (callgrind, `LogLine`'s per-call rows: `initializeWithCopy` and `destroy` 2.6M of 72M).
/// (The decoder's way back, a new `G` returned as a `T`, needs nothing of this: `as! T` on the new
/// value moves it; see `DecodingSession.decodeGenerated`.)
///
/// It is unsafe: the caller guarantees the two parameters are one type, which is checked only in debug
/// builds.
///
/// It allocates: converting `body` to a function of `T` makes a reabstraction thunk whose context goes on
/// the heap, one allocation per root value encoded (the Benchmarks package's 1,000-LogLine encode row:
/// 1,005 allocations, recorded at 5 before the generated paths took this helper). Two allocation-free
/// forms were measured on that row, and both were 3-5% slower per record (p0 1,234-1,270 ns against
/// 1,198-1,213): `withUnsafePointer(to:)` and the value's `pointee` passed to `body`, or a static
/// requirement-free method of `TapeJSONEncodable` called on the `pointee`. Both made a copy of the
/// record (a retain and a release of each of its references) in the unspecialized generic code.
enum UnsafeSameType {
    /// Calls `body` with `value`, a `T`, borrowed as a `G` (which must be `T`): `body` is called as a
    /// function taking a `T`, so it reads the caller's value in place. (Reading it through a pointer's
    /// `pointee` copies it.)
    @inline(__always)
    static func withUnsafeBorrow<T, G, R>(_ value: borrowing T, as type: G.Type, _ body: (borrowing G) throws -> R) rethrows -> R {
        assert(G.self == T.self, "UnsafeSameType.withUnsafeBorrow: \(T.self) is not \(G.self)")
        typealias BodyTakingT = (borrowing T) throws -> R
        return try withoutActuallyEscaping(body) { body in
            try unsafeBitCast(body, to: BodyTakingT.self)(value)
        }
    }
}
