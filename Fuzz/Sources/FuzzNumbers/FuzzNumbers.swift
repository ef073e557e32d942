import Foundation
import FuzzSupport
import TapeJSON

/// The numbers an input spells: every 8 bytes as a `Double`, an `Int64` and a `UInt64`, and each half
/// as a `Float`, so that libFuzzer's mutations (bit flips, "interesting" values, compared operands)
/// reach every exponent, subnormals, the integers around 2^53 and the halfway cases.
struct Numbers {
    var doubles: [Double] = []
    var floats: [Float] = []
    var signed: [Int64] = []
    var unsigned: [UInt64] = []

    init(_ input: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= input.count {
            let bits = input.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            doubles.append(Double(bitPattern: bits))
            floats.append(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            floats.append(Float(bitPattern: UInt32(truncatingIfNeeded: bits >> 32)))
            signed.append(Int64(bitPattern: bits))
            unsigned.append(bits)
            offset += 8
        }
    }
}

/// `value` encoded by both encoders: the same bytes, or both refusing it.
func sameText<T: Encodable>(_ value: T, _ tape: TapeJSONEncoder, _ foundation: JSONEncoder, _ what: String) {
    switch (Result { try tape.encode(value) }, Result { try foundation.encode(value) }) {
    case (.success(let ours), .success(let theirs)):
        check(ours == theirs, "\(what): TapeJSON wrote \(String(decoding: ours, as: UTF8.self)), Foundation "
              + String(decoding: theirs, as: UTF8.self))
    case (.failure(let error), .failure):
        check(error is EncodingError, "\(what): TapeJSON threw \(error), not an EncodingError")
    case (.success(let ours), .failure(let error)):
        check(false, "\(what): TapeJSON wrote \(String(decoding: ours, as: UTF8.self)), Foundation threw \(error)")
    case (.failure(let error), .success(let theirs)):
        check(false, "\(what): TapeJSON threw \(error), Foundation wrote \(String(decoding: theirs, as: UTF8.self))")
    }
}

// The number writers against Foundation's `JSONEncoder` (the drop-in's reference) on any bit pattern:
// the same text for every Double (`ShortestDouble`: the shortest digits that read back to the same
// Double, laid out as `description`), Float and integer, the same refusal of a non-finite value; and
// the Double text read back by `TapeJSONDecoder` gives the same bits. A wrong digit is data lost without
// a word, so the writer gets a standing target of its own.
@_cdecl("FuzzNumbers_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    let tape = TapeJSONEncoder()
    let foundation = JSONEncoder()
    let decoder = TapeJSONDecoder()
    return runFuzzer(argc, argv) { input in
        let numbers = Numbers(input)
        let finite = numbers.doubles.filter(\.isFinite)
        sameText(finite, tape, foundation, "[Double]")
        sameText(numbers.floats.filter(\.isFinite), tape, foundation, "[Float]")
        sameText(numbers.signed, tape, foundation, "[Int64]")
        sameText(numbers.unsigned, tape, foundation, "[UInt64]")
        for value in numbers.doubles where !value.isFinite {
            sameText(value, tape, foundation, "Double \(value)")
        }
        do {
            let text = try tape.encode(finite)
            let read = try decoder.decode([Double].self, from: text)
            check(read.map(\.bitPattern) == finite.map(\.bitPattern),
                  "Doubles do not read back: \(finite) written as \(String(decoding: text, as: UTF8.self)) read as \(read)")
        } catch {
            check(false, "finite Doubles \(finite) did not round-trip: \(error)")
        }
    }
}
