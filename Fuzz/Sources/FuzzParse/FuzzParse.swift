import FuzzSupport
import TapeJSON

// A whole document: parsed, or a JSONError located inside the input; a valid one written back as
// compact text parses again to the same text.
@_cdecl("FuzzParse_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { input in
        var knobs = Knobs(input)
        let maxDepth = 1 + knobs.byte() % 64
        let bytes = Array(knobs.rest)
        do {
            let document = try parseWhole(bytes, maxDepth: maxDepth)
            let text = document.root.jsonText
            let again = try parseWhole(Array(text.utf8), maxDepth: maxDepth)
            check(again.root.jsonText == text, "compact text does not round-trip: \(text)")
        } catch let error as JSONError {
            check(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside \(bytes.count) bytes")
            check(error.line >= 1 && error.column >= 1, "error position \(error.line):\(error.column)")
        } catch {
            check(false, "unexpected error type: \(error)")
        }
    }
}
