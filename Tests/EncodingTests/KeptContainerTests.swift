import Foundation
import TapeJSON
import Testing

// Keyed containers that outlive the object they were made for: many key types at one depth, a
// container kept (and used later) by the value that made it, and one used after its `encode(to:)`
// returned. Each object gets a new container (and box); these values check that keeping one changes
// nothing for the others.

private struct A: Encodable { var a = 1; var s = "x" }
private struct B: Encodable { var b = [1, 2]; var nested = A() }
private struct C: Encodable { var c: Double? = 0.5; var d: String? = nil }
private struct D: Encodable { var d = true }
private struct E: Encodable { var e = "e/" ; var list = [A(), A(a: 2, s: "y")] }

/// One of five payload types, written in place of itself (its payload shares its encoder's depth).
private enum Shape: Encodable {
    case a(A), b(B), c(C), d(D), e(E)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .a(let v): try container.encode(v)
        case .b(let v): try container.encode(v)
        case .c(let v): try container.encode(v)
        case .d(let v): try container.encode(v)
        case .e(let v): try container.encode(v)
        }
    }
}

private enum StashKey: String, CodingKey { case first, late }

/// Keeps its container in `stash` after `encode(to:)` returns.
private final class Stash: @unchecked Sendable {
    var container: KeyedEncodingContainer<StashKey>?
}

private struct Keeper: Encodable {
    let stash: Stash
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StashKey.self)
        try container.encode(1, forKey: .first)
        stash.container = container
    }
}

/// Writes into the container a `Keeper` before it kept (out of order: Foundation adds the member to
/// that earlier object).
private struct LateWriter: Encodable {
    let stash: Stash
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: StashKey.self)
        try container.encode(2, forKey: .first)
        try stash.container?.encode("late", forKey: .late)
    }
}

@Suite struct KeptContainerTests {
    static let formattings = EncoderSettings.allFormattings.map { EncoderSettings(formatting: $0) }

    @Test(arguments: formattings)
    func moreKeyTypesAtOneDepthThanAreKept(_ settings: EncoderSettings) {
        var shapes: [Shape] = []
        for i in 0..<40 {
            switch i % 7 {
            case 0: shapes.append(.a(A(a: i)))
            case 1: shapes.append(.b(B()))
            case 2: shapes.append(.c(C(c: Double(i) / 8, d: i % 2 == 0 ? "d" : nil)))
            case 3: shapes.append(.d(D(d: i % 3 == 0)))
            case 4: shapes.append(.e(E()))
            case 5: shapes.append(.a(A(a: -i, s: "\u{1}")))
            default: shapes.append(.c(C()))
            }
        }
        expectSameAsFoundation(shapes, settings)
        // The same encoder again: its kept boxes now come from the previous call.
        expectSameAsFoundation(shapes.reversed(), settings)
    }

    @Test func aContainerKeptByItsValueIsNotHandedOutAgain() throws {
        let stash = Stash()
        let values = [Keeper(stash: stash), Keeper(stash: Stash())]
        var settings = EncoderSettings(formatting: .sortedKeys)
        settings.label = "kept"
        let encoder = settings.tape()
        let first = try encoder.encode(values)
        // The stashed box is still held, so the second element got a new one, and a later call too.
        #expect(String(decoding: first, as: UTF8.self) == #"[{"first":1},{"first":1}]"#)
        #expect(String(decoding: try encoder.encode(values), as: UTF8.self) == #"[{"first":1},{"first":1}]"#)
        #expect(stash.container != nil)
    }

    @Test(arguments: formattings)
    func aContainerUsedAfterItsEncodeReturnedGivesFoundationsBytes(_ settings: EncoderSettings) {
        let stash = Stash()
        struct Pair: Encodable {
            let keeper: Keeper
            let writer: LateWriter
        }
        expectSameAsFoundation([Pair(keeper: Keeper(stash: stash), writer: LateWriter(stash: stash))], settings)
    }
}
