import TapeJSON
import Testing

// The parsing half of JSONTestSuite (nst/JSONTestSuite, MIT): `y_` files must be accepted, `n_` files
// rejected, `i_` files may go either way but must be answered.

// MARK: - Accepted

@Suite("JSONTestSuite y_ files")
struct AcceptedFileTests {
    @Test("the suite is bundled in full")
    func bundled() {
        #expect(TestSuiteFiles.names("y_").count == 95)
        #expect(TestSuiteFiles.names("n_").count == 188)
        #expect(TestSuiteFiles.names("i_").count == 35)
    }

    @Test("parses", arguments: TestSuiteFiles.names("y_"))
    func parses(_ name: String) throws {
        let input = try TestSuiteFiles.bytes(name)
        if let error = parseError(input) {
            Issue.record("rejected: \(error)")
        }
    }
}

// MARK: - Rejected

@Suite("JSONTestSuite n_ files")
struct RejectedFileTests {
    @Test("throws a JSONError with a position", arguments: TestSuiteFiles.names("n_"))
    func rejects(_ name: String) throws {
        let input = try TestSuiteFiles.bytes(name)
        guard let error = parseError(input) else {
            Issue.record("accepted")
            return
        }
        expectPlausible(error, in: input)
    }
}

// MARK: - Implementation-defined

@Suite("JSONTestSuite i_ files")
struct ImplementationDefinedFileTests {
    @Test("answers: a document or a positioned JSONError", arguments: TestSuiteFiles.names("i_"))
    func answers(_ name: String) throws {
        let input = try TestSuiteFiles.bytes(name)
        do {
            let document = try JSONParser.shared.parse(input)
            // Accepted documents must be readable to the end.
            var reader = document.events
            var events = 0
            while reader.next() != nil { events += 1 }
            #expect(events >= 1)
        } catch {
            expectPlausible(error, in: input)
        }
    }
}
