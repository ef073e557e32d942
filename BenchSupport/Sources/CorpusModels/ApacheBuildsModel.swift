/// Models `Corpus/apache_builds.json`: the top-level `api/json` answer of the Apache Software
/// Foundation's Jenkins server, listing its 875 jobs and its views.
///
/// `assignedLabels` holds empty objects and the two load statistics are empty objects in this
/// document; they are modelled as such (a label's `name` is optional, the loads have no fields).
///
/// `ApacheBuilds` is the whole document.
public struct ApacheBuilds: Codable, Equatable, Sendable {
    public var assignedLabels: [JenkinsLabel]
    public var mode: String
    public var nodeDescription: String
    public var nodeName: String
    public var numExecutors: Int
    public var description: String
    public var jobs: [JenkinsJob]
    public var overallLoad: JenkinsLoad
    public var primaryView: JenkinsView
    public var quietingDown: Bool
    public var slaveAgentPort: Int
    public var unlabeledLoad: JenkinsLoad
    public var useCrumbs: Bool
    public var useSecurity: Bool
    public var views: [JenkinsView]
}

/// A label assigned to the node (empty objects here).
public struct JenkinsLabel: Codable, Equatable, Sendable {
    public var name: String?
}

/// Load statistics; Jenkins sends `{}` when they are not requested.
public struct JenkinsLoad: Codable, Equatable, Sendable {}

/// A build job and the colour of its last build (`blue`, `red`, `disabled`, `blue_anime`…).
public struct JenkinsJob: Codable, Equatable, Sendable {
    public var name: String
    public var url: String
    public var color: String
}

/// A view (a tab of jobs).
public struct JenkinsView: Codable, Equatable, Sendable {
    public var name: String
    public var url: String
}
