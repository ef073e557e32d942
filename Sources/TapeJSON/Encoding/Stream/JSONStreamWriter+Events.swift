extension JSONStreamWriter {
    /// Writes one event of the event reader (`JSONDocument.events`) or of `JSONStreamParser`: the mirror
    /// of reading, so that a handler can copy a document of any size as it arrives (`tapejson fmt
    /// --stream`). Strings are escaped again from their values, numbers written from their values (the
    /// shortest digits that read back the same `Double`), a number beyond `Int64`/`UInt64`/`Double`
    /// (`JSONEvent.bigNumber`) copied as its text.
    ///
    /// ```swift
    /// struct Copy: JSONEventHandler {
    ///     let writer: JSONStreamWriter
    ///     func handle(_ event: JSONEvent) throws -> JSONWalkDecision {
    ///         try writer.write(event)
    ///         return .continue
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``JSONStreamWriterError`` when the event does not fit where the writer stands (a key
    ///   outside an object, an end without its start), ``JSONOutputError`` when the output refuses a write.
    public func write(_ event: borrowing JSONEvent) throws {
        try write(event, doublesAsDescription: false)
    }

    /// `write(_:)`, writing a Double as Swift's `description` writes it (`1.0`) when
    /// `doublesAsDescription` (the text of a `JSONValue`), else as the encoder does (`1`).
    func write(_ event: borrowing JSONEvent, doublesAsDescription: Bool) throws {
        switch event {
        case .startObject: try beginObject()
        case .endObject: try endObject()
        case .startArray: try beginArray()
        case .endArray: try endArray()
        case .key(let name): try name.utf8.withUnsafeBufferPointer { try key(utf8: $0) }
        case .string(let text): try text.utf8.withUnsafeBufferPointer { try value(utf8: $0) }
        case .int(let number): try value(number)
        case .uint(let number): try value(number)
        case .double(let number):
            if doublesAsDescription { try writeNumberText(number) } else { try value(number) }
        case .bool(let flag): try value(flag)
        case .null: try null()
        case .bigNumber(let text): try text.utf8.withUnsafeBufferPointer { try writeLiteral($0) }
        }
    }
}
