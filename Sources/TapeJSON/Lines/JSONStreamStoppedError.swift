import Foundation

/// Reading stopped before the end of the input, because the reader could no longer tell where the next
/// item starts: the rest of the input was not read as items.
///
/// A bad item whose end is known (a misspelled literal, a bad escape, invalid UTF-8 inside an item whose
/// quotes and brackets still pair up) is only a bad item: it goes through the error policy and reading
/// goes on after it. But when the structure itself is broken (a quote replaced by an apostrophe, a
/// bracket or comma missing, a document cut short, an envelope that is not valid JSON), the bytes after
/// the fault cannot be split into items reliably, and guessing would drop records quietly. Under `.skip`
/// and `.report` the reader then delivers every item before the fault and throws this error, whatever
/// the policy: it is never an item counted as invalid, and `summary` says what was accounted for
/// (`summary.documents + summary.invalid == summary.lines`, plus `unreadBytes` not read as items). Under
/// `.fail` the first fault is thrown as a `JSONLineError`, as any bad item is.
///
/// `JSONItemStream` throws it; `JSONLines` never needs to, since every line ends at its newline whatever
/// it holds. The command line reports it as `PATH:LINE:COLUMN: reading stopped: …` and exits with 1.
public struct JSONStreamStoppedError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The first byte not accounted for: the start of the item whose end could not be found, or the
    /// envelope's fault when it lies between items.
    public var offset: Int
    /// 1-based line of `offset`.
    public var line: Int
    /// 1-based column of `offset`, in Unicode scalars.
    public var column: Int
    /// Bytes of the input from `offset` to its end (of a shard's range, for a shard), none of them read
    /// as items.
    public var unreadBytes: Int
    /// The index of the item at `offset`, when the fault is inside an item.
    public var itemIndex: Int?
    /// What is wrong, located where simdjson or the envelope walker found it (at or after `offset`).
    public var reason: JSONError
    /// What the pass accounted for before it stopped; `summary.unreadBytes == unreadBytes`.
    public var summary: JSONLinesSummary

    /// An error with every parameter setting the property of the same name.
    public init(offset: Int, line: Int, column: Int, unreadBytes: Int, itemIndex: Int?, reason: JSONError,
                summary: JSONLinesSummary) {
        self.offset = offset
        self.line = line
        self.column = column
        self.unreadBytes = unreadBytes
        self.itemIndex = itemIndex
        self.reason = reason
        self.summary = summary
    }

    /// A one-line message without the stop's own position: what stopped reading, where that fault is,
    /// and how much was left unread.
    public var message: String {
        let item = itemIndex.map { " in item \($0)" } ?? ""
        let bytes = unreadBytes == 1 ? "1 byte" : "\(unreadBytes) bytes"
        var fault = "\(reason.message) at line \(reason.line), column \(reason.column)"
        if !reason.excerpt.isEmpty { fault += " near '\(reason.excerpt)'" }
        return "reading stopped\(item): \(fault); where the next item starts cannot be known after it, "
            + "so the last \(bytes) were not read"
    }

    /// The message, after the line, column and byte offset where reading stopped.
    public var description: String { "line \(line), column \(column) (byte \(offset)): \(message)" }

    /// The same as `description`.
    public var errorDescription: String? { description }
}

/// Where a pass over items stopped (`JSONStreamStoppedError` without the counts, which the pass adds).
struct StreamStop {
    var offset: Int
    var line: Int
    var column: Int
    var itemIndex: Int?
    var reason: JSONError
}

extension StreamStop {
    /// A stop at the fault itself (envelope punctuation, between items).
    init(at reason: JSONError, itemIndex: Int? = nil) {
        self.init(offset: reason.offset, line: reason.line, column: reason.column, itemIndex: itemIndex, reason: reason)
    }

    /// The error to throw, with the pass's counts; `inputEnd` is where the input (or shard) ends.
    func error(summary: JSONLinesSummary, inputEnd: Int) -> JSONStreamStoppedError {
        var summary = summary
        summary.unreadBytes = max(0, inputEnd - offset)
        return JSONStreamStoppedError(offset: offset, line: line, column: column, unreadBytes: summary.unreadBytes,
                                      itemIndex: itemIndex, reason: reason, summary: summary)
    }

    /// Under `.fail`: the fault as the bad item it is reported as.
    var lineError: JSONLineError { JSONLineError(reason, elementIndex: itemIndex) }
}
