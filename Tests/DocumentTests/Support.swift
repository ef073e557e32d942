import TapeJSON

/// Parses `text` with the shared parser.
func document(_ text: String) throws -> JSONDocument {
    try JSONParser.shared.parse(text)
}

/// The leaves of `value` as `pointer<TAB>json` lines, the way `tapejson paths` prints them.
func leafLines(_ value: JSONValue) -> [String] {
    var lines: [String] = []
    value.forEachLeaf { pointer, leaf in
        lines.append(String(decoding: pointer, as: UTF8.self) + "\t" + leaf.jsonText)
    }
    return lines
}
