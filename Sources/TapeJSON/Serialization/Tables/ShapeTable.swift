/// Objects of one walk that have the same keys in the same order (an object's *shape*), and for each
/// shape a template to build its objects from without hashing a key.
///
/// A shape's template is a `[String: Int32]` holding its keys, each mapped to its position among the
/// shape's keys (0 for the first key met in the text, and so on), made when the shape is first met.
/// An object of the shape is the template's `mapValues`: that keeps the template's hash table (same
/// capacity, same seed, every key in the same bucket), so no key is hashed, and the transform is handed
/// each position, in bucket order, for it to return the value at that position. The result is an
/// ordinary `[String: Any]`, equal to the one built key by key. A shape whose keys repeat
/// (`{"a":1,"a":2}`) has fewer entries than keys and never gets a template.
///
/// Hashing the keys is most of what a template costs, and a dictionary does not depend on the order
/// its keys were inserted in: the template of a shape with the same keys as an earlier shape in
/// another order (GitHub's `repository` objects spell their 64 keys in two orders, their users' 15
/// keys in three) is that shape's template's `mapValues`, from each of its positions to the position
/// of the same key in the new shape, which hashes no key either.
struct ShapeTable {
    /// One shape: where its key ids are in `keyIDs`, how often it was seen, and its template. (No
    /// reference in it, so that reading a shape costs no reference counting.)
    struct Shape {
        var hash: UInt64
        var keyIDsStart: Int
        var count: Int
        var sightings = 1
        /// The index of its template in `templates`; `noTemplateYet` before the first object of the
        /// shape is built, `neverTemplated` for a shape with a repeated key.
        var template = ShapeTable.noTemplateYet
    }

    /// A template whose keys were hashed (rather than mapped from another template's): the shape it
    /// was made for and the order-independent hash of its keys (see `keySetHash(ofShapeAt:)`).
    struct HashedTemplate {
        var template: Int
        var shape: Int
        var keySetHash: UInt64
    }

    /// `Shape.template` of a shape whose template is not made yet.
    static let noTemplateYet = -1
    /// `Shape.template` of a shape that gets no template (its keys repeat).
    static let neverTemplated = -2

    /// Objects with more keys than this are always built key by key.
    static let maximumKeyCount = 64
    /// The most shapes remembered in one walk.
    static let maximumShapeCount = 1 << 12

    private(set) var shapes: [Shape] = []
    /// The templates: each shape's keys, mapped to their positions.
    private(set) var templates: [[String: Int32]] = []
    /// Open addressing over the shapes' hashes: 0 for an empty slot, else a shape's index plus one.
    private var slots = [Int32](repeating: 0, count: 64)
    /// The key ids of every shape, each shape's from its `keyIDsStart` on.
    private(set) var keyIDs: [Int32] = []
    /// The templates whose keys were hashed, each made for a shape with other keys than the others.
    private var hashedTemplates: [HashedTemplate] = []
    /// Open addressing over the key-set hashes of `hashedTemplates`: 0 for an empty slot, else an
    /// index in it plus one.
    private var hashedTemplateSlots = [Int32](repeating: 0, count: 64)
    /// By key id: 0, or (while a shape's keys are compared with those of a hashed template's shape)
    /// one plus the key's position in the template's shape. All zero between comparisons.
    private var positionOfKey: [Int32] = []
    /// While a template is mapped from another: for each position of the other, the position of the
    /// same key in the new template's shape.
    private var order: [Int32] = []

    /// The shape of an object whose key ids are `ids` (with hash `hash`), recorded as seen once more;
    /// nil when the table is full and the shape is new.
    mutating func sighting(of ids: ArraySlice<Int32>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 40) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            let index = Int(stored) - 1
            let shape = shapes[index]
            if shape.hash == hash, shape.count == ids.count, sameIDs(from: shape.keyIDsStart, as: ids) {
                shapes[index].sightings += 1
                return index
            }
            slot = (slot + 1) & mask
        }
        guard shapes.count < Self.maximumShapeCount else { return nil }
        let index = shapes.count
        shapes.append(Shape(hash: hash, keyIDsStart: keyIDs.count, count: ids.count))
        keyIDs.append(contentsOf: ids)
        slots[slot] = Int32(index + 1)
        if shapes.count * 2 > slots.count {
            slots = ProbedSlots.doubled(slots, count: shapes.count) { n, mask in
                Int(truncatingIfNeeded: shapes[n].hash >> 40) & mask
            }
        }
        return index
    }

    /// Empties the table for the next walk (releasing its templates), keeping its storage when it is
    /// small, as `KeyTable.reset()` does.
    mutating func reset() {
        guard slots.count <= TableReuse.maximumSlots else {
            self = ShapeTable()
            return
        }
        shapes.removeAll(keepingCapacity: true)
        templates.removeAll(keepingCapacity: true)
        keyIDs.removeAll(keepingCapacity: true)
        hashedTemplates.removeAll(keepingCapacity: true)
        TableReuse.clear(&slots)
        TableReuse.clear(&hashedTemplateSlots)
        if positionOfKey.count > TableReuse.maximumSlots { positionOfKey = [] }
    }

    /// Records one more sighting of the shape at `index`, met by prediction rather than by
    /// `sighting(of:hash:)`.
    @inline(__always)
    mutating func sighted(_ index: Int) { shapes[index].sightings += 1 }

    /// Whether `keyIDs` holds `ids` from `start` on.
    @inline(__always)
    private func sameIDs(from start: Int, as ids: ArraySlice<Int32>) -> Bool {
        keyIDs.withUnsafeBufferPointer { stored in
            ids.withUnsafeBufferPointer { wanted in
                memcmp(stored.baseAddress! + start, wanted.baseAddress!, wanted.count * 4) == 0
            }
        }
    }

    /// The index in `templates` of the template of the shape at `index`, made now (each key hashed
    /// once) if the shape has none yet; nil for a shape whose keys repeat.
    @inline(__always)
    mutating func template(ofShapeAt index: Int, keys: KeyTable) -> Int? {
        let template = shapes[index].template
        if template >= 0 { return template }
        if template == Self.neverTemplated { return nil }
        return makeTemplate(ofShapeAt: index, keys: keys)
    }

    /// Makes the template of the shape at `index`: mapped from the template of an earlier shape with
    /// the same keys when there is one, else by hashing its keys.
    @inline(never)
    private mutating func makeTemplate(ofShapeAt index: Int, keys: KeyTable) -> Int? {
        let shape = shapes[index]
        let keySetHash = keySetHash(ofShapeAt: index)
        let mask = hashedTemplateSlots.count - 1
        var slot = Int(truncatingIfNeeded: keySetHash >> 40) & mask
        while hashedTemplateSlots[slot] != 0 {
            let hashed = hashedTemplates[Int(hashedTemplateSlots[slot]) - 1]
            if hashed.keySetHash == keySetHash, orderKeys(ofShapeAt: index, as: hashed.shape, keyCount: keys.count) {
                let template = order.withUnsafeBufferPointer { order in
                    templates[hashed.template].mapValues { order[Int($0)] }
                }
                return adopt(template, forShapeAt: index)
            }
            slot = (slot + 1) & mask
        }
        var template = [String: Int32](minimumCapacity: shape.count)
        for k in 0..<shape.count {
            template[keys.string(id: keyIDs[shape.keyIDsStart + k])] = Int32(k)
        }
        guard template.count == shape.count else {
            shapes[index].template = Self.neverTemplated
            return nil
        }
        hashedTemplates.append(HashedTemplate(template: templates.count, shape: index, keySetHash: keySetHash))
        hashedTemplateSlots[slot] = Int32(hashedTemplates.count)
        if hashedTemplates.count * 2 > hashedTemplateSlots.count {
            hashedTemplateSlots = ProbedSlots.doubled(hashedTemplateSlots, count: hashedTemplates.count) { n, mask in
                Int(truncatingIfNeeded: hashedTemplates[n].keySetHash >> 40) & mask
            }
        }
        return adopt(template, forShapeAt: index)
    }

    /// Records `template` as the template of the shape at `index`; returns its index in `templates`.
    private mutating func adopt(_ template: [String: Int32], forShapeAt index: Int) -> Int {
        shapes[index].template = templates.count
        templates.append(template)
        return templates.count - 1
    }

    /// A hash of the shape's key ids that does not depend on their order.
    private func keySetHash(ofShapeAt index: Int) -> UInt64 {
        let shape = shapes[index]
        var hash = UInt64(truncatingIfNeeded: shape.count) &* 0x9E37_79B9_7F4A_7C15
        for k in 0..<shape.count {
            hash &+= (UInt64(truncatingIfNeeded: keyIDs[shape.keyIDsStart + k]) &+ 1) &* 0xBF58_476D_1CE4_E5B9
        }
        return hash
    }

    /// Whether the shape at `index` has exactly the keys of the shape at `other` (whose keys are
    /// distinct), in any order; if so, `order` then maps each position in `other` to the position of
    /// the same key in the shape at `index`. `keyCount` is how many key ids there are.
    private mutating func orderKeys(ofShapeAt index: Int, as other: Int, keyCount: Int) -> Bool {
        let shape = shapes[index]
        let otherShape = shapes[other]
        guard otherShape.count == shape.count else { return false }
        if positionOfKey.count < keyCount {
            positionOfKey.append(contentsOf: repeatElement(0, count: keyCount - positionOfKey.count))
        }
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: shape.count))
        for p in 0..<otherShape.count {
            positionOfKey[Int(keyIDs[otherShape.keyIDsStart + p])] = Int32(p + 1)
        }
        // Each key of the shape must be one of the other shape's, and taken once (a shape with a
        // repeated key has as many keys but not the same ones).
        var same = true
        for k in 0..<shape.count {
            let id = Int(keyIDs[shape.keyIDsStart + k])
            let p = Int(positionOfKey[id]) - 1
            guard p >= 0 else {
                same = false
                break
            }
            positionOfKey[id] = 0
            order[p] = Int32(k)
        }
        for p in 0..<otherShape.count {
            positionOfKey[Int(keyIDs[otherShape.keyIDsStart + p])] = 0
        }
        return same
    }
}
