#if TAPEJSON_TSAN
import Glibc

/// Compiled only by `make test-tsan` (`-Xswiftc -DTAPEJSON_TSAN`): a `pthread_mutex_t` lock that
/// stands in for `Synchronization.Mutex` everywhere in this module (a module's own declaration shadows
/// an imported one, so the files that `import Synchronization` and write `Mutex` need no change).
/// Ordinary builds never see this type, and use `Synchronization.Mutex`.
///
/// Why: on Linux, `Mutex` is a priority-inheritance futex. Its fast paths (a compare-and-swap inlined
/// into this module) are instrumented, but a contended `lock` or `unlock` calls `_lockSlow` or
/// `_unlockSlow` in `libswiftSynchronization.so`, which is not instrumented and hands the lock over with
/// raw `futex` system calls. ThreadSanitizer sees neither the release nor the acquire there, so it
/// reports every contended hand-over as a race between the two critical sections. Those reports name
/// only the closures given to `withLock` (the lock's code is `@_transparent`, inlined without a frame of
/// its own), so no suppression can single them out. `pthread_mutex_lock` and `pthread_mutex_unlock`
/// are intercepted by ThreadSanitizer, so with this lock it sees every hand-over, and a race it reports
/// is real.
final class Mutex<Value: ~Copyable>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    init(_ initialValue: consuming sending Value) {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The same signature as `Synchronization.Mutex.withLock`.
    func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value.pointee)
    }
}
#endif
