import Foundation
import Synchronization

/// The decompressed bytes of a compressed `ByteSource`, for the streaming readers.
///
/// Threaded (the default), a thread of its own decompresses into a small ring of buffers
/// (`slotCount` × `slotSize`: 8 × 128 KiB, which stays in the caches; with 4 × 512 KiB the decompressing
/// thread spent about a quarter more time per block, on a loaded VM) while the reader parses what came before: on two cores decompression and
/// parsing overlap, and memory stays bounded whatever the input's size. `read` copies out of the oldest
/// filled buffer and hands it back once emptied. Unthreaded, `read` decompresses
/// straight into the caller's buffer (for a reader that holds the whole input anyway).
///
/// Faults of the compressed data (`DecompressionFault`) come out of `read` as a `JSONInputError` naming
/// the input, once every byte decompressed before them has been read: the reader parses up to the
/// fault, and the error says which byte and line of the decompressed output it reached. Reading stops
/// there (every later `read` throws the same error).
///
/// When the reader lets go of the source early (a handler stopped, a bad line failed the pass), the
/// thread stops after the block it is decompressing; the source waits for it, so no read of the
/// underlying descriptor happens after the source is gone.
final class DecompressingSource: ByteSource {
    let name: String
    private let ring: DecompressionRing?
    private let decoder: (any StreamDecoder)?
    /// The slot being read (threaded), and how far.
    private var slot: DecompressionRing.Slot?
    private var slotIndex = 0
    private var slotPosition = 0
    /// Bytes handed out, and the newlines among them (for the line an error reached).
    private var delivered = 0
    private var newlines = 0
    private var failure: JSONInputError?
    private var ended = false

    static let slotCount = 8
    static let slotSize = 128 << 10

    /// Decompresses `base` (whose next bytes start a `format` member or frame); `name` names the input
    /// in errors.
    init(_ base: any ByteSource, format: CompressionFormat, name: String, threaded: Bool = true) {
        self.name = name
        let input = CompressedInput(base, format: format)
        if threaded {
            ring = DecompressionRing(input: input, slotCount: Self.slotCount, slotSize: Self.slotSize)
            decoder = nil
        } else {
            ring = nil
            do {
                decoder = try makeDecoder(format, input: input)
            } catch {
                decoder = nil
                failure = JSONInputError(path: name, fault: error, output: 0, line: 1)
            }
        }
    }

    deinit { ring?.stop() }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        if ended || buffer.isEmpty { return 0 }
        guard let ring else { return try readDirect(into: buffer) }
        while true {
            if let slot {
                let left = slot.count - slotPosition
                if left > 0 {
                    let n = buffer.copyPrefix(of: UnsafeRawBufferPointer(start: slot.buffer + slotPosition, count: left))
                    slotPosition += n
                    handedOut(UnsafeRawPointer(buffer.baseAddress!), n)
                    return n
                }
                if let fault = slot.fault {
                    failure = JSONInputError(path: name, fault: fault, output: delivered, line: newlines + 1)
                    throw failure!
                }
                if slot.isLast {
                    ended = true
                    return 0
                }
                self.slot = nil
                ring.release()
            }
            slot = ring.next(slotIndex)
            slotIndex += 1
            slotPosition = 0
        }
    }

    private func readDirect(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        do throws(DecompressionFault) {
            let n = try decoder!.decode(into: buffer)
            if n == 0 { ended = true }
            handedOut(UnsafeRawPointer(buffer.baseAddress!), n)
            return n
        } catch {
            failure = JSONInputError(path: name, fault: error, output: delivered, line: newlines + 1)
            throw failure!
        }
    }

    private func handedOut(_ bytes: UnsafeRawPointer, _ count: Int) {
        delivered += count
        newlines += ByteScan.newlineCount(in: UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// The buffers between a `DecompressingSource` and its thread: the thread fills free slots in order
/// (`filled` counts the ones ready), the reader empties them in the same order and hands each back
/// (`free`).
final class DecompressionRing: @unchecked Sendable {
    /// One buffer of decompressed bytes. Written by the thread before it signals `filled`, read by the
    /// reader after it waited on it (the semaphore orders the two).
    final class Slot: @unchecked Sendable {
        /// The slot's bytes (the buffer never grows, so `buffer` stays put).
        private var storage: PaddedByteBuffer
        var buffer: UnsafeMutableRawPointer { storage.unsafeBaseAddress }
        var count = 0
        /// The data ended after these bytes.
        var isLast = false
        /// The data is bad after these bytes.
        var fault: DecompressionFault?

        init(size: Int) { storage = PaddedByteBuffer(capacity: size) }
    }

    private let slots: [Slot]
    private let slotSize: Int
    // Semaphores start at 0 and are signalled up: libdispatch traps when one is freed below its start.
    private let free = DispatchSemaphore(value: 0)
    private let filled = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)

    init(input: CompressedInput, slotCount: Int, slotSize: Int) {
        self.slotSize = slotSize
        slots = (0..<slotCount).map { _ in Slot(size: slotSize) }
        for _ in 0..<slotCount { free.signal() }
        let worker = ProducerBox(input: input)
        let thread = Thread { [self] in
            self.produce(worker)
            self.exited.signal()
        }
        thread.name = "TapeJSON decompression"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Hands the input to the thread (it is not touched on this one again).
    private final class ProducerBox: @unchecked Sendable {
        var input: CompressedInput?
        init(input: CompressedInput) { self.input = input }
    }

    /// The thread's loop: decompress into the next free slot until the data ends, is bad, or the reader
    /// stops. The decoder (and with it the input and its descriptor) is released before `exited`.
    private func produce(_ box: ProducerBox) {
        guard let input = box.input else { return }
        box.input = nil
        var decoder: (any StreamDecoder)?
        var index = 0
        while true {
            free.wait()
            if stopping.load(ordering: .acquiring) { break }
            let slot = slots[index % slots.count]
            index += 1
            slot.count = 0
            do throws(DecompressionFault) {
                if decoder == nil { decoder = try makeDecoder(input.format, input: input) }
                slot.count = try decoder!.decode(into: UnsafeMutableRawBufferPointer(start: slot.buffer, count: slotSize))
                slot.isLast = slot.count == 0
            } catch {
                slot.fault = error
            }
            let done = slot.isLast || slot.fault != nil
            filled.signal()
            if done { break }
        }
        decoder = nil
        withExtendedLifetime(input) {}
    }

    /// Waits for slot `index` (the reader's next) to be filled.
    func next(_ index: Int) -> Slot {
        filled.wait()
        return slots[index % slots.count]
    }

    /// The reader emptied its slot: the thread may fill it again.
    func release() { free.signal() }

    /// The reader is done: stops the thread after its current block and waits for it to exit.
    func stop() {
        stopping.store(true, ordering: .releasing)
        free.signal()
        exited.wait()
    }
}
