import Foundation

/// `KeyOptions` prepared for lookups: empty prefixes and delimiters mean "off".
struct KeyPathSyntax {
    let delimiter: String?
    let flat: String?
    let optionalArrayElements: String?
    let arrayMapping: String?

    init(_ options: TapeJSONDecoder.KeyOptions) {
        delimiter = options.delimiter.flatMap { $0.isEmpty ? nil : $0 }
        flat = options.flat
        optionalArrayElements = options.optionalArrayElements.flatMap { $0.isEmpty ? nil : $0 }
        arrayMapping = options.arrayMapping.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The steps of a key path (the key itself when paths are off).
    func steps(of path: String) -> [String] {
        guard let delimiter, path.contains(delimiter) else { return [path] }
        return path.components(separatedBy: delimiter)
    }
}

/// What a key that is not in the object literally stands for under the key options.
enum KeyPathTarget {
    /// A value reached by a path.
    case value(Int)
    /// The enclosing object itself.
    case flat
    /// An array whose failing elements are dropped.
    case lenientArray(Int)
    /// Values collected across arrays, in order.
    case collected([Int])
    /// Nothing: the key is absent.
    case missing

    var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}
