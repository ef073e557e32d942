/// The workspaces of one `TapeJSONDecoder` that no call is using, kept for its next calls (on any
/// thread) under the decoder's lock.
///
/// A call takes one (or makes one from the current settings) and gives it back when it returns, if
/// nothing from the call still holds it. At most `capacity` wait, about one per thread decoding at
/// once. Changing a setting moves the generation on and drops them all; a workspace of an older
/// generation that comes back from a call is dropped too, as is one whose key conversions met
/// thousands of distinct keys (objects whose keys are data): memory stays bounded however long the
/// decoder lives.
struct IdleWorkspaces: ~Copyable {
    /// An idle workspace; only the call that takes it uses it.
    private struct Idle: @unchecked Sendable {
        let workspace: DecodingWorkspace
    }

    /// At most this many workspaces wait.
    static let capacity = 8

    /// How many times the settings have changed; a workspace made under an older one is not kept.
    private(set) var generation: UInt64 = 0
    private var idle: [Idle] = []

    /// An idle workspace, or nil when there is none.
    mutating func take() -> DecodingWorkspace? {
        idle.popLast()?.workspace
    }

    /// Keeps `workspace`, made under `generation`, for a later call (dropped when it is out of date,
    /// when `capacity` already wait, or when its key conversions have grown past what is worth keeping).
    mutating func give(_ workspace: DecodingWorkspace, madeUnder generation: UInt64) {
        guard generation == self.generation, idle.count < Self.capacity, workspace.isWorthKeeping else { return }
        idle.append(Idle(workspace: workspace))
    }

    /// Drops every idle workspace: the settings they were made from have changed.
    mutating func retire() {
        generation &+= 1
        idle.removeAll()
    }

    /// How many workspaces wait (for tests).
    var count: Int { idle.count }
}
