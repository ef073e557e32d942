import Testing

@testable import TapeJSON

/// Seeded random documents (random whitespace, number spellings and escapes) and random patches,
/// checked against `Tree`, a reference that applies the patch to the parsed document: equal as data,
/// and for one-operation patches the bytes outside the touched member equal to the input's.
@Suite struct RandomPatchTests {
    /// One random operation on `tree`, its JSON, and what the reference makes of it (nil: it must fail).
    struct Case {
        var json: String
        var result: Tree?
        /// The input bytes that must come out unchanged: everything before `kept.lowerBound` and from
        /// `kept.upperBound` on.
        var kept: Range<Int>?
    }

    static func randomCase(_ tree: Tree, _ layout: Layout, _ maker: inout TextMaker, exact: Bool) -> Case {
        let all = paths(tree, layout)
        let (path, at) = all.randomElement(using: &maker.rng)!
        let value = maker.tree(depth: 2)
        switch Int.random(in: 0..<7, using: &maker.rng) {
        case 0:
            return Case(json: operationJSON("replace", path: path, value: value), result: try? tree.replacing(at: path, with: value),
                        kept: at.range)
        case 1:
            guard !path.isEmpty else { return Case(json: operationJSON("remove", path: path), result: nil) }
            return Case(json: operationJSON("remove", path: path), result: try? tree.removing(at: path),
                        kept: exact ? removalBounds(path, tree, layout) : nil)
        case 2:
            // Add a member or element to a container (a new key, an existing key, an index, the end).
            var target = path
            switch try? tree.value(at: path[...]) {
            case .object?:
                target.append(.key(TextMaker.keys.randomElement(using: &maker.rng)!))
            case .array(let elements)?:
                let index = Int.random(in: 0...(elements.count + 1), using: &maker.rng)
                target.append(index == elements.count + 1 ? .end : .index(index))
            default:
                target.append(.key("x"))
            }
            return Case(json: operationJSON("add", path: target, value: value), result: try? tree.adding(value, at: target))
        case 3:
            let current = try? tree.value(at: path[...])
            let expected = Bool.random(using: &maker.rng) ? current ?? value : value
            return Case(json: operationJSON("test", path: path, value: expected), result: current == expected ? tree : nil,
                        kept: 0..<0)
        case 4, 5:
            let (to, _) = all.randomElement(using: &maker.rng)!
            let op = Int.random(in: 0..<2, using: &maker.rng) == 0 ? "copy" : "move"
            var destination = Array(to.dropLast())
            if let last = to.last, case .index = last { destination.append(last) } else { destination.append(.key("moved")) }
            let moved = try? tree.value(at: path[...])
            var result: Tree?
            if let moved {
                if op == "copy" {
                    result = try? tree.adding(moved, at: destination)
                } else if destination == path {
                    result = tree
                } else if destination.count > path.count && Array(destination[..<path.count]) == path {
                    result = nil
                } else {
                    result = try? tree.removing(at: path).adding(moved, at: destination)
                }
            }
            return Case(json: operationJSON(op, path: destination, from: path), result: result)
        default:
            let missing = path + [.key("absent")]
            return Case(json: operationJSON("remove", path: missing), result: nil)
        }
    }

    /// For the removal of the member or element at `path`: the range between the previous sibling's
    /// value end (or the container's opening bracket) and the next sibling's start (or the closing
    /// bracket), outside which no byte may change.
    static func removalBounds(_ path: [PathStep], _ tree: Tree, _ layout: Layout) -> Range<Int>? {
        let parentPath = Array(path.dropLast())
        guard let parent = paths(tree, layout).first(where: { $0.path == parentPath })?.layout,
              let parentTree = try? tree.value(at: parentPath[...]) else { return nil }
        let position: Int
        switch (parentTree, path.last!) {
        case (.object(let members), .key(let key)): position = members.firstIndex { $0.key == key }!
        case (_, .index(let index)): position = index
        default: return nil
        }
        let lower = position > 0 ? parent.children[position - 1].value.range.upperBound : parent.range.lowerBound + 1
        let upper = position + 1 < parent.children.count ? parent.children[position + 1].start : parent.range.upperBound - 1
        return lower..<upper
    }

    @Test(arguments: 0..<8)
    func randomPatches(_ seed: Int) throws {
        var maker = TextMaker(rng: SeededGenerator(state: UInt64(seed) &* 7919))
        var applied = 0, failed = 0, boundsChecked = 0
        for _ in 0..<60 {
            maker.bytes = []
            let tree: Tree = .object([("root", maker.tree(depth: 0)), ("tags", .array([.string("a"), .number(1)]))])
            maker.whitespace()
            let layout = maker.write(tree)
            maker.whitespace()
            let input = maker.bytes
            let count = Bool.random(using: &maker.rng) ? 1 : Int.random(in: 2...4, using: &maker.rng)
            var current: Tree? = tree
            var operations: [String] = []
            var kept: Range<Int>?
            for k in 0..<count {
                guard let before = current else { break }
                // The layouts describe the input only: byte bounds are checked for the first operation.
                let step = Self.randomCase(before, k == 0 ? layout : Layout(range: 0..<0), &maker, exact: k == 0 && count == 1)
                operations.append(step.json)
                current = step.result
                if k == 0 && count == 1 { kept = step.kept }
            }
            let patchText = "[" + operations.joined(separator: ",") + "]"
            let patch = try JSONPatch(patchText)
            let context = "\(text(input)) with \(patchText)"
            guard let expected = current else {
                #expect(throws: JSONPatchError.self, "\(context)") { try patch.apply(toBytes: input) }
                failed += 1
                continue
            }
            let output = try patch.apply(toBytes: input)
            #expect(try Tree(json: output) == expected, "\(context) gave \(text(output))")
            applied += 1
            if let kept {
                boundsChecked += 1
                let tail = input.count - kept.upperBound
                #expect(output.count >= kept.lowerBound + tail, "\(context)")
                #expect(output.prefix(kept.lowerBound).elementsEqual(input.prefix(kept.lowerBound)), "\(context) gave \(text(output))")
                #expect(output.suffix(tail).elementsEqual(input.suffix(tail)), "\(context) gave \(text(output))")
            }
        }
        // The mix exercises both outcomes and the byte check (the seeds are fixed, so this is stable).
        #expect(applied >= 20 && failed >= 3 && boundsChecked >= 5, "\(applied) applied, \(failed) failed, \(boundsChecked) checked")
    }

    /// Runs of `replace` and `remove` are applied in one pass when that gives the same text: the bytes
    /// must equal those of the operations applied one patch at a time, and the data the reference's.
    @Test(arguments: 0..<4)
    func replaceAndRemoveRuns(_ seed: Int) throws {
        var maker = TextMaker(rng: SeededGenerator(state: UInt64(seed) &* 15_485_863))
        var applied = 0
        for _ in 0..<60 {
            maker.bytes = []
            let tree: Tree = .object([("a", maker.tree(depth: 1)), ("b", maker.tree(depth: 1)), ("c", maker.tree(depth: 1)),
                                      ("list", .array([.number(1), maker.tree(depth: 2), .string("x")]))])
            _ = maker.write(tree)
            let input = maker.bytes
            let all = paths(tree, Layout(range: 0..<0)).map(\.path).filter { !$0.isEmpty }
            var operations: [String] = []
            var expected: Tree? = tree
            for _ in 0..<Int.random(in: 2...4, using: &maker.rng) {
                let path = all.randomElement(using: &maker.rng)!
                if Bool.random(using: &maker.rng) {
                    let value = maker.tree(depth: 2)
                    operations.append(operationJSON("replace", path: path, value: value))
                    expected = try? expected?.replacing(at: path, with: value)
                } else {
                    operations.append(operationJSON("remove", path: path))
                    expected = try? expected?.removing(at: path)
                }
            }
            let together = Result { () throws(JSONPatchError) in try JSONPatch("[" + operations.joined(separator: ",") + "]").apply(toBytes: input) }
            var oneByOne: Result<[UInt8], JSONPatchError> = .success(input)
            for operation in operations {
                oneByOne = oneByOne.flatMap { text in Result { () throws(JSONPatchError) in try JSONPatch("[" + operation + "]").apply(toBytes: text) } }
            }
            let context = "\(text(input)) with \(operations)"
            switch (together, oneByOne) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(context): \(text(a)) and \(text(b))")
                #expect(try expected.map { try Tree(json: a) == $0 } == true, "\(context)")
                applied += 1
            case (.failure(let a), .failure(let b)):
                #expect(expected == nil, "\(context)")
                #expect(a.operation != nil && a.kind == b.kind, "\(context): \(a) and \(b)")
            default:
                Issue.record("\(context): \(together) and \(oneByOne)")
            }
        }
        #expect(applied >= 15, "\(applied) applied")
    }

    @Test(arguments: 0..<4)
    func randomMergePatches(_ seed: Int) throws {
        var maker = TextMaker(rng: SeededGenerator(state: UInt64(seed) &* 104_729))
        for _ in 0..<40 {
            maker.bytes = []
            let tree = maker.tree(depth: 0)
            _ = maker.write(tree)
            let input = maker.bytes
            let patch = maker.tree(depth: 0)
            let output = try JSONMergePatch(bytes: patch.json).apply(toBytes: input)
            #expect(try Tree(json: output) == Self.merged(patch, into: tree), "\(text(input)) with \(patch)")
        }
    }

    /// RFC 7396 §2's pseudocode, on trees.
    static func merged(_ patch: Tree, into target: Tree) -> Tree {
        guard case .object(let changes) = patch else { return patch }
        guard case .object(var members) = target else { return merged(patch, into: .object([])) }
        for (key, value) in changes {
            let existing = members.firstIndex { $0.key == key }
            if value == .null {
                if let existing { members.remove(at: existing) }
            } else if let existing {
                members[existing].value = merged(value, into: members[existing].value)
            } else {
                members.append((key, merged(value, into: .object([]))))
            }
        }
        return .object(members)
    }
}
