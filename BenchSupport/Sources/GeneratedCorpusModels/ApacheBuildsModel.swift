// Generated from CorpusModels/ApacheBuildsModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
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

    private enum CodingKeys: String, CodingKey {
        case assignedLabels, mode, nodeDescription, nodeName, numExecutors, description, jobs, overallLoad, primaryView, quietingDown, slaveAgentPort, unlabeledLoad, useCrumbs, useSecurity, views
    }
}

/// A label assigned to the node (empty objects here).
public struct JenkinsLabel: Codable, Equatable, Sendable {
    public var name: String?

    private enum CodingKeys: String, CodingKey {
        case name
    }
}

/// Load statistics; Jenkins sends `{}` when they are not requested.
public struct JenkinsLoad: Codable, Equatable, Sendable {

    private enum CodingKeys: CodingKey {
    }
}

/// A build job and the colour of its last build (`blue`, `red`, `disabled`, `blue_anime`…).
public struct JenkinsJob: Codable, Equatable, Sendable {
    public var name: String
    public var url: String
    public var color: String

    private enum CodingKeys: String, CodingKey {
        case name, url, color
    }
}

/// A view (a tab of jobs).
public struct JenkinsView: Codable, Equatable, Sendable {
    public var name: String
    public var url: String

    private enum CodingKeys: String, CodingKey {
        case name, url
    }
}

extension ApacheBuilds: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.assignedLabels = try container.decode(memberType(\.assignedLabels), forKey: CodingKeys.assignedLabels, named: "assignedLabels")
        self.mode = try container.decode(memberType(\.mode), forKey: CodingKeys.mode, named: "mode")
        self.nodeDescription = try container.decode(memberType(\.nodeDescription), forKey: CodingKeys.nodeDescription, named: "nodeDescription")
        self.nodeName = try container.decode(memberType(\.nodeName), forKey: CodingKeys.nodeName, named: "nodeName")
        self.numExecutors = try container.decode(memberType(\.numExecutors), forKey: CodingKeys.numExecutors, named: "numExecutors")
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
        self.jobs = try container.decode(memberType(\.jobs), forKey: CodingKeys.jobs, named: "jobs")
        self.overallLoad = try container.decode(memberType(\.overallLoad), forKey: CodingKeys.overallLoad, named: "overallLoad")
        self.primaryView = try container.decode(memberType(\.primaryView), forKey: CodingKeys.primaryView, named: "primaryView")
        self.quietingDown = try container.decode(memberType(\.quietingDown), forKey: CodingKeys.quietingDown, named: "quietingDown")
        self.slaveAgentPort = try container.decode(memberType(\.slaveAgentPort), forKey: CodingKeys.slaveAgentPort, named: "slaveAgentPort")
        self.unlabeledLoad = try container.decode(memberType(\.unlabeledLoad), forKey: CodingKeys.unlabeledLoad, named: "unlabeledLoad")
        self.useCrumbs = try container.decode(memberType(\.useCrumbs), forKey: CodingKeys.useCrumbs, named: "useCrumbs")
        self.useSecurity = try container.decode(memberType(\.useSecurity), forKey: CodingKeys.useSecurity, named: "useSecurity")
        self.views = try container.decode(memberType(\.views), forKey: CodingKeys.views, named: "views")
    }
}

extension ApacheBuilds: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.assignedLabels, forKey: CodingKeys.assignedLabels, named: "assignedLabels")
        try container.encode(self.mode, forKey: CodingKeys.mode, named: "mode")
        try container.encode(self.nodeDescription, forKey: CodingKeys.nodeDescription, named: "nodeDescription")
        try container.encode(self.nodeName, forKey: CodingKeys.nodeName, named: "nodeName")
        try container.encode(self.numExecutors, forKey: CodingKeys.numExecutors, named: "numExecutors")
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        try container.encode(self.jobs, forKey: CodingKeys.jobs, named: "jobs")
        try container.encode(self.overallLoad, forKey: CodingKeys.overallLoad, named: "overallLoad")
        try container.encode(self.primaryView, forKey: CodingKeys.primaryView, named: "primaryView")
        try container.encode(self.quietingDown, forKey: CodingKeys.quietingDown, named: "quietingDown")
        try container.encode(self.slaveAgentPort, forKey: CodingKeys.slaveAgentPort, named: "slaveAgentPort")
        try container.encode(self.unlabeledLoad, forKey: CodingKeys.unlabeledLoad, named: "unlabeledLoad")
        try container.encode(self.useCrumbs, forKey: CodingKeys.useCrumbs, named: "useCrumbs")
        try container.encode(self.useSecurity, forKey: CodingKeys.useSecurity, named: "useSecurity")
        try container.encode(self.views, forKey: CodingKeys.views, named: "views")
        container.end()
    }
}

extension JenkinsLabel: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
    }
}

extension JenkinsLabel: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        container.end()
    }
}

extension JenkinsLoad: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        // No keys: synthesized Codable reads no container.
    }
}

extension JenkinsLoad: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        container.end()
    }
}

extension JenkinsJob: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.color = try container.decode(memberType(\.color), forKey: CodingKeys.color, named: "color")
    }
}

extension JenkinsJob: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.color, forKey: CodingKeys.color, named: "color")
        container.end()
    }
}

extension JenkinsView: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
    }
}

extension JenkinsView: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        container.end()
    }
}
