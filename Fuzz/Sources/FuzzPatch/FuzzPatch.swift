import FuzzSupport
import TapeJSON

/// The compact text of `bytes` when they parse, else nil.
func compactText(_ bytes: [UInt8]) -> String? {
    (try? parseWhole(bytes, maxDepth: 1024))?.root.jsonText
}

/// Whether some object in `value` repeats a key (a patch edits the first member of a repeated name, so
/// applying a merge patch twice may differ there).
func repeatsKeys(_ value: JSONValue) -> Bool {
    switch value.kind {
    case .object:
        var seen = Set<String>()
        for member in value.members {
            if !seen.insert(member.key).inserted || repeatsKeys(member.value) { return true }
        }
        return false
    case .array:
        return value.elements.contains { repeatsKeys($0) }
    default:
        return false
    }
}

/// Whether `bytes` are a JSON Patch array whose operations are all `test`.
func onlyTests(_ bytes: [UInt8]) -> Bool {
    guard let patch = try? parseWhole(bytes, maxDepth: 1024), patch.root.kind == .array else { return false }
    return patch.root.elements.allSatisfy { $0.kind == .object && $0["op"]?.string == "test" }
}

/// Both entry points' outcomes agree: the same error kind, or texts that parse to the same value.
func sameOutcome(_ spliced: Result<[UInt8], JSONPatchError>, _ compactFirst: Result<[UInt8], JSONPatchError>, _ what: String) {
    switch (spliced, compactFirst) {
    case (.success(let a), .success(let b)):
        check(compactText(a) == compactText(b), "\(what): the text and document entry points give different values")
    case (.failure(let a), .failure(let b)):
        check(a.kind == b.kind, "\(what): errors \(a.kind) and \(b.kind)")
    default:
        check(false, "\(what): one entry point failed, the other did not: \(spliced) vs \(compactFirst)")
    }
}

// RFC 6902 and RFC 7396 patches from any bytes (a knob picks the kind, another where the patch ends and
// the document starts): no crash or hang; errors are typed and say the right side (a document that does
// not parse is `.invalidDocumentJSON`, one that parses never is); a patched document parses; a patch of
// `test`s alone leaves every byte; splicing the text and patching the parsed document agree; a merge
// patch applied twice changes nothing the second time (RFC 7396 patches are idempotent) where no key
// repeats.
@_cdecl("FuzzPatch_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { input in
        var knobs = Knobs(input)
        let merge = knobs.byte() % 2 == 1
        let fraction = knobs.byte()
        let rest = Array(knobs.rest)
        let split = rest.count * fraction / 256
        let patchBytes = Array(rest[..<split])
        let documentBytes = Array(rest[split...])
        let document = try? parseWhole(documentBytes, maxDepth: 1024)

        func checkApplied(_ result: Result<[UInt8], JSONPatchError>, _ what: String) {
            switch result {
            case .success(let output):
                check(document != nil, "\(what): applied to a document that does not parse")
                check(compactText(output) != nil, "\(what): the patched document does not parse")
            case .failure(let error):
                check((error.kind == .invalidDocumentJSON) == (document == nil),
                      "\(what): \(error.kind) for a document that \(document == nil ? "does not parse" : "parses")")
            }
        }

        if merge {
            guard let patch = try? JSONMergePatch(bytes: patchBytes) else { return }
            let once = Result { () throws(JSONPatchError) in try patch.apply(toBytes: documentBytes) }
            checkApplied(once, "merge patch")
            if let document {
                sameOutcome(once, .success(patch.apply(to: document)), "merge patch")
            }
            if case .success(let output) = once, let document, !repeatsKeys(document.root),
               let patchDocument = try? parseWhole(patchBytes, maxDepth: 1024), !repeatsKeys(patchDocument.root) {
                let twice = Result { () throws(JSONPatchError) in try patch.apply(toBytes: output) }
                if case .success(let again) = twice {
                    check(compactText(again) == compactText(output), "a merge patch applied twice changed the document again")
                } else {
                    check(false, "a merge patch failed on its own output: \(twice)")
                }
            }
        } else {
            let patch: JSONPatch
            do throws(JSONPatchError) {
                patch = try JSONPatch(bytes: patchBytes)
            } catch {
                if error.kind == .invalidPatchJSON {
                    check(compactText(patchBytes) == nil, "a patch that parses reported as not JSON")
                } else {
                    check(error.kind == .malformedOperation, "making a patch threw \(error.kind)")
                }
                return
            }
            let result = Result { () throws(JSONPatchError) in try patch.apply(toBytes: documentBytes) }
            checkApplied(result, "JSON Patch")
            if let document {
                sameOutcome(result, Result { () throws(JSONPatchError) in try patch.apply(to: document) }, "JSON Patch")
            }
            if case .success(let output) = result, onlyTests(patchBytes) {
                check(output == documentBytes, "a patch of tests alone changed the document's bytes")
            }
        }
    }
}
