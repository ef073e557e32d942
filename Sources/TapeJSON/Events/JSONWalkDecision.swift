/// What a `JSONEventHandler` wants after an event.
public enum JSONWalkDecision: Sendable, Equatable {
    /// Go on with the next event.
    case `continue`
    /// After `.startObject` or `.startArray`: skip everything up to and including the matching end
    /// event, in O(1). After any other event, the same as `.continue`.
    case skipChildren
    /// Stop the walk.
    case stop
}
