import Foundation
import TapeJSON

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The one function a target fuzzes: called with each input libFuzzer makes.
nonisolated(unsafe) private var currentBody: ((UnsafeRawBufferPointer) -> Void)?

/// Runs libFuzzer's driver with the process's arguments (`-max_total_time=60 CORPUS_DIR`, ...) on
/// `body`. A crash, an out-of-bounds access (AddressSanitizer), a hang or a failed `check` is a finding:
/// libFuzzer saves the input as `crash-…`, `timeout-…` or `oom-…`.
public func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ body: @escaping (UnsafeRawBufferPointer) -> Void) -> CInt {
    currentBody = body
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        currentBody!(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
}

/// An invariant of TapeJSON's: when it does not hold, the input is a finding (the process stops).
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                  file: StaticString = #file, line: UInt = #line) {
    if !condition() {
        FileHandle.standardError.write(Data("invariant failed at \(file):\(line): \(message())\n".utf8))
        abort()
    }
}

/// Small numbers taken from the front of an input, to choose options (split sizes, chunk sizes) that
/// libFuzzer mutates along with the bytes.
public struct Knobs {
    public private(set) var rest: UnsafeRawBufferPointer
    public init(_ input: UnsafeRawBufferPointer) { rest = input }

    /// The next byte of the input (0 when none is left), consumed.
    public mutating func byte() -> Int {
        guard let first = rest.first else { return 0 }
        rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst())
        return Int(first)
    }
}

/// Parsers by depth limit, made once (a fuzz target runs on one thread).
nonisolated(unsafe) private var parsers: [Int: JSONParser] = [:]

/// `bytes` parsed whole with a parser of `maxDepth`.
public func parseWhole(_ bytes: [UInt8], maxDepth: Int) throws(JSONError) -> JSONDocument {
    let parser: JSONParser
    if let made = parsers[maxDepth] {
        parser = made
    } else {
        parser = JSONParser(maxDepth: maxDepth)
        parsers[maxDepth] = parser
    }
    return try parser.parse(bytes)
}

/// Runs `body` to completion on a task and waits for it (the asynchronous readers, from a fuzz target).
public func waitFor<T>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return box.result!
}

/// The result a task leaves for the thread waiting on it (written before the semaphore is signalled).
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
