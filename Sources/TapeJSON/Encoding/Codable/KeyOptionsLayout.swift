import Foundation

/// How `TapeJSONEncoder.keyOptions` writes keys that name a convention, the mirror of what the
/// decoder reads (`TapeJSONDecoder.KeyOptions`):
/// - a key path (`"datos.nombre"`) writes nested objects (`{"datos":{"nombre":…}}`); keys sharing a
///   first step share one object;
/// - the flat key (`""`) writes the property's members into the enclosing object (a property whose
///   value is not an object keeps the key as it is);
/// - `"* products"` writes the array under `products`; `"[]country.cities.name"` writes the array at
///   the end of the path `country.cities.name`, where the decoder collects it back.
///
/// ## How
/// A single pass cannot nest keys that arrive one by one (two paths with one first step must meet in one
/// object). The call is written compact first, each convention key of a type's keyed container (never a
/// dictionary's keys) marked by a noncharacter prefix (`KeyConventions.marker`) and left unconverted.
/// That text is parsed, the marked members moved into place (`KeyOptionsNode`), their path steps
/// converted by the key strategy (`.custom` leaves them as they are), and the tree encoded again with
/// the caller's formatting. The markers travel in band, so the first pass escapes the user's own text
/// that begins with one of them: such a string or key is written with `literalMarker` in front, which
/// the layout drops (a string value `"\u{FDD1}1"` stays that string, never a raw number; a dictionary
/// key `"\u{FDD0}a.b"` stays that key, never a path). Numbers pass through the parsed document: `Int64`, `UInt64` and `Double`
/// exactly (a `Double` is written with the shortest digits that read back the same, so it is written
/// again the same), a number beyond them as its text (`VerbatimNumber`), and a `Decimal` as a string
/// marked by `numberMarker` that the layout turns back into the number's text: no digit is lost. Only
/// calls with `keyOptions` pay for the two passes.
struct KeyConventions {
    /// U+FDD0, a noncharacter no key of a real type begins with.
    /// (Swift literals may not hold a noncharacter: made at run time.)
    static let markerScalar = Unicode.Scalar(0xFDD0)!
    static let marker = String(Character(markerScalar))
    /// U+FDD1, the noncharacter that marks a `Decimal`'s text written as a string by the first pass.
    static let numberMarkerScalar = Unicode.Scalar(0xFDD1)!
    static let numberMarker = String(Character(numberMarkerScalar))
    /// U+FDD2, written by the first pass before a user's string or key that begins with U+FDD0, U+FDD1
    /// or U+FDD2, so that it is read back as the text it is.
    static let literalMarkerScalar = Unicode.Scalar(0xFDD2)!
    static let literalMarker = String(Character(literalMarkerScalar))

    /// Whether the first pass writes `text` behind `literalMarker`: it begins with one of the markers.
    static func needsLiteralMarker(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return first.value >= 0xFDD0 && first.value <= 0xFDD2
    }

    /// The options as the decoder reads them (empty prefixes and delimiters off), so that both
    /// directions agree on what a key names.
    let syntax: KeyPathSyntax
    var delimiter: String? { syntax.delimiter }
    var flat: String? { syntax.flat }
    var optionalArrayElements: String? { syntax.optionalArrayElements }
    var arrayMapping: String? { syntax.arrayMapping }

    init(_ options: TapeJSONDecoder.KeyOptions) {
        syntax = KeyPathSyntax(options)
    }

    /// Whether `key` names a convention (and is written marked in the first pass).
    func matches(_ key: String) -> Bool {
        if let flat, key == flat { return true }
        if let delimiter, key.contains(delimiter) { return true }
        if let optionalArrayElements, key.hasPrefix(optionalArrayElements) { return true }
        if let arrayMapping, key.hasPrefix(arrayMapping) { return true }
        return false
    }

    /// The path a marked key writes to, each step converted by `convert`; nil for the flat key.
    func steps(of key: String, convert: (String) -> String) -> [String]? {
        if let flat, key == flat { return nil }
        var text = Substring(key)
        if let optionalArrayElements, text.hasPrefix(optionalArrayElements) {
            text = text.dropFirst(optionalArrayElements.count)
        } else if let arrayMapping, text.hasPrefix(arrayMapping) {
            text = text.dropFirst(arrayMapping.count)
        }
        guard let delimiter else { return [convert(String(text))] }
        return text.split(separator: delimiter, omittingEmptySubsequences: false).map { convert(String($0)) }
    }
}

/// A value being laid out by key options: a document's leaf, an array, or an object whose members
/// may still be merged into.
indirect enum KeyOptionsNode: Encodable {
    case leaf(JSONValue)
    /// A user's string that began with a marker (written behind `literalMarker` by the first pass).
    case string(String)
    /// A number written from its text (a `Decimal` of the first pass).
    case number(VerbatimNumber)
    case array([KeyOptionsNode])
    case object(Members)

    /// An object's members in order, with an index by key.
    struct Members {
        var keys: [String] = []
        var values: [KeyOptionsNode] = []
        var index: [String: Int] = [:]

        /// Sets `key`, in place when present (the later value wins, as in a JSON object), merging two
        /// objects member by member.
        mutating func set(_ key: String, _ value: KeyOptionsNode) {
            guard let i = index[key] else {
                index[key] = keys.count
                keys.append(key)
                values.append(value)
                return
            }
            if case .object(var existing) = values[i], case .object(let incoming) = value {
                for (k, v) in zip(incoming.keys, incoming.values) { existing.set(k, v) }
                values[i] = .object(existing)
            } else {
                values[i] = value
            }
        }

        /// Sets the value at the end of `steps`, creating or entering objects on the way.
        mutating func set(path steps: ArraySlice<String>, _ value: KeyOptionsNode) {
            guard steps.count > 1 else {
                set(steps.first ?? "", value)
                return
            }
            var child = Members()
            child.set(path: steps.dropFirst(), value)
            set(steps.first!, .object(child))
        }
    }

    /// The layout of a value written by the first pass.
    static func laidOut(_ value: JSONValue, _ conventions: KeyConventions, convert: (String) -> String) -> KeyOptionsNode {
        switch value.kind {
        case .object:
            var members = Members()
            for member in value.members {
                let key = member.key
                let child = laidOut(member.value, conventions, convert: convert)
                let first = key.unicodeScalars.first
                if first == KeyConventions.literalMarkerScalar {
                    members.set(String(key.unicodeScalars.dropFirst()), child)
                    continue
                }
                guard first == KeyConventions.markerScalar else {
                    members.set(key, child)
                    continue
                }
                let name = String(key.unicodeScalars.dropFirst())
                if let steps = conventions.steps(of: name, convert: convert) {
                    members.set(path: steps[...], child)
                } else if case .object(let inner) = child {
                    for (k, v) in zip(inner.keys, inner.values) { members.set(k, v) }
                } else {
                    members.set(name, child)
                }
            }
            return .object(members)
        case .array:
            return .array(value.elements.map { laidOut($0, conventions, convert: convert) })
        case .string:
            if let text = value.string {
                switch text.unicodeScalars.first {
                case KeyConventions.numberMarkerScalar:
                    return .number(VerbatimNumber(text: String(text.unicodeScalars.dropFirst())))
                case KeyConventions.literalMarkerScalar:
                    return .string(String(text.unicodeScalars.dropFirst()))
                default:
                    break
                }
            }
            return .leaf(value)
        default:
            return .leaf(value)
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .leaf(let value):
            try value.encode(to: encoder)
        case .number(let number):
            try number.encode(to: encoder)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: TapeCodingKey.self)
            for (key, value) in zip(members.keys, members.values) {
                try container.encode(value, forKey: TapeCodingKey(stringValue: key))
            }
        }
    }
}
