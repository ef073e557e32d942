/// Each distinct raw JSON key's converted form, computed once per decode call.
///
/// Lookups hash the raw bytes straight from simdjson's string buffer and compare them with the stored
/// copy: no String is built for a key seen before. Converted keys live in an append-only arena, so the
/// buffers handed out stay valid for the cache's lifetime (one decode call).
///
/// Keys the conversion leaves unchanged never reach the table: `converted(_:)` returns them as they
/// are after a byte scan.
final class KeyConversionCache {
    enum Rule {
        case snakeCase
        case anyCase
    }

    private struct Slot {
        var hash: UInt64
        var raw: UnsafePointer<UInt8>?
        var rawCount: Int
        var converted: UnsafePointer<UInt8>?
        var convertedCount: Int
    }

    let rule: Rule
    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var used = 0
    private var arena = ByteArena()

    init(rule: Rule) {
        self.rule = rule
        let capacity = 64
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, raw: nil, rawCount: 0, converted: nil, convertedCount: 0),
                         count: capacity)
        mask = capacity - 1
    }

    deinit {
        slots.deallocate()
    }

    /// `raw` converted by the rule; `raw` itself when the rule leaves it unchanged.
    @inline(__always)
    func converted(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let changes: Bool
        switch rule {
        case .snakeCase: changes = SnakeCaseConversion.changes(raw)
        case .anyCase: changes = AnyCaseConversion.changes(raw)
        }
        return changes ? lookup(raw) : raw
    }

    private func lookup(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let hash = KeyBytes.hash(raw)
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[i]
            if slot.hash == 0 { break }
            if slot.hash == hash, slot.rawCount == raw.count,
               KeyBytes.equal(slot.raw!, raw.baseAddress!, count: raw.count) {
                return UnsafeBufferPointer(start: slot.converted, count: slot.convertedCount)
            }
            i = (i &+ 1) & mask
        }
        return insert(raw, hash: hash)
    }

    private func insert(_ raw: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UnsafeBufferPointer<UInt8> {
        let convertedBytes: [UInt8]
        switch rule {
        case .snakeCase:
            let text = String(decoding: raw, as: UTF8.self)
            convertedBytes = Array(SnakeCaseConversion.convert(text).utf8)
        case .anyCase:
            convertedBytes = AnyCaseConversion.convert(raw)
        }
        let storedRaw = arena.store(raw)
        let storedConverted = convertedBytes.withUnsafeBufferPointer { arena.store($0) }
        if (used + 1) * 2 > mask + 1 { grow() }
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i].hash != 0 { i = (i &+ 1) & mask }
        slots[i] = Slot(hash: hash, raw: storedRaw, rawCount: raw.count,
                        converted: storedConverted, convertedCount: convertedBytes.count)
        used += 1
        return UnsafeBufferPointer(start: storedConverted, count: convertedBytes.count)
    }

    private func grow() {
        let oldSlots = slots
        let oldCapacity = mask + 1
        let capacity = oldCapacity * 2
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot(hash: 0, raw: nil, rawCount: 0, converted: nil, convertedCount: 0),
                         count: capacity)
        mask = capacity - 1
        for k in 0..<oldCapacity where oldSlots[k].hash != 0 {
            var i = Int(truncatingIfNeeded: oldSlots[k].hash) & mask
            while slots[i].hash != 0 { i = (i &+ 1) & mask }
            slots[i] = oldSlots[k]
        }
        oldSlots.deallocate()
    }
}

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
