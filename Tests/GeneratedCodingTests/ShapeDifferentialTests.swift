import Foundation
import Synchronization
@_spi(GeneratedPathTesting) import TapeJSON
import Testing

/// A type of GeneratedShapes.swift, run through both paths.
protocol ShapeRunning {
    var typeName: String { get }
    var hasGeneratedConformances: (decodable: Bool, encodable: Bool) { get }
    func run(documents: [String], tally: Tally)
}

struct ShapeEntry<T: Codable & Equatable>: ShapeRunning {
    var typeName: String { String(reflecting: T.self) }

    var hasGeneratedConformances: (decodable: Bool, encodable: Bool) {
        (T.self is any TapeJSONDecodable.Type, T.self is any TapeJSONEncodable.Type)
    }

    func run(documents: [String], tally: Tally) {
        var values: [T] = []
        for setting in DecoderSetting.all {
            var shared = (setting.make(generated: true), setting.make(generated: false))
            for document in documents {
                if setting.counts { shared = (setting.make(generated: true), setting.make(generated: false)) }
                let ((generated, generatedCounter), (codable, codableCounter)) = shared
                let bytes = Data(document.utf8)
                let before = (generatedCounter.count, codableCounter.count)
                let ours = outcome { try generated.decode(T.self, from: bytes) }
                let theirs = outcome { try codable.decode(T.self, from: bytes) }
                let calls = (generatedCounter.count - before.0, codableCounter.count - before.1)
                tally.decodeCases += 1
                let where_ = "decode \(T.self) under \(setting.name)\n  document: \(document)"
                switch (ours, theirs) {
                case (.value(let a), .value(let b)):
                    if !sameValue(a, b) {
                        tally.mismatch("\(where_)\n  generated: \(String(reflecting: a))\n  codable:   \(String(reflecting: b))")
                    } else if !values.contains(where: { sameValue($0, a) }) {
                        values.append(a)
                    }
                case (.failure(let a), .failure(let b)):
                    if a != b { tally.mismatch("\(where_)\n  generated: \(a)\n  codable:   \(b)") }
                case (.value(let a), .failure(let b)):
                    tally.mismatch("\(where_)\n  generated: value \(String(reflecting: a))\n  codable:   \(b)")
                case (.failure(let a), .value(let b)):
                    tally.mismatch("\(where_)\n  generated: \(a)\n  codable:   value \(String(reflecting: b))")
                }
                if calls.0 != calls.1 {
                    tally.mismatch("\(where_)\n  strategy closure calls: generated \(calls.0), codable \(calls.1)")
                }
            }
        }
        encode(values, tally: tally)
        roundTrip(values, tally: tally)
    }

    private func encode(_ values: [T], tally: Tally) {
        for setting in EncoderSetting.all {
            var shared = (setting.make(generated: true), setting.make(generated: false))
            for value in values {
                if setting.counts { shared = (setting.make(generated: true), setting.make(generated: false)) }
                let ((generated, generatedCounter), (codable, codableCounter)) = shared
                let before = (generatedCounter.count, codableCounter.count)
                let ours = outcome { try generated.encode(value) }
                let theirs = outcome { try codable.encode(value) }
                let calls = (generatedCounter.count - before.0, codableCounter.count - before.1)
                tally.encodeCases += 1
                let where_ = "encode \(T.self) under \(setting.name)\n  value: \(String(reflecting: value))"
                switch (ours, theirs) {
                case (.value(let a), .value(let b)):
                    if a != b { tally.mismatch("\(where_)\n  generated: \(text(a))\n  codable:   \(text(b))") }
                case (.failure(let a), .failure(let b)):
                    if a != b { tally.mismatch("\(where_)\n  generated: \(a)\n  codable:   \(b)") }
                case (.value(let a), .failure(let b)):
                    tally.mismatch("\(where_)\n  generated: \(text(a))\n  codable:   \(b)")
                case (.failure(let a), .value(let b)):
                    tally.mismatch("\(where_)\n  generated: \(a)\n  codable:   \(text(b))")
                }
                if calls.0 != calls.1 {
                    tally.mismatch("\(where_)\n  strategy closure calls: generated \(calls.0), codable \(calls.1)")
                }
            }
        }
    }

    /// encode(generated) then decode(generated) gives the value back (default settings, but infinities
    /// written as strings and read back; values holding a NaN, not equal to themselves, are left out).
    private func roundTrip(_ values: [T], tally: Tally) {
        let encoder = TapeJSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoder = TapeJSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        for value in values where value == value {
            tally.roundTrips += 1
            let where_ = "round trip \(T.self) (default settings, infinities as strings)\n  value: \(String(reflecting: value))"
            do {
                let bytes = try encoder.encode(value)
                do {
                    let back = try decoder.decode(T.self, from: bytes)
                    if back != value {
                        tally.mismatch("\(where_)\n  bytes: \(text(bytes))\n  decoded: \(String(reflecting: back))")
                    }
                } catch {
                    tally.mismatch("\(where_)\n  bytes: \(text(bytes))\n  decode threw: \(describe(error))")
                }
            } catch {
                tally.mismatch("\(where_)\n  encode threw: \(describe(error))")
            }
        }
    }
}

@Suite struct ShapeDifferentialTests {
    /// Every shape decodes and encodes alike through both paths, document by document, setting by setting.
    @Test(arguments: generatedShapeNames)
    func bothPathsAgree(_ name: String) throws {
        let shape = try #require(generatedShape(named: name))
        let documents = DocumentFixture.shared.documents(for: name)
        #expect(!documents.isEmpty, "no documents for \(name) in the fixture")
        let tally = Tally()
        let start = ContinuousClock.now
        shape.run(documents: documents, tally: tally)
        let elapsed = ContinuousClock.now - start
        // Every mismatch, for reading past the first 40: GENERATED_CODING_MISMATCHES=<directory>.
        if let directory = ProcessInfo.processInfo.environment["GENERATED_CODING_MISMATCHES"], !tally.mismatches.isEmpty {
            let file = URL(fileURLWithPath: directory).appendingPathComponent(name.filter { $0.isLetter || $0.isNumber } + ".txt")
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try? tally.mismatches.joined(separator: "\n\n").write(to: file, atomically: true, encoding: .utf8)
        }
        for message in tally.mismatches.prefix(40) {
            Issue.record(Comment(rawValue: "MISMATCH \(message)"))
        }
        if tally.mismatches.count > 40 {
            Issue.record(Comment(rawValue: "\(name): \(tally.mismatches.count - 40) more mismatches not shown"))
        }
        let line = totals.withLock { totals in
            totals.types += 1
            totals.decode += tally.decodeCases
            totals.encode += tally.encodeCases
            totals.roundTrip += tally.roundTrips
            totals.mismatches += tally.mismatches.count
            return "GeneratedCodingTests: \(name): \(documents.count) documents, \(tally.decodeCases) decode cases, "
                + "\(tally.encodeCases) encode cases, \(tally.roundTrips) round trips, "
                + "\(tally.mismatches.count) mismatches, \(elapsed) (running totals: \(totals.types) types, "
                + "\(totals.decode) decode, \(totals.encode) encode, \(totals.roundTrip) round trips, "
                + "\(totals.mismatches) mismatches)"
        }
        print(line)
    }

    /// The shapes carry the macro's conformances (unless generated with `--no-macro`), so that the
    /// comparisons above compare two paths.
    @Test(arguments: generatedShapeNames)
    func shapesHaveGeneratedConformances(_ name: String) throws {
        let shape = try #require(generatedShape(named: name))
        let conformances = shape.hasGeneratedConformances
        #expect(conformances.decodable == shapesAreAnnotated, "\(shape.typeName): TapeJSONDecodable")
        #expect(conformances.encodable == shapesAreAnnotated, "\(shape.typeName): TapeJSONEncodable")
    }
}
