import FuzzSupport
import TapeJSON

/// Counts events (the stream parser's handler).
struct Counter: JSONEventHandler {
    var events = 0
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
        events += 1
        return .continue
    }
}

// The push parser fed in random splits with a small window: it accepts exactly what the whole-document
// parser accepts, and fails at the same byte.
@_cdecl("FuzzStreamParser_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { input in
        var knobs = Knobs(input)
        let window = 64 + knobs.byte() * 8
        var splits: [Int] = []
        for _ in 0..<4 { splits.append(1 + knobs.byte() % 37) }
        let bytes = Array(knobs.rest)
        var streamError: JSONError?
        do {
            let parser = try JSONStreamParser(handler: Counter(), maxDepth: 64, window: window)
            var position = 0
            var k = 0
            while position < bytes.count {
                let n = min(splits[k % splits.count], bytes.count - position)
                try parser.feed(Array(bytes[position..<(position + n)]))
                position += n
                k += 1
            }
            try parser.finish()
        } catch let error as JSONError {
            streamError = error
        } catch {
            check(false, "unexpected error: \(error)")
        }
        var wholeError: JSONError?
        do { _ = try parseWhole(bytes, maxDepth: 64) } catch let error as JSONError { wholeError = error } catch {}
        check((streamError == nil) == (wholeError == nil),
              "stream \(String(describing: streamError)) against whole \(String(describing: wholeError))")
        if let streamError, let wholeError {
            check(streamError.offset == wholeError.offset, "stream error at \(streamError.offset), whole at \(wholeError.offset)")
        }
    }
}
