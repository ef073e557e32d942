/// The slot arrays of the open-addressing tables (`KeyTable`, `ShapeTable`, `NumberTable`): slot values
/// are 1-based entry indexes (0 is empty), collisions probe linearly, and the array is a power of two,
/// doubled when half full.
enum ProbedSlots {
    /// A slot array twice as large as `slots` holding entries `0 ..< count`, each at the first free slot
    /// from `home(entry, mask)`.
    @inline(__always)
    static func doubled(_ slots: [Int32], count: Int, home: (_ entry: Int, _ mask: Int) -> Int) -> [Int32] {
        var grown = [Int32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for n in 0..<count {
            var s = home(n, mask)
            while grown[s] != 0 { s = (s + 1) & mask }
            grown[s] = Int32(n + 1)
        }
        return grown
    }
}
