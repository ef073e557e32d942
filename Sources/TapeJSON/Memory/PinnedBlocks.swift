/// Blocks of `blockSize` elements that never move, all freed together: for tables that other code keeps
/// pointers into for as long as their owner lives (the key memo's per-type tables, which keyed
/// containers address directly).
///
/// Each block is its own allocation, made and initialized by `unsafeNewBlock`; the address it returns
/// stays valid until the `PinnedBlocks` goes, which deinitializes and frees every block.
struct PinnedBlocks<Element>: ~Copyable {
    /// Every block made, in order.
    private var blocks: [UnsafeMutablePointer<Element>] = []
    /// How many elements each block holds.
    let blockSize: Int

    /// No blocks yet; each will hold `blockSize` elements.
    init(blockSize: Int) {
        precondition(blockSize > 0, "empty blocks")
        self.blockSize = blockSize
    }

    deinit {
        for block in blocks {
            block.deinitialize(count: blockSize)
            block.deallocate()
        }
    }

    /// How many blocks have been made.
    var count: Int { blocks.count }

    /// A new block of `blockSize` copies of `element`.
    ///
    /// Unsafe: the returned address is valid only while this value lives (it frees the block), and
    /// reads and writes through it must stay below `blockSize`.
    mutating func unsafeNewBlock(repeating element: Element) -> UnsafeMutablePointer<Element> {
        let block = UnsafeMutablePointer<Element>.allocate(capacity: blockSize)
        block.initialize(repeating: element, count: blockSize)
        blocks.append(block)
        return block
    }
}
