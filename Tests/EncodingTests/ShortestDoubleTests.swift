import Foundation
import TapeJSON
import Testing

// The encoder's Double text (`ShortestDouble`, Schubfach) against Swift's `description` without `.0`,
// the text Foundation's JSONEncoder writes: class by class, each class one of the formatter's branches.

@Suite struct ShortestDoubleTests {
    /// `description` as Foundation's writers use it.
    static func foundationText(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Encodes `values` as one array and compares each number's text; returns the mismatches.
    static func mismatches(_ values: [Double]) throws -> [String] {
        let finite = values.filter(\.isFinite)
        let text = String(decoding: try TapeJSONEncoder().encode(finite), as: UTF8.self)
        let written = text.dropFirst().dropLast().split(separator: ",").map(String.init)
        #expect(written.count == finite.count)
        return zip(finite, written).compactMap { value, ours in
            let expected = foundationText(value)
            return ours == expected ? nil : "\(String(value.bitPattern, radix: 16)): \(ours) instead of \(expected)"
        }
    }

    /// Every binary exponent, at the power of two (where the lower neighbour is half as far: the
    /// interval's irregular case) and beside it, both signs.
    @Test func everyPowerOfTwoAndItsNeighbours() throws {
        var values: [Double] = []
        for exponent in Double.leastNonzeroMagnitude.exponent...Double.greatestFiniteMagnitude.exponent {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown, -power, power * 1.5, power * 1.75]
        }
        #expect(values.count > 12_000)
        #expect(try Self.mismatches(values) == [])
    }

    /// Every power of ten a Double reaches and its neighbours: where a short text sits at the edge of
    /// the rounding interval.
    @Test func everyPowerOfTenAndItsNeighbours() throws {
        var values: [Double] = []
        for exponent in -323...308 {
            guard let power = Double("1e\(exponent)") else { continue }
            values += [power, power.nextUp, power.nextDown, power.nextUp.nextUp, power.nextDown.nextDown]
            for digits in [2.0, 5.0, 9.0] {
                if let scaled = Double("\(Int(digits))e\(exponent)") { values += [scaled, scaled.nextUp, scaled.nextDown] }
            }
        }
        #expect(values.count > 5_000)
        #expect(try Self.mismatches(values) == [])
    }

    /// Subnormals: the first thousands by bit pattern (few digits, where a one-digit text such as
    /// `8e-323` is shortest), the largest, and the smallest normal.
    @Test func subnormals() throws {
        var values = (1..<5_000).map { Double(bitPattern: UInt64($0)) }
        values += (0..<2_000).map { Double.leastNormalMagnitude.nextDown - Double(bitPattern: UInt64($0)) }
        values += [.leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown]
        #expect(try Self.mismatches(values) == [])
        let texts = try TapeJSONEncoder().encode([Double(bitPattern: 1), Double(bitPattern: 2), Double(bitPattern: 16)])
        #expect(String(decoding: texts, as: UTF8.self) == "[5e-324,1e-323,8e-323]")
    }

    /// Integers: exact below 2^53 (positional, no `.0`), the exponent form above it, and the layout's
    /// switch at 10^16 and 2^53.
    @Test func integersAroundTwoToTheFiftyThree() throws {
        var values: [Double] = []
        let limit = 9_007_199_254_740_992.0
        var value = limit
        for _ in 0..<200 {
            values += [value, -value]
            value = value.nextDown
        }
        value = limit
        for _ in 0..<200 {
            value = value.nextUp
            values.append(value)
        }
        values += (0..<2_000).map { Double($0) } + (0..<300).map { Double(UInt64(1) << ($0 % 64)) * Double($0) }
        values += [1e15, 1e16, 1e17, 123_456_789_012_345_680, 1e21, 1e22, 1e23]
        #expect(try Self.mismatches(values) == [])
        let texts = try TapeJSONEncoder().encode([limit, limit.nextUp, 1e16, 100, 1e-4, 1e-5])
        #expect(String(decoding: texts, as: UTF8.self) == "[9007199254740992,9.007199254740994e+15,1e+16,100,0.0001,1e-05]")
    }

    /// Short decimals at every decimal exponent and their neighbours: the values whose shortest text is
    /// much shorter than seventeen digits, and the ties between two candidates of the same length.
    @Test func shortDecimalsAtEveryExponent() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for exponent in -330...310 {
            for digits in [1, 2, 3, 7, 12, 15, 16, 17] {
                let significand = UInt64.random(in: 1...UInt64(pow(10.0, Double(digits))) - 1, using: &generator)
                if let value = Double("\(significand)e\(exponent)"), value.isFinite, value != 0 {
                    values += [value, value.nextUp, value.nextDown]
                }
            }
        }
        #expect(values.count > 12_000)
        #expect(try Self.mismatches(values) == [])
    }

    /// Random bit patterns (every exponent, full-length texts), coordinates with six decimals (the
    /// positional layout with the point inside), and fractions below one (`0.000ddd`).
    @Test func randomValues() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for _ in 0..<60_000 {
            values.append(Double(bitPattern: generator.next()))
            values.append(Double(Int.random(in: -180_000_000...180_000_000, using: &generator)) / 1e6)
            values.append(Double.random(in: 0..<0.01, using: &generator))
        }
        #expect(try Self.mismatches(values) == [])
    }

    /// Zero, negative zero and the extremes; a non-finite value is still the strategy's (not this
    /// formatter's).
    @Test func signsAndExtremes() throws {
        let texts = try TapeJSONEncoder().encode([0.0, -0.0, 1, -1.5, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.1, -2.2250738585072014e-308])
        #expect(String(decoding: texts, as: UTF8.self)
            == "[0,-0,1,-1.5,1.7976931348623157e+308,-1.7976931348623157e+308,0.1,-2.2250738585072014e-308]")
        #expect(throws: EncodingError.self) { try TapeJSONEncoder().encode([Double.nan]) }
    }
}
