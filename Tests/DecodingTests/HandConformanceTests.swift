import Foundation
@_spi(GeneratedPathTesting) import TapeJSON
import Testing

// A type conforming to TapeJSONDecodable / TapeJSONEncodable by hand (as the protocols' documentation
// shows): the generated path is taken, and gives the values, bytes and errors of the Codable path.

private struct Point: Codable, Equatable, TapeJSONDecodable, TapeJSONEncodable {
    var x: Double
    var y: Double
    var label: String?
    var tags: [String] = []
    var when: Date?

    init(x: Double, y: Double, label: String? = nil, tags: [String] = [], when: Date? = nil) {
        self.x = x
        self.y = y
        self.label = label
        self.tags = tags
        self.when = when
    }

    init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        let object = try decoder.objectDecoder()
        x = try object.decode(Double.self, forKey: CodingKeys.x, named: "x")
        y = try object.decode(Double.self, forKey: CodingKeys.y, named: "y")
        label = try object.decode(String?.self, forKey: CodingKeys.label, named: "label")
        tags = try object.decode([String].self, forKey: CodingKeys.tags, named: "tags")
        when = try object.decode(Date?.self, forKey: CodingKeys.when, named: "when")
        Point.generatedCalls += 1
    }

    func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var object = encoder.beginObject()
        try object.encode(x, forKey: CodingKeys.x, named: "x")
        try object.encode(y, forKey: CodingKeys.y, named: "y")
        try object.encode(label, forKey: CodingKeys.label, named: "label")
        try object.encode(tags, forKey: CodingKeys.tags, named: "tags")
        try object.encode(when, forKey: CodingKeys.when, named: "when")
        object.end()
        Point.generatedCalls += 1
    }

    nonisolated(unsafe) static var generatedCalls = 0
}

private struct Plain: Codable, Equatable {
    var points: [Point]
    var byName: [String: Point]
}

@Suite(.serialized) struct HandConformanceTests {
    @Test func decodesThroughTheGeneratedPath() throws {
        Point.generatedCalls = 0
        let json = Data(#"{"x":1,"y":2.5,"label":"a/b","tags":["t"],"when":12.5}"#.utf8)
        let value = try TapeJSONDecoder().decode(Point.self, from: json)
        #expect(value == Point(x: 1, y: 2.5, label: "a/b", tags: ["t"], when: Date(timeIntervalSinceReferenceDate: 12.5)))
        #expect(Point.generatedCalls == 1)
        #expect(value == (try JSONDecoder().decode(Point.self, from: json)))
    }

    @Test func nestedInPlainCodableTypes() throws {
        Point.generatedCalls = 0
        let json = Data(#"{"points":[{"x":1,"y":2,"tags":[]},{"x":3,"y":4,"tags":[]}],"byName":{"p":{"x":5,"y":6,"tags":["z"]}}}"#.utf8)
        let value = try TapeJSONDecoder().decode(Plain.self, from: json)
        #expect(value == (try JSONDecoder().decode(Plain.self, from: json)))
        #expect(Point.generatedCalls == 3)
    }

    @Test func errorsAreTheCodablePaths() throws {
        for text in [#"{"x":1}"#, #"{"x":"1","y":2,"tags":[]}"#, #"[1]"#, #"{"x":1,"y":2,"tags":[1]}"#, #"{"x":1,"y":2,"tags":[],"when":"x"}"#] {
            let json = Data(text.utf8)
            var ours: (any Error)?
            var theirs: (any Error)?
            do { _ = try TapeJSONDecoder().decode(Point.self, from: json) } catch { ours = error }
            do { _ = try JSONDecoder().decode(Point.self, from: json) } catch { theirs = error }
            let a = try #require(ours as? DecodingError)
            let b = try #require(theirs as? DecodingError)
            #expect(describe(a) == describe(b), "\(text)")
        }
    }

    @Test func encodesTheSameBytes() throws {
        Point.generatedCalls = 0
        let value = Point(x: 1.5, y: -0.0, label: nil, tags: ["a", "é/"], when: Date(timeIntervalSinceReferenceDate: 3))
        let ours = try TapeJSONEncoder().encode(value)
        #expect(Point.generatedCalls == 1)
        let codable = TapeJSONEncoder()
        codable.takesGeneratedPaths = false
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: try codable.encode(value), as: UTF8.self))
        #expect(Point.generatedCalls == 1)
        let encoder = TapeJSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        codable.dateEncodingStrategy = .iso8601
        #expect(try encoder.encode(value) == codable.encode(value))
    }

    @Test func encodeErrorsAreTheCodablePaths() throws {
        let value = Point(x: .nan, y: 1)
        var ours: (any Error)?
        var theirs: (any Error)?
        do { _ = try TapeJSONEncoder().encode(value) } catch { ours = error }
        do { _ = try JSONEncoder().encode(value) } catch { theirs = error }
        guard case .invalidValue(_, let a)? = ours as? EncodingError, case .invalidValue(_, let b)? = theirs as? EncodingError else {
            Issue.record("expected invalidValue errors, got \(String(describing: ours)) and \(String(describing: theirs))")
            return
        }
        #expect(a.codingPath.map(\.stringValue) == b.codingPath.map(\.stringValue))
    }

    private func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context): return "typeMismatch \(type) \(context.codingPath.map(\.stringValue))"
        case .valueNotFound(let type, let context): return "valueNotFound \(type) \(context.codingPath.map(\.stringValue))"
        case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) \(context.codingPath.map(\.stringValue))"
        case .dataCorrupted(let context): return "dataCorrupted \(context.codingPath.map(\.stringValue))"
        @unknown default: return "\(error)"
        }
    }
}
