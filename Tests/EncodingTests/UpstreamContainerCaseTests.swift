import Foundation
import TapeJSON
import Testing

// More encoding cases of swift-foundation's Tests/FoundationEssentialsTests/JSONEncoderTests.swift
// (swiftlang/swift-foundation on GitHub): containers, their coding paths, super encoders, keys written
// twice, misuse, and the encoder's state after an error. The facts (inputs and expected output) are
// theirs; the code is this project's. Where Foundation on Linux traps or writes something else, the
// test asserts TapeJSON's behaviour and says so (README, "Encode JSON", lists the differences).

/// A coding path as text: each key's `stringValue`, with `#intValue` when it has one.
private func rendered(_ path: [any CodingKey]) -> String {
    path.map { key in key.stringValue + (key.intValue.map { "#\($0)" } ?? "") }.joined(separator: " / ")
}

/// What an `encode(to:)` saw, in order: a label and a coding path each.
private final class PathLog: @unchecked Sendable {
    var entries: [String] = []
    func note(_ label: String, _ path: [any CodingKey]) { entries.append("\(label): \(rendered(path))") }
}

/// nestedContainerCodingPaths and superEncoderCodingPaths: the paths of the encoder and of every
/// container while nested keyed and unkeyed containers are opened (Int-valued keys, so each key has
/// a string and an int value).
private struct NestedPaths: Encodable {
    let viaSuperEncoder: Bool
    let log: PathLog

    enum Top: Int, CodingKey { case a, b, c }
    enum Inner: Int, CodingKey { case one, two }

    func encode(to encoder: any Encoder) throws {
        if viaSuperEncoder {
            var top = encoder.container(keyedBy: Top.self)
            log.note("encoder", encoder.codingPath)
            log.note("top", top.codingPath)
            let superEncoder = top.superEncoder(forKey: .a)
            log.note("encoder", encoder.codingPath)
            log.note("top", top.codingPath)
            log.note("super", superEncoder.codingPath)
            try nest(in: superEncoder)
        } else {
            try nest(in: encoder)
        }
    }

    private func nest(in encoder: any Encoder) throws {
        log.note("base", encoder.codingPath)
        var first = encoder.container(keyedBy: Top.self)
        log.note("base", encoder.codingPath)
        log.note("first", first.codingPath)
        do {
            var second = first.nestedContainer(keyedBy: Inner.self, forKey: .a)
            log.note("first", first.codingPath)
            log.note("second keyed", second.codingPath)
            let thirdKeyed = second.nestedContainer(keyedBy: Inner.self, forKey: .one)
            log.note("base", encoder.codingPath)
            log.note("first", first.codingPath)
            log.note("second keyed", second.codingPath)
            log.note("third keyed", thirdKeyed.codingPath)
            let thirdUnkeyed = second.nestedUnkeyedContainer(forKey: .two)
            log.note("second keyed", second.codingPath)
            log.note("third unkeyed", thirdUnkeyed.codingPath)
        }
        do {
            var second = first.nestedUnkeyedContainer(forKey: .b)
            log.note("first", first.codingPath)
            log.note("second unkeyed", second.codingPath)
            let thirdKeyed = second.nestedContainer(keyedBy: Inner.self)
            log.note("base", encoder.codingPath)
            log.note("second unkeyed", second.codingPath)
            log.note("third keyed", thirdKeyed.codingPath)
            let thirdUnkeyed = second.nestedUnkeyedContainer()
            log.note("first", first.codingPath)
            log.note("second unkeyed", second.codingPath)
            log.note("third unkeyed", thirdUnkeyed.codingPath)
        }
    }
}

/// superEncoders: values written through super encoders after later elements of their container.
private struct LateSuperEncoders: Encodable {
    enum CodingKeys: String, CodingKey { case firstSuper, secondSuper, unkeyed, direct }
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        let keyedFirst = keyed.superEncoder(forKey: .firstSuper)
        let keyedSecond = keyed.superEncoder(forKey: .secondSuper)
        var first = keyedFirst.singleValueContainer()
        var second = keyedSecond.singleValueContainer()
        try first.encode("First")
        try second.encode("Second")

        var list = keyed.nestedUnkeyedContainer(forKey: .unkeyed)
        try list.encode(0)
        let listFirst = list.superEncoder()
        let listSecond = list.superEncoder()
        try list.encode(42)
        var firstElement = listFirst.singleValueContainer()
        var secondElement = listSecond.singleValueContainer()
        try firstElement.encode("First")
        try secondElement.encode("Second")

        try ["direct": "super"].encode(to: keyed.superEncoder(forKey: .direct))
    }
}

/// redundantKeys: a key given a value, a keyed or an unkeyed container, then 42 (directly or through
/// `superEncoder(forKey:)`). The last one wins.
private struct ReplacedKey: Encodable, CustomStringConvertible {
    enum First: CaseIterable { case value, keyedContainer, unkeyedContainer }
    let first: First
    let thenThroughSuperEncoder: Bool

    enum CodingKeys: String, CodingKey { case key }

    var description: String { "\(first), super encoder: \(thenThroughSuperEncoder)" }

    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        switch first {
        case .value: try keyed.encode(0, forKey: .key)
        case .keyedContainer: _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
        case .unkeyedContainer: _ = keyed.nestedUnkeyedContainer(forKey: .key)
        }
        if thenThroughSuperEncoder {
            var single = keyed.superEncoder(forKey: .key).singleValueContainer()
            try single.encode(42)
        } else {
            try keyed.encode(42, forKey: .key)
        }
    }

    static let all = First.allCases.flatMap { first in [false, true].map { ReplacedKey(first: first, thenThroughSuperEncoder: $0) } }
}

/// redundantKeyedContainer: an object encoded for a key, then a nested keyed container for the same
/// key, which adds to that object.
private struct ObjectThenContainer: Encodable {
    enum CodingKeys: String, CodingKey { case container, somethingElse }
    struct Nested: Encodable { var foo = "Test" }
    func encode(to encoder: any Encoder) throws {
        var top = encoder.container(keyedBy: CodingKeys.self)
        try top.encode("Foo", forKey: .somethingElse)
        try top.encode(Nested(), forKey: .container)
        var again = top.nestedContainer(keyedBy: CodingKeys.self, forKey: .container)
        try again.encode("SecondAgain", forKey: .somethingElse)
    }
}

/// singleValueDictionaryAmendedByContainer: a dictionary through the single-value container, then a
/// keyed container of the same encoder, whose member replaces the dictionary's.
private struct AmendedDictionary: Encodable {
    enum CodingKeys: String, CodingKey { case a }
    func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(["a": "b", "other": "foo"])
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        try keyed.encode("c", forKey: .a)
    }
}

/// preconditionFailuresForContainerReplacement: the four replacements Foundation stops the process on.
private struct ReplacedContainer: Encodable, CustomStringConvertible {
    enum Subcase: CaseIterable { case valueByKeyed, valueByUnkeyed, keyedByUnkeyed, unkeyedByKeyed }
    let subcase: Subcase
    enum CodingKeys: String, CodingKey { case key }

    var description: String { "\(subcase)" }

    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: CodingKeys.self)
        switch subcase {
        case .valueByKeyed:
            try keyed.encode(42, forKey: .key)
            _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
        case .valueByUnkeyed:
            try keyed.encode(42, forKey: .key)
            _ = keyed.nestedUnkeyedContainer(forKey: .key)
        case .keyedByUnkeyed:
            _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
            _ = keyed.nestedUnkeyedContainer(forKey: .key)
        case .unkeyedByKeyed:
            _ = keyed.nestedUnkeyedContainer(forKey: .key)
            _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
        }
    }
}

/// encoderStateThrowOnEncode's wrapper: a super encoder of an unkeyed container, a container nested
/// in it, and the value encoded into that (also used by UpstreamCaseTests).
struct SuperEncoderWrapper<T: Encodable>: Encodable {
    let value: T
    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        let superEncoder = container.superEncoder()
        var nested = superEncoder.unkeyedContainer()
        try nested.encode(value)
    }
}

private struct StrategyError: Error, Equatable { let which: String }

/// sharedSubEncoderStaleState…: a dictionary member whose value throws, caught by the caller, then
/// members that are `nil`.
private struct AlwaysFails: Encodable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "Value cannot be encoded"))
    }
}

private struct FailedDictionaryThenNils: Encodable {
    let nils: Int
    enum CodingKeys: String, CodingKey { case dict, nilField1, nilField2 }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try? container.encode(["key": AlwaysFails()], forKey: .dict)
        try? container.encode(nil as Int?, forKey: .nilField1)
        if nils > 1 { try? container.encode(nil as Int?, forKey: .nilField2) }
    }
}

@Suite struct UpstreamContainerCaseTests {
    /// nestedContainerCodingPaths and superEncoderCodingPaths: every container's path is its
    /// encoder's path and the keys (indexes) that lead to it, and opening a container changes no
    /// other path. Foundation sees the same paths.
    @Test(arguments: [false, true])
    func containerCodingPaths(viaSuperEncoder: Bool) throws {
        let base = viaSuperEncoder ? "a#0" : ""
        func under(_ keys: String) -> String { [base, keys].filter { !$0.isEmpty }.joined(separator: " / ") }
        var expected: [String] = []
        if viaSuperEncoder {
            expected += ["encoder: ", "top: ", "encoder: ", "top: ", "super: a#0"]
        }
        expected += [
            "base: \(base)", "base: \(base)", "first: \(base)",
            "first: \(base)", "second keyed: \(under("a#0"))",
            "base: \(base)", "first: \(base)", "second keyed: \(under("a#0"))", "third keyed: \(under("a#0 / one#0"))",
            "second keyed: \(under("a#0"))", "third unkeyed: \(under("a#0 / two#1"))",
            "first: \(base)", "second unkeyed: \(under("b#1"))",
            "base: \(base)", "second unkeyed: \(under("b#1"))", "third keyed: \(under("b#1 / Index 0#0"))",
            "first: \(base)", "second unkeyed: \(under("b#1"))", "third unkeyed: \(under("b#1 / Index 1#1"))",
        ]
        let ours = PathLog()
        _ = try TapeJSONEncoder().encode(NestedPaths(viaSuperEncoder: viaSuperEncoder, log: ours))
        #expect(ours.entries == expected)
        let theirs = PathLog()
        _ = try JSONEncoder().encode(NestedPaths(viaSuperEncoder: viaSuperEncoder, log: theirs))
        #expect(theirs.entries == expected)
        // And the empty containers themselves are written as Foundation writes them.
        expectSameAsFoundation(NestedPaths(viaSuperEncoder: viaSuperEncoder, log: PathLog()))
        expectSameAsFoundation(NestedPaths(viaSuperEncoder: viaSuperEncoder, log: PathLog()),
                               EncoderSettings(formatting: [.sortedKeys, .prettyPrinted]))
    }

    /// superEncoders: the unkeyed container's super encoders are written in place, before the 42 that
    /// was encoded before them; the keyed ones under their keys.
    @Test func superEncodersWrittenAfterLaterElements() throws {
        let text = String(decoding: try TapeJSONEncoder().encode(LateSuperEncoders()), as: UTF8.self)
        #expect(text.contains(#""firstSuper":"First""#))
        #expect(text.contains(#""secondSuper":"Second""#))
        #expect(text.contains(#""unkeyed":[0,"First","Second",42]"#))
        #expect(text.contains(#""direct":{"direct":"super"}"#))
        let sorted = EncoderSettings()
        #expect(String(decoding: try sorted.tape().encode(LateSuperEncoders()), as: UTF8.self)
                == #"{"direct":{"direct":"super"},"firstSuper":"First","secondSuper":"Second","unkeyed":[0,"First","Second",42]}"#)
        for formatting in EncoderSettings.allFormattings {
            expectSameAsFoundation(LateSuperEncoders(), EncoderSettings(formatting: formatting))
        }
    }

    /// redundantKeys: whatever the key held first (a value, an empty keyed or unkeyed container), the
    /// 42 encoded after it (directly or through a super encoder) is the key's value.
    @Test(arguments: ReplacedKey.all)
    fileprivate func aKeyReplacedByAValue(_ value: ReplacedKey) throws {
        #expect(String(decoding: try TapeJSONEncoder().encode(value), as: UTF8.self) == #"{"key":42}"#)
        var buffer: [UInt8] = []
        try TapeJSONEncoder().encode([value, value], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"[{"key":42},{"key":42}]"#)
        expectSameAsFoundation(value)
        expectSameAsFoundation(["k": value], EncoderSettings(formatting: [.sortedKeys, .prettyPrinted]))
    }

    /// redundantKeyedContainer: the nested container for a key that already holds an object adds to
    /// that object.
    @Test func aKeyedContainerAddsToTheObjectEncodedForItsKey() throws {
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(ObjectThenContainer()), as: UTF8.self)
                == #"{"container":{"foo":"Test","somethingElse":"SecondAgain"},"somethingElse":"Foo"}"#)
        for formatting in EncoderSettings.allFormattings {
            expectSameAsFoundation(ObjectThenContainer(), EncoderSettings(formatting: formatting))
            expectSameAsFoundation([ObjectThenContainer()], EncoderSettings(formatting: formatting))
        }
        // Unsorted: the same JSON value. (Reopening a key's object is one of the calls TapeJSON
        // hands to Foundation's encoder, so the order of the members is Foundation's.)
        for formatting in [JSONEncoder.OutputFormatting(), .prettyPrinted] {
            try expectSameValueAsFoundation(ObjectThenContainer(), EncoderSettings(formatting: formatting))
        }
    }

    /// singleValueDictionaryAmendedByContainer: a keyed container after the single-value container
    /// wrote a dictionary adds to (and overrides a member of) that dictionary.
    @Test func aDictionaryAmendedByAKeyedContainer() throws {
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(AmendedDictionary()), as: UTF8.self) == #"{"a":"c","other":"foo"}"#)
        for formatting in EncoderSettings.allFormattings {
            expectSameAsFoundation(AmendedDictionary(), EncoderSettings(formatting: formatting))
            expectSameAsFoundation(["x": [AmendedDictionary()]], EncoderSettings(formatting: formatting))
        }
        try expectSameValueAsFoundation(AmendedDictionary(), EncoderSettings(formatting: []))
    }

    /// preconditionFailuresForContainerReplacement: Foundation stops the process in all four cases;
    /// TapeJSON throws `EncodingError.invalidValue` at the key's path, and the encoder stays usable.
    @Test(arguments: ReplacedContainer.Subcase.allCases)
    fileprivate func replacingAContainerOrValueThrows(_ subcase: ReplacedContainer.Subcase) throws {
        let encoder = TapeJSONEncoder()
        let value = ReplacedContainer(subcase: subcase)
        let message = #"TapeJSONEncoder: a nested container was requested for key "key", which already has a value of another kind"#
        do {
            _ = try encoder.encode(value)
            Issue.record("\(subcase): expected an EncodingError")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(rendered(context.codingPath) == "key", "\(subcase)")
            #expect(context.debugDescription == message)
        }
        // Deeper, into a buffer: the whole path, and the buffer as it was.
        var buffer = Array("kept".utf8)
        do {
            try encoder.encode(["outer": [value]], into: &buffer)
            Issue.record("\(subcase): expected an EncodingError")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(rendered(context.codingPath) == "outer / Index 0#0 / key", "\(subcase)")
            #expect(context.debugDescription == message)
        }
        #expect(buffer == Array("kept".utf8))
        #expect(String(decoding: try encoder.encode(["after": 1]), as: UTF8.self) == #"{"after":1}"#)
    }

    /// The same four cases in Foundation's JSONEncoder (run in a child process): it stops the process,
    /// which is why TapeJSON's error is a deliberate difference.
    @Test func foundationStopsTheProcessOnContainerReplacement() async {
        await #expect(processExitsWith: .failure) {
            _ = try JSONEncoder().encode(ReplacedContainer(subcase: .valueByKeyed))
        }
        await #expect(processExitsWith: .failure) {
            _ = try JSONEncoder().encode(ReplacedContainer(subcase: .valueByUnkeyed))
        }
        await #expect(processExitsWith: .failure) {
            _ = try JSONEncoder().encode(ReplacedContainer(subcase: .keyedByUnkeyed))
        }
        await #expect(processExitsWith: .failure) {
            _ = try JSONEncoder().encode(ReplacedContainer(subcase: .unkeyedByKeyed))
        }
    }

    /// encoderStateThrowOnEncodeCustomDate and …CustomData: the strategy's closure opens a container
    /// and throws, under a super encoder's nested container. The closure's error comes out, as in
    /// Foundation, and the encoder's next call is unaffected.
    @Test func aStrategyClosureThatOpensAContainerAndThrows() throws {
        let dateClosure: @Sendable (Date, any Encoder) throws -> Void = { _, encoder in
            _ = encoder.unkeyedContainer()
            throw StrategyError(which: "date")
        }
        let dataClosure: @Sendable (Data, any Encoder) throws -> Void = { _, encoder in
            _ = encoder.unkeyedContainer()
            throw StrategyError(which: "data")
        }
        let tape = TapeJSONEncoder()
        tape.dateEncodingStrategy = .custom(dateClosure)
        tape.dataEncodingStrategy = .custom(dataClosure)
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .custom(dateClosure)
        foundation.dataEncodingStrategy = .custom(dataClosure)

        #expect(throws: StrategyError(which: "date")) { try tape.encode(SuperEncoderWrapper(value: Date())) }
        #expect(throws: StrategyError(which: "date")) { try foundation.encode(SuperEncoderWrapper(value: Date())) }
        #expect(throws: StrategyError(which: "data")) { try tape.encode(SuperEncoderWrapper(value: Data())) }
        #expect(throws: StrategyError(which: "data")) { try foundation.encode(SuperEncoderWrapper(value: Data())) }
        var buffer = Array("kept".utf8)
        #expect(throws: StrategyError(which: "data")) { try tape.encode(["k": SuperEncoderWrapper(value: Data([1]))], into: &buffer) }
        #expect(buffer == Array("kept".utf8))

        // Then the same encoder writes other values as before.
        tape.outputFormatting = .sortedKeys
        foundation.outputFormatting = .sortedKeys
        #expect(String(decoding: try tape.encode(SuperEncoderWrapper(value: [1, 2])), as: UTF8.self) == "[[[1,2]]]")
        #expect(try tape.encode(["b": SuperEncoderWrapper(value: "x")]) == foundation.encode(["b": SuperEncoderWrapper(value: "x")]))
        // encoderStateThrowOnEncode itself, then the encoder again.
        #expect(throws: EncodingError.self) { try tape.encode(SuperEncoderWrapper(value: [Float.infinity])) }
        #expect(String(decoding: try tape.encode(SuperEncoderWrapper(value: [Float(1.5)])), as: UTF8.self) == "[[[1.5]]]")
    }

    /// sharedSubEncoderStaleStateCrash and …DataCorrectness: after a dictionary member whose value
    /// threw (caught), `nil` members are written as `null`. Foundation on Linux (this toolchain) writes
    /// `{}` for the first `nil` and stops the process at the second; TapeJSON writes what upstream's
    /// fixed encoder does.
    @Test func nilMembersAfterACaughtDictionaryError() throws {
        let encoder = TapeJSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(FailedDictionaryThenNils(nils: 1)), as: UTF8.self) == #"{"nilField1":null}"#)
        #expect(String(decoding: try encoder.encode(FailedDictionaryThenNils(nils: 2)), as: UTF8.self)
                == #"{"nilField1":null,"nilField2":null}"#)
        #expect(String(decoding: try encoder.encode([FailedDictionaryThenNils(nils: 2), FailedDictionaryThenNils(nils: 1)]), as: UTF8.self)
                == #"[{"nilField1":null,"nilField2":null},{"nilField1":null}]"#)
        // Unsorted and pretty: the same members.
        #expect(String(decoding: try TapeJSONEncoder().encode(FailedDictionaryThenNils(nils: 2)), as: UTF8.self)
                == #"{"nilField1":null,"nilField2":null}"#)
        let pretty = TapeJSONEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        #expect(String(decoding: try pretty.encode(FailedDictionaryThenNils(nils: 1)), as: UTF8.self) == "{\n  \"nilField1\" : null\n}")
    }
}
