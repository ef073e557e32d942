/// Why a JSON Patch (RFC 6902) or a JSON Merge Patch (RFC 7396) could not be made or applied.
///
/// A patch that fails leaves nothing behind: the apply functions return the patched bytes only when
/// every operation succeeded. The error names the operation (its 0-based index in the patch array and
/// its `op`), the member of that operation at fault (for a malformed operation) and the JSON Pointer
/// that could not be followed.
public struct JSONPatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The patch text is not valid JSON (`underlying` says where).
        case invalidPatchJSON
        /// The document is not valid JSON (`underlying` says where).
        case invalidDocumentJSON
        /// The patch is JSON but not a patch: not an array of objects, a missing or repeated member, an
        /// `op` that is not one of the six, a `path` or `from` that is not a JSON Pointer (`member`
        /// names the member at fault).
        case malformedOperation
        /// A `test` found a value that is not equal to the one given.
        case testFailed
        /// A pointer (or its parent, for `add`) names nothing in the document: a missing member, or a
        /// step into a string, number, Boolean or null.
        case pathNotFound
        /// An array index beyond the array (for `add`, beyond one past its end).
        case indexOutOfRange
        /// A reference token on an array that is not an index: not `0` or digits without a leading
        /// zero (`01`, `1e0`, `-1`), or `-` where only an existing element will do.
        case invalidArrayIndex
        /// A `move` whose `path` is inside its `from`.
        case moveIntoOwnChild
        /// A `remove` of the whole document (`""`), which would leave no JSON.
        case removeRoot
    }

    /// What went wrong.
    public var kind: Kind
    /// The 0-based index of the operation in the patch; nil for errors about the whole patch or
    /// document, and for merge patches.
    public var operation: Int?
    /// The operation's `op` ("add", "remove"...), when it had one.
    public var operationName: String?
    /// The member of the operation at fault (`op`, `path`, `from` or `value`), for a malformed operation.
    public var member: String?
    /// The JSON Pointer that failed, as written in the patch.
    public var pointer: String?
    /// A sentence on the failure.
    public var reason: String
    /// The parse error behind `invalidPatchJSON` and `invalidDocumentJSON`.
    public var underlying: JSONError?

    /// Creates an error.
    public init(kind: Kind, operation: Int? = nil, operationName: String? = nil, member: String? = nil,
                pointer: String? = nil, reason: String, underlying: JSONError? = nil) {
        self.kind = kind
        self.operation = operation
        self.operationName = operationName
        self.member = member
        self.pointer = pointer
        self.reason = reason
        self.underlying = underlying
    }

    /// `operation 1 (replace) at '/a/b': no member 'b'`, `operation 0, member 'path': ...`, or the
    /// reason alone for errors about the whole patch or document.
    public var description: String {
        var where_: [String] = []
        if let operation {
            where_.append("operation \(operation)" + (operationName.map { " (\($0))" } ?? ""))
        }
        if let member { where_.append("member '\(member)'") }
        var text = where_.joined(separator: ", ")
        if let pointer { text += (text.isEmpty ? "" : " ") + "at '\(pointer)'" }
        return text.isEmpty ? reason : text + ": " + reason
    }
}
