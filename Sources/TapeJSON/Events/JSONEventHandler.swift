/// A push-style consumer of a document's events (see `JSONDocument.walk(_:)`).
public protocol JSONEventHandler {
    /// Receives one event; the event (and its strings) is valid only during this call.
    mutating func handle(_ event: JSONEvent) throws -> JSONWalkDecision
}
