/// How the tables are emptied between walks.
enum TableReuse {
    /// Tables whose slot arrays grew beyond this are dropped rather than cleared and kept.
    static let maximumSlots = 4096

    /// Zeroes every slot.
    @inline(__always)
    static func clear(_ slots: inout [Int32]) {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }
}
