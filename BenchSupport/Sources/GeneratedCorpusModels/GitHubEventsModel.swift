// Generated from CorpusModels/GitHubEventsModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
/// Models `Corpus/github_events.json`: 30 events from GitHub's public event timeline (`/events`, API
/// v3 as of 2013): pushes, stars, forks, issue and wiki activity.
///
/// The document's root is an array of `GitHubEvent`s (`GitHubEvents`). An event's `payload` depends
/// on its `type`; `GitHubPayload` is the union of the payloads that occur, every field optional. Ids
/// are below 2^31 except event ids, which are strings. Fields that are null somewhere (`homepage`,
/// `mirror_url`, `closed_at`, `assignee`, `summary`, `ref`…) are optional; `milestone` and the pull
/// request links are null throughout and typed after the API's documentation.
public typealias GitHubEvents = [GitHubEvent]

/// One event.
public struct GitHubEvent: Codable, Equatable, Sendable {
    /// `PushEvent`, `WatchEvent`, `CreateEvent`, `ForkEvent`, `IssueCommentEvent`, `GollumEvent`,
    /// `IssuesEvent`…
    public var type: String
    public var createdAt: String
    public var actor: GitHubActor
    public var repo: GitHubRepo
    public var `public`: Bool
    public var payload: GitHubPayload
    public var id: String
    /// The organisation owning the repository, when there is one.
    public var org: GitHubActor?

    enum CodingKeys: String, CodingKey {
        case type
        case createdAt = "created_at"
        case actor
        case repo
        case `public`
        case payload
        case id
        case org
    }
}

/// The short user (or organisation) record in `actor` and `org`.
public struct GitHubActor: Codable, Equatable, Sendable {
    public var gravatarId: String
    public var login: String
    public var avatarUrl: String
    public var url: String
    public var id: Int

    enum CodingKeys: String, CodingKey {
        case gravatarId = "gravatar_id"
        case login
        case avatarUrl = "avatar_url"
        case url
        case id
    }
}

/// The short repository record in `repo`.
public struct GitHubRepo: Codable, Equatable, Sendable {
    public var url: String
    public var id: Int
    public var name: String

    private enum CodingKeys: String, CodingKey {
        case url, id, name
    }
}

/// What happened: the union of the payloads of the event types in the document, every field optional.
/// The three large records (`comment`, `forkee`, `issue`) are `Boxed`: inline they would make every
/// event several kilobytes, copied by each synthesized `init(from:)` on the way up.
public struct GitHubPayload: Codable, Equatable, Sendable {
    /// `started`, `opened`, `created`… (watch, issue and comment events).
    public var action: String?
    /// Push: the head before the push.
    public var before: String?
    /// Issue comment events.
    public var comment: Indirect<GitHubComment>?
    /// Push: the commits pushed.
    public var commits: [GitHubCommit]?
    /// Create: the repository description.
    public var description: String?
    /// Push: how many of the commits are new to the repository.
    public var distinctSize: Int?
    /// Fork: the new repository.
    public var forkee: Indirect<GitHubRepository>?
    /// Push: the head after the push.
    public var head: String?
    /// Issue and issue comment events.
    public var issue: Indirect<GitHubIssue>?
    /// Create: the default branch.
    public var masterBranch: String?
    /// Gollum (wiki) events.
    public var pages: [GitHubPage]?
    /// Push: the push id.
    public var pushId: Int?
    /// Push and create: the ref (null when a repository is created).
    public var ref: String?
    /// Create: `repository`, `branch` or `tag`.
    public var refType: String?
    /// Push: the number of commits.
    public var size: Int?

    enum CodingKeys: String, CodingKey {
        case action
        case before
        case comment
        case commits
        case description
        case distinctSize = "distinct_size"
        case forkee
        case head
        case issue
        case masterBranch = "master_branch"
        case pages
        case pushId = "push_id"
        case ref
        case refType = "ref_type"
        case size
    }
}

/// A pushed commit.
public struct GitHubCommit: Codable, Equatable, Sendable {
    public var sha: String
    public var author: GitHubCommitAuthor
    public var message: String
    public var distinct: Bool
    public var url: String

    private enum CodingKeys: String, CodingKey {
        case sha, author, message, distinct, url
    }
}

/// A commit author.
public struct GitHubCommitAuthor: Codable, Equatable, Sendable {
    public var email: String
    public var name: String

    private enum CodingKeys: String, CodingKey {
        case email, name
    }
}

/// A full repository record, as in a fork event's `forkee`.
public struct GitHubRepository: Codable, Equatable, Sendable {
    public var description: String?
    public var fork: Bool
    public var url: String
    public var language: String?
    public var stargazersUrl: String
    public var cloneUrl: String
    public var tagsUrl: String
    public var fullName: String
    public var mergesUrl: String
    public var forks: Int
    public var `private`: Bool
    public var gitRefsUrl: String
    public var archiveUrl: String
    public var collaboratorsUrl: String
    public var owner: GitHubUser
    public var languagesUrl: String
    public var treesUrl: String
    public var labelsUrl: String
    public var htmlUrl: String
    public var pushedAt: String
    public var createdAt: String
    public var hasIssues: Bool
    public var forksUrl: String
    public var branchesUrl: String
    public var commitsUrl: String
    public var notificationsUrl: String
    public var openIssues: Int
    public var contentsUrl: String
    public var blobsUrl: String
    public var issuesUrl: String
    public var compareUrl: String
    public var issueEventsUrl: String
    public var name: String
    public var updatedAt: String
    public var statusesUrl: String
    public var forksCount: Int
    public var assigneesUrl: String
    public var sshUrl: String
    public var `public`: Bool
    public var hasWiki: Bool
    public var subscribersUrl: String
    public var mirrorUrl: String?
    public var watchersCount: Int
    public var id: Int
    public var hasDownloads: Bool
    public var gitCommitsUrl: String
    public var downloadsUrl: String
    public var pullsUrl: String
    public var homepage: String?
    public var issueCommentUrl: String
    public var hooksUrl: String
    public var subscriptionUrl: String
    public var milestonesUrl: String
    public var svnUrl: String
    public var eventsUrl: String
    public var gitTagsUrl: String
    public var teamsUrl: String
    public var commentsUrl: String
    public var openIssuesCount: Int
    public var keysUrl: String
    public var gitUrl: String
    public var contributorsUrl: String
    public var size: Int
    public var watchers: Int

    enum CodingKeys: String, CodingKey {
        case description
        case fork
        case url
        case language
        case stargazersUrl = "stargazers_url"
        case cloneUrl = "clone_url"
        case tagsUrl = "tags_url"
        case fullName = "full_name"
        case mergesUrl = "merges_url"
        case forks
        case `private`
        case gitRefsUrl = "git_refs_url"
        case archiveUrl = "archive_url"
        case collaboratorsUrl = "collaborators_url"
        case owner
        case languagesUrl = "languages_url"
        case treesUrl = "trees_url"
        case labelsUrl = "labels_url"
        case htmlUrl = "html_url"
        case pushedAt = "pushed_at"
        case createdAt = "created_at"
        case hasIssues = "has_issues"
        case forksUrl = "forks_url"
        case branchesUrl = "branches_url"
        case commitsUrl = "commits_url"
        case notificationsUrl = "notifications_url"
        case openIssues = "open_issues"
        case contentsUrl = "contents_url"
        case blobsUrl = "blobs_url"
        case issuesUrl = "issues_url"
        case compareUrl = "compare_url"
        case issueEventsUrl = "issue_events_url"
        case name
        case updatedAt = "updated_at"
        case statusesUrl = "statuses_url"
        case forksCount = "forks_count"
        case assigneesUrl = "assignees_url"
        case sshUrl = "ssh_url"
        case `public`
        case hasWiki = "has_wiki"
        case subscribersUrl = "subscribers_url"
        case mirrorUrl = "mirror_url"
        case watchersCount = "watchers_count"
        case id
        case hasDownloads = "has_downloads"
        case gitCommitsUrl = "git_commits_url"
        case downloadsUrl = "downloads_url"
        case pullsUrl = "pulls_url"
        case homepage
        case issueCommentUrl = "issue_comment_url"
        case hooksUrl = "hooks_url"
        case subscriptionUrl = "subscription_url"
        case milestonesUrl = "milestones_url"
        case svnUrl = "svn_url"
        case eventsUrl = "events_url"
        case gitTagsUrl = "git_tags_url"
        case teamsUrl = "teams_url"
        case commentsUrl = "comments_url"
        case openIssuesCount = "open_issues_count"
        case keysUrl = "keys_url"
        case gitUrl = "git_url"
        case contributorsUrl = "contributors_url"
        case size
        case watchers
    }
}

/// An issue (or pull request).
public struct GitHubIssue: Codable, Equatable, Sendable {
    public var user: GitHubUser
    public var url: String
    public var labels: [GitHubLabel]
    public var htmlUrl: String
    public var labelsUrl: String
    public var pullRequest: GitHubPullRequestLinks
    public var createdAt: String
    public var closedAt: String?
    public var milestone: GitHubMilestone?
    public var title: String
    public var body: String
    public var updatedAt: String
    public var number: Int
    public var state: String
    public var assignee: GitHubUser?
    public var id: Int
    public var eventsUrl: String
    public var commentsUrl: String
    public var comments: Int

    enum CodingKeys: String, CodingKey {
        case user
        case url
        case labels
        case htmlUrl = "html_url"
        case labelsUrl = "labels_url"
        case pullRequest = "pull_request"
        case createdAt = "created_at"
        case closedAt = "closed_at"
        case milestone
        case title
        case body
        case updatedAt = "updated_at"
        case number
        case state
        case assignee
        case id
        case eventsUrl = "events_url"
        case commentsUrl = "comments_url"
        case comments
    }
}

/// A full user (or organisation) record.
public struct GitHubUser: Codable, Equatable, Sendable {
    public var url: String
    public var gistsUrl: String
    public var gravatarId: String
    public var type: String
    public var avatarUrl: String
    public var subscriptionsUrl: String
    public var receivedEventsUrl: String
    public var organizationsUrl: String
    public var reposUrl: String
    public var login: String
    public var id: Int
    public var starredUrl: String
    public var eventsUrl: String
    public var followersUrl: String
    public var followingUrl: String

    enum CodingKeys: String, CodingKey {
        case url
        case gistsUrl = "gists_url"
        case gravatarId = "gravatar_id"
        case type
        case avatarUrl = "avatar_url"
        case subscriptionsUrl = "subscriptions_url"
        case receivedEventsUrl = "received_events_url"
        case organizationsUrl = "organizations_url"
        case reposUrl = "repos_url"
        case login
        case id
        case starredUrl = "starred_url"
        case eventsUrl = "events_url"
        case followersUrl = "followers_url"
        case followingUrl = "following_url"
    }
}

/// A comment on an issue.
public struct GitHubComment: Codable, Equatable, Sendable {
    public var user: GitHubUser
    public var url: String
    public var issueUrl: String
    public var createdAt: String
    public var body: String
    public var updatedAt: String
    public var id: Int

    enum CodingKeys: String, CodingKey {
        case user
        case url
        case issueUrl = "issue_url"
        case createdAt = "created_at"
        case body
        case updatedAt = "updated_at"
        case id
    }
}

/// A wiki page changed by a Gollum event.
public struct GitHubPage: Codable, Equatable, Sendable {
    public var pageName: String
    public var htmlUrl: String
    public var title: String
    public var sha: String
    public var summary: String?
    public var action: String

    enum CodingKeys: String, CodingKey {
        case pageName = "page_name"
        case htmlUrl = "html_url"
        case title
        case sha
        case summary
        case action
    }
}

/// An issue label (the lists are empty in this document).
public struct GitHubLabel: Codable, Equatable, Sendable {
    public var url: String
    public var name: String
    public var color: String

    private enum CodingKeys: String, CodingKey {
        case url, name, color
    }
}

/// An issue milestone (null throughout this document).
public struct GitHubMilestone: Codable, Equatable, Sendable {
    public var url: String
    public var number: Int
    public var title: String
    public var state: String

    private enum CodingKeys: String, CodingKey {
        case url, number, title, state
    }
}

/// The pull request links of an issue; all null when the issue is not a pull request.
public struct GitHubPullRequestLinks: Codable, Equatable, Sendable {
    public var htmlUrl: String?
    public var patchUrl: String?
    public var diffUrl: String?

    enum CodingKeys: String, CodingKey {
        case htmlUrl = "html_url"
        case patchUrl = "patch_url"
        case diffUrl = "diff_url"
    }
}

extension GitHubEvent: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "created_at")
        self.actor = try container.decode(memberType(\.actor), forKey: CodingKeys.actor, named: "actor")
        self.repo = try container.decode(memberType(\.repo), forKey: CodingKeys.repo, named: "repo")
        self.`public` = try container.decode(memberType(\.`public`), forKey: CodingKeys.`public`, named: "public")
        self.payload = try container.decode(memberType(\.payload), forKey: CodingKeys.payload, named: "payload")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.org = try container.decode(memberType(\.org), forKey: CodingKeys.org, named: "org")
    }
}

extension GitHubEvent: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "created_at")
        try container.encode(self.actor, forKey: CodingKeys.actor, named: "actor")
        try container.encode(self.repo, forKey: CodingKeys.repo, named: "repo")
        try container.encode(self.`public`, forKey: CodingKeys.`public`, named: "public")
        try container.encode(self.payload, forKey: CodingKeys.payload, named: "payload")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.org, forKey: CodingKeys.org, named: "org")
        container.end()
    }
}

extension GitHubActor: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.gravatarId = try container.decode(memberType(\.gravatarId), forKey: CodingKeys.gravatarId, named: "gravatar_id")
        self.login = try container.decode(memberType(\.login), forKey: CodingKeys.login, named: "login")
        self.avatarUrl = try container.decode(memberType(\.avatarUrl), forKey: CodingKeys.avatarUrl, named: "avatar_url")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
    }
}

extension GitHubActor: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.gravatarId, forKey: CodingKeys.gravatarId, named: "gravatar_id")
        try container.encode(self.login, forKey: CodingKeys.login, named: "login")
        try container.encode(self.avatarUrl, forKey: CodingKeys.avatarUrl, named: "avatar_url")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        container.end()
    }
}

extension GitHubRepo: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
    }
}

extension GitHubRepo: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        container.end()
    }
}

extension GitHubPayload: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.action = try container.decode(memberType(\.action), forKey: CodingKeys.action, named: "action")
        self.before = try container.decode(memberType(\.before), forKey: CodingKeys.before, named: "before")
        self.comment = try container.decode(memberType(\.comment), forKey: CodingKeys.comment, named: "comment")
        self.commits = try container.decode(memberType(\.commits), forKey: CodingKeys.commits, named: "commits")
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
        self.distinctSize = try container.decode(memberType(\.distinctSize), forKey: CodingKeys.distinctSize, named: "distinct_size")
        self.forkee = try container.decode(memberType(\.forkee), forKey: CodingKeys.forkee, named: "forkee")
        self.head = try container.decode(memberType(\.head), forKey: CodingKeys.head, named: "head")
        self.issue = try container.decode(memberType(\.issue), forKey: CodingKeys.issue, named: "issue")
        self.masterBranch = try container.decode(memberType(\.masterBranch), forKey: CodingKeys.masterBranch, named: "master_branch")
        self.pages = try container.decode(memberType(\.pages), forKey: CodingKeys.pages, named: "pages")
        self.pushId = try container.decode(memberType(\.pushId), forKey: CodingKeys.pushId, named: "push_id")
        self.ref = try container.decode(memberType(\.ref), forKey: CodingKeys.ref, named: "ref")
        self.refType = try container.decode(memberType(\.refType), forKey: CodingKeys.refType, named: "ref_type")
        self.size = try container.decode(memberType(\.size), forKey: CodingKeys.size, named: "size")
    }
}

extension GitHubPayload: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.action, forKey: CodingKeys.action, named: "action")
        try container.encode(self.before, forKey: CodingKeys.before, named: "before")
        try container.encode(self.comment, forKey: CodingKeys.comment, named: "comment")
        try container.encode(self.commits, forKey: CodingKeys.commits, named: "commits")
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        try container.encode(self.distinctSize, forKey: CodingKeys.distinctSize, named: "distinct_size")
        try container.encode(self.forkee, forKey: CodingKeys.forkee, named: "forkee")
        try container.encode(self.head, forKey: CodingKeys.head, named: "head")
        try container.encode(self.issue, forKey: CodingKeys.issue, named: "issue")
        try container.encode(self.masterBranch, forKey: CodingKeys.masterBranch, named: "master_branch")
        try container.encode(self.pages, forKey: CodingKeys.pages, named: "pages")
        try container.encode(self.pushId, forKey: CodingKeys.pushId, named: "push_id")
        try container.encode(self.ref, forKey: CodingKeys.ref, named: "ref")
        try container.encode(self.refType, forKey: CodingKeys.refType, named: "ref_type")
        try container.encode(self.size, forKey: CodingKeys.size, named: "size")
        container.end()
    }
}

extension GitHubCommit: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.sha = try container.decode(memberType(\.sha), forKey: CodingKeys.sha, named: "sha")
        self.author = try container.decode(memberType(\.author), forKey: CodingKeys.author, named: "author")
        self.message = try container.decode(memberType(\.message), forKey: CodingKeys.message, named: "message")
        self.distinct = try container.decode(memberType(\.distinct), forKey: CodingKeys.distinct, named: "distinct")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
    }
}

extension GitHubCommit: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.sha, forKey: CodingKeys.sha, named: "sha")
        try container.encode(self.author, forKey: CodingKeys.author, named: "author")
        try container.encode(self.message, forKey: CodingKeys.message, named: "message")
        try container.encode(self.distinct, forKey: CodingKeys.distinct, named: "distinct")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        container.end()
    }
}

extension GitHubCommitAuthor: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.email = try container.decode(memberType(\.email), forKey: CodingKeys.email, named: "email")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
    }
}

extension GitHubCommitAuthor: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.email, forKey: CodingKeys.email, named: "email")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        container.end()
    }
}

extension GitHubRepository: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
        self.fork = try container.decode(memberType(\.fork), forKey: CodingKeys.fork, named: "fork")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.language = try container.decode(memberType(\.language), forKey: CodingKeys.language, named: "language")
        self.stargazersUrl = try container.decode(memberType(\.stargazersUrl), forKey: CodingKeys.stargazersUrl, named: "stargazers_url")
        self.cloneUrl = try container.decode(memberType(\.cloneUrl), forKey: CodingKeys.cloneUrl, named: "clone_url")
        self.tagsUrl = try container.decode(memberType(\.tagsUrl), forKey: CodingKeys.tagsUrl, named: "tags_url")
        self.fullName = try container.decode(memberType(\.fullName), forKey: CodingKeys.fullName, named: "full_name")
        self.mergesUrl = try container.decode(memberType(\.mergesUrl), forKey: CodingKeys.mergesUrl, named: "merges_url")
        self.forks = try container.decode(memberType(\.forks), forKey: CodingKeys.forks, named: "forks")
        self.`private` = try container.decode(memberType(\.`private`), forKey: CodingKeys.`private`, named: "private")
        self.gitRefsUrl = try container.decode(memberType(\.gitRefsUrl), forKey: CodingKeys.gitRefsUrl, named: "git_refs_url")
        self.archiveUrl = try container.decode(memberType(\.archiveUrl), forKey: CodingKeys.archiveUrl, named: "archive_url")
        self.collaboratorsUrl = try container.decode(memberType(\.collaboratorsUrl), forKey: CodingKeys.collaboratorsUrl, named: "collaborators_url")
        self.owner = try container.decode(memberType(\.owner), forKey: CodingKeys.owner, named: "owner")
        self.languagesUrl = try container.decode(memberType(\.languagesUrl), forKey: CodingKeys.languagesUrl, named: "languages_url")
        self.treesUrl = try container.decode(memberType(\.treesUrl), forKey: CodingKeys.treesUrl, named: "trees_url")
        self.labelsUrl = try container.decode(memberType(\.labelsUrl), forKey: CodingKeys.labelsUrl, named: "labels_url")
        self.htmlUrl = try container.decode(memberType(\.htmlUrl), forKey: CodingKeys.htmlUrl, named: "html_url")
        self.pushedAt = try container.decode(memberType(\.pushedAt), forKey: CodingKeys.pushedAt, named: "pushed_at")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "created_at")
        self.hasIssues = try container.decode(memberType(\.hasIssues), forKey: CodingKeys.hasIssues, named: "has_issues")
        self.forksUrl = try container.decode(memberType(\.forksUrl), forKey: CodingKeys.forksUrl, named: "forks_url")
        self.branchesUrl = try container.decode(memberType(\.branchesUrl), forKey: CodingKeys.branchesUrl, named: "branches_url")
        self.commitsUrl = try container.decode(memberType(\.commitsUrl), forKey: CodingKeys.commitsUrl, named: "commits_url")
        self.notificationsUrl = try container.decode(memberType(\.notificationsUrl), forKey: CodingKeys.notificationsUrl, named: "notifications_url")
        self.openIssues = try container.decode(memberType(\.openIssues), forKey: CodingKeys.openIssues, named: "open_issues")
        self.contentsUrl = try container.decode(memberType(\.contentsUrl), forKey: CodingKeys.contentsUrl, named: "contents_url")
        self.blobsUrl = try container.decode(memberType(\.blobsUrl), forKey: CodingKeys.blobsUrl, named: "blobs_url")
        self.issuesUrl = try container.decode(memberType(\.issuesUrl), forKey: CodingKeys.issuesUrl, named: "issues_url")
        self.compareUrl = try container.decode(memberType(\.compareUrl), forKey: CodingKeys.compareUrl, named: "compare_url")
        self.issueEventsUrl = try container.decode(memberType(\.issueEventsUrl), forKey: CodingKeys.issueEventsUrl, named: "issue_events_url")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.updatedAt = try container.decode(memberType(\.updatedAt), forKey: CodingKeys.updatedAt, named: "updated_at")
        self.statusesUrl = try container.decode(memberType(\.statusesUrl), forKey: CodingKeys.statusesUrl, named: "statuses_url")
        self.forksCount = try container.decode(memberType(\.forksCount), forKey: CodingKeys.forksCount, named: "forks_count")
        self.assigneesUrl = try container.decode(memberType(\.assigneesUrl), forKey: CodingKeys.assigneesUrl, named: "assignees_url")
        self.sshUrl = try container.decode(memberType(\.sshUrl), forKey: CodingKeys.sshUrl, named: "ssh_url")
        self.`public` = try container.decode(memberType(\.`public`), forKey: CodingKeys.`public`, named: "public")
        self.hasWiki = try container.decode(memberType(\.hasWiki), forKey: CodingKeys.hasWiki, named: "has_wiki")
        self.subscribersUrl = try container.decode(memberType(\.subscribersUrl), forKey: CodingKeys.subscribersUrl, named: "subscribers_url")
        self.mirrorUrl = try container.decode(memberType(\.mirrorUrl), forKey: CodingKeys.mirrorUrl, named: "mirror_url")
        self.watchersCount = try container.decode(memberType(\.watchersCount), forKey: CodingKeys.watchersCount, named: "watchers_count")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.hasDownloads = try container.decode(memberType(\.hasDownloads), forKey: CodingKeys.hasDownloads, named: "has_downloads")
        self.gitCommitsUrl = try container.decode(memberType(\.gitCommitsUrl), forKey: CodingKeys.gitCommitsUrl, named: "git_commits_url")
        self.downloadsUrl = try container.decode(memberType(\.downloadsUrl), forKey: CodingKeys.downloadsUrl, named: "downloads_url")
        self.pullsUrl = try container.decode(memberType(\.pullsUrl), forKey: CodingKeys.pullsUrl, named: "pulls_url")
        self.homepage = try container.decode(memberType(\.homepage), forKey: CodingKeys.homepage, named: "homepage")
        self.issueCommentUrl = try container.decode(memberType(\.issueCommentUrl), forKey: CodingKeys.issueCommentUrl, named: "issue_comment_url")
        self.hooksUrl = try container.decode(memberType(\.hooksUrl), forKey: CodingKeys.hooksUrl, named: "hooks_url")
        self.subscriptionUrl = try container.decode(memberType(\.subscriptionUrl), forKey: CodingKeys.subscriptionUrl, named: "subscription_url")
        self.milestonesUrl = try container.decode(memberType(\.milestonesUrl), forKey: CodingKeys.milestonesUrl, named: "milestones_url")
        self.svnUrl = try container.decode(memberType(\.svnUrl), forKey: CodingKeys.svnUrl, named: "svn_url")
        self.eventsUrl = try container.decode(memberType(\.eventsUrl), forKey: CodingKeys.eventsUrl, named: "events_url")
        self.gitTagsUrl = try container.decode(memberType(\.gitTagsUrl), forKey: CodingKeys.gitTagsUrl, named: "git_tags_url")
        self.teamsUrl = try container.decode(memberType(\.teamsUrl), forKey: CodingKeys.teamsUrl, named: "teams_url")
        self.commentsUrl = try container.decode(memberType(\.commentsUrl), forKey: CodingKeys.commentsUrl, named: "comments_url")
        self.openIssuesCount = try container.decode(memberType(\.openIssuesCount), forKey: CodingKeys.openIssuesCount, named: "open_issues_count")
        self.keysUrl = try container.decode(memberType(\.keysUrl), forKey: CodingKeys.keysUrl, named: "keys_url")
        self.gitUrl = try container.decode(memberType(\.gitUrl), forKey: CodingKeys.gitUrl, named: "git_url")
        self.contributorsUrl = try container.decode(memberType(\.contributorsUrl), forKey: CodingKeys.contributorsUrl, named: "contributors_url")
        self.size = try container.decode(memberType(\.size), forKey: CodingKeys.size, named: "size")
        self.watchers = try container.decode(memberType(\.watchers), forKey: CodingKeys.watchers, named: "watchers")
    }
}

extension GitHubRepository: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        try container.encode(self.fork, forKey: CodingKeys.fork, named: "fork")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.language, forKey: CodingKeys.language, named: "language")
        try container.encode(self.stargazersUrl, forKey: CodingKeys.stargazersUrl, named: "stargazers_url")
        try container.encode(self.cloneUrl, forKey: CodingKeys.cloneUrl, named: "clone_url")
        try container.encode(self.tagsUrl, forKey: CodingKeys.tagsUrl, named: "tags_url")
        try container.encode(self.fullName, forKey: CodingKeys.fullName, named: "full_name")
        try container.encode(self.mergesUrl, forKey: CodingKeys.mergesUrl, named: "merges_url")
        try container.encode(self.forks, forKey: CodingKeys.forks, named: "forks")
        try container.encode(self.`private`, forKey: CodingKeys.`private`, named: "private")
        try container.encode(self.gitRefsUrl, forKey: CodingKeys.gitRefsUrl, named: "git_refs_url")
        try container.encode(self.archiveUrl, forKey: CodingKeys.archiveUrl, named: "archive_url")
        try container.encode(self.collaboratorsUrl, forKey: CodingKeys.collaboratorsUrl, named: "collaborators_url")
        try container.encode(self.owner, forKey: CodingKeys.owner, named: "owner")
        try container.encode(self.languagesUrl, forKey: CodingKeys.languagesUrl, named: "languages_url")
        try container.encode(self.treesUrl, forKey: CodingKeys.treesUrl, named: "trees_url")
        try container.encode(self.labelsUrl, forKey: CodingKeys.labelsUrl, named: "labels_url")
        try container.encode(self.htmlUrl, forKey: CodingKeys.htmlUrl, named: "html_url")
        try container.encode(self.pushedAt, forKey: CodingKeys.pushedAt, named: "pushed_at")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "created_at")
        try container.encode(self.hasIssues, forKey: CodingKeys.hasIssues, named: "has_issues")
        try container.encode(self.forksUrl, forKey: CodingKeys.forksUrl, named: "forks_url")
        try container.encode(self.branchesUrl, forKey: CodingKeys.branchesUrl, named: "branches_url")
        try container.encode(self.commitsUrl, forKey: CodingKeys.commitsUrl, named: "commits_url")
        try container.encode(self.notificationsUrl, forKey: CodingKeys.notificationsUrl, named: "notifications_url")
        try container.encode(self.openIssues, forKey: CodingKeys.openIssues, named: "open_issues")
        try container.encode(self.contentsUrl, forKey: CodingKeys.contentsUrl, named: "contents_url")
        try container.encode(self.blobsUrl, forKey: CodingKeys.blobsUrl, named: "blobs_url")
        try container.encode(self.issuesUrl, forKey: CodingKeys.issuesUrl, named: "issues_url")
        try container.encode(self.compareUrl, forKey: CodingKeys.compareUrl, named: "compare_url")
        try container.encode(self.issueEventsUrl, forKey: CodingKeys.issueEventsUrl, named: "issue_events_url")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.updatedAt, forKey: CodingKeys.updatedAt, named: "updated_at")
        try container.encode(self.statusesUrl, forKey: CodingKeys.statusesUrl, named: "statuses_url")
        try container.encode(self.forksCount, forKey: CodingKeys.forksCount, named: "forks_count")
        try container.encode(self.assigneesUrl, forKey: CodingKeys.assigneesUrl, named: "assignees_url")
        try container.encode(self.sshUrl, forKey: CodingKeys.sshUrl, named: "ssh_url")
        try container.encode(self.`public`, forKey: CodingKeys.`public`, named: "public")
        try container.encode(self.hasWiki, forKey: CodingKeys.hasWiki, named: "has_wiki")
        try container.encode(self.subscribersUrl, forKey: CodingKeys.subscribersUrl, named: "subscribers_url")
        try container.encode(self.mirrorUrl, forKey: CodingKeys.mirrorUrl, named: "mirror_url")
        try container.encode(self.watchersCount, forKey: CodingKeys.watchersCount, named: "watchers_count")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.hasDownloads, forKey: CodingKeys.hasDownloads, named: "has_downloads")
        try container.encode(self.gitCommitsUrl, forKey: CodingKeys.gitCommitsUrl, named: "git_commits_url")
        try container.encode(self.downloadsUrl, forKey: CodingKeys.downloadsUrl, named: "downloads_url")
        try container.encode(self.pullsUrl, forKey: CodingKeys.pullsUrl, named: "pulls_url")
        try container.encode(self.homepage, forKey: CodingKeys.homepage, named: "homepage")
        try container.encode(self.issueCommentUrl, forKey: CodingKeys.issueCommentUrl, named: "issue_comment_url")
        try container.encode(self.hooksUrl, forKey: CodingKeys.hooksUrl, named: "hooks_url")
        try container.encode(self.subscriptionUrl, forKey: CodingKeys.subscriptionUrl, named: "subscription_url")
        try container.encode(self.milestonesUrl, forKey: CodingKeys.milestonesUrl, named: "milestones_url")
        try container.encode(self.svnUrl, forKey: CodingKeys.svnUrl, named: "svn_url")
        try container.encode(self.eventsUrl, forKey: CodingKeys.eventsUrl, named: "events_url")
        try container.encode(self.gitTagsUrl, forKey: CodingKeys.gitTagsUrl, named: "git_tags_url")
        try container.encode(self.teamsUrl, forKey: CodingKeys.teamsUrl, named: "teams_url")
        try container.encode(self.commentsUrl, forKey: CodingKeys.commentsUrl, named: "comments_url")
        try container.encode(self.openIssuesCount, forKey: CodingKeys.openIssuesCount, named: "open_issues_count")
        try container.encode(self.keysUrl, forKey: CodingKeys.keysUrl, named: "keys_url")
        try container.encode(self.gitUrl, forKey: CodingKeys.gitUrl, named: "git_url")
        try container.encode(self.contributorsUrl, forKey: CodingKeys.contributorsUrl, named: "contributors_url")
        try container.encode(self.size, forKey: CodingKeys.size, named: "size")
        try container.encode(self.watchers, forKey: CodingKeys.watchers, named: "watchers")
        container.end()
    }
}

extension GitHubIssue: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.user = try container.decode(memberType(\.user), forKey: CodingKeys.user, named: "user")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.labels = try container.decode(memberType(\.labels), forKey: CodingKeys.labels, named: "labels")
        self.htmlUrl = try container.decode(memberType(\.htmlUrl), forKey: CodingKeys.htmlUrl, named: "html_url")
        self.labelsUrl = try container.decode(memberType(\.labelsUrl), forKey: CodingKeys.labelsUrl, named: "labels_url")
        self.pullRequest = try container.decode(memberType(\.pullRequest), forKey: CodingKeys.pullRequest, named: "pull_request")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "created_at")
        self.closedAt = try container.decode(memberType(\.closedAt), forKey: CodingKeys.closedAt, named: "closed_at")
        self.milestone = try container.decode(memberType(\.milestone), forKey: CodingKeys.milestone, named: "milestone")
        self.title = try container.decode(memberType(\.title), forKey: CodingKeys.title, named: "title")
        self.body = try container.decode(memberType(\.body), forKey: CodingKeys.body, named: "body")
        self.updatedAt = try container.decode(memberType(\.updatedAt), forKey: CodingKeys.updatedAt, named: "updated_at")
        self.number = try container.decode(memberType(\.number), forKey: CodingKeys.number, named: "number")
        self.state = try container.decode(memberType(\.state), forKey: CodingKeys.state, named: "state")
        self.assignee = try container.decode(memberType(\.assignee), forKey: CodingKeys.assignee, named: "assignee")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.eventsUrl = try container.decode(memberType(\.eventsUrl), forKey: CodingKeys.eventsUrl, named: "events_url")
        self.commentsUrl = try container.decode(memberType(\.commentsUrl), forKey: CodingKeys.commentsUrl, named: "comments_url")
        self.comments = try container.decode(memberType(\.comments), forKey: CodingKeys.comments, named: "comments")
    }
}

extension GitHubIssue: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.user, forKey: CodingKeys.user, named: "user")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.labels, forKey: CodingKeys.labels, named: "labels")
        try container.encode(self.htmlUrl, forKey: CodingKeys.htmlUrl, named: "html_url")
        try container.encode(self.labelsUrl, forKey: CodingKeys.labelsUrl, named: "labels_url")
        try container.encode(self.pullRequest, forKey: CodingKeys.pullRequest, named: "pull_request")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "created_at")
        try container.encode(self.closedAt, forKey: CodingKeys.closedAt, named: "closed_at")
        try container.encode(self.milestone, forKey: CodingKeys.milestone, named: "milestone")
        try container.encode(self.title, forKey: CodingKeys.title, named: "title")
        try container.encode(self.body, forKey: CodingKeys.body, named: "body")
        try container.encode(self.updatedAt, forKey: CodingKeys.updatedAt, named: "updated_at")
        try container.encode(self.number, forKey: CodingKeys.number, named: "number")
        try container.encode(self.state, forKey: CodingKeys.state, named: "state")
        try container.encode(self.assignee, forKey: CodingKeys.assignee, named: "assignee")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.eventsUrl, forKey: CodingKeys.eventsUrl, named: "events_url")
        try container.encode(self.commentsUrl, forKey: CodingKeys.commentsUrl, named: "comments_url")
        try container.encode(self.comments, forKey: CodingKeys.comments, named: "comments")
        container.end()
    }
}

extension GitHubUser: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.gistsUrl = try container.decode(memberType(\.gistsUrl), forKey: CodingKeys.gistsUrl, named: "gists_url")
        self.gravatarId = try container.decode(memberType(\.gravatarId), forKey: CodingKeys.gravatarId, named: "gravatar_id")
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.avatarUrl = try container.decode(memberType(\.avatarUrl), forKey: CodingKeys.avatarUrl, named: "avatar_url")
        self.subscriptionsUrl = try container.decode(memberType(\.subscriptionsUrl), forKey: CodingKeys.subscriptionsUrl, named: "subscriptions_url")
        self.receivedEventsUrl = try container.decode(memberType(\.receivedEventsUrl), forKey: CodingKeys.receivedEventsUrl, named: "received_events_url")
        self.organizationsUrl = try container.decode(memberType(\.organizationsUrl), forKey: CodingKeys.organizationsUrl, named: "organizations_url")
        self.reposUrl = try container.decode(memberType(\.reposUrl), forKey: CodingKeys.reposUrl, named: "repos_url")
        self.login = try container.decode(memberType(\.login), forKey: CodingKeys.login, named: "login")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.starredUrl = try container.decode(memberType(\.starredUrl), forKey: CodingKeys.starredUrl, named: "starred_url")
        self.eventsUrl = try container.decode(memberType(\.eventsUrl), forKey: CodingKeys.eventsUrl, named: "events_url")
        self.followersUrl = try container.decode(memberType(\.followersUrl), forKey: CodingKeys.followersUrl, named: "followers_url")
        self.followingUrl = try container.decode(memberType(\.followingUrl), forKey: CodingKeys.followingUrl, named: "following_url")
    }
}

extension GitHubUser: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.gistsUrl, forKey: CodingKeys.gistsUrl, named: "gists_url")
        try container.encode(self.gravatarId, forKey: CodingKeys.gravatarId, named: "gravatar_id")
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.avatarUrl, forKey: CodingKeys.avatarUrl, named: "avatar_url")
        try container.encode(self.subscriptionsUrl, forKey: CodingKeys.subscriptionsUrl, named: "subscriptions_url")
        try container.encode(self.receivedEventsUrl, forKey: CodingKeys.receivedEventsUrl, named: "received_events_url")
        try container.encode(self.organizationsUrl, forKey: CodingKeys.organizationsUrl, named: "organizations_url")
        try container.encode(self.reposUrl, forKey: CodingKeys.reposUrl, named: "repos_url")
        try container.encode(self.login, forKey: CodingKeys.login, named: "login")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.starredUrl, forKey: CodingKeys.starredUrl, named: "starred_url")
        try container.encode(self.eventsUrl, forKey: CodingKeys.eventsUrl, named: "events_url")
        try container.encode(self.followersUrl, forKey: CodingKeys.followersUrl, named: "followers_url")
        try container.encode(self.followingUrl, forKey: CodingKeys.followingUrl, named: "following_url")
        container.end()
    }
}

extension GitHubComment: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.user = try container.decode(memberType(\.user), forKey: CodingKeys.user, named: "user")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.issueUrl = try container.decode(memberType(\.issueUrl), forKey: CodingKeys.issueUrl, named: "issue_url")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "created_at")
        self.body = try container.decode(memberType(\.body), forKey: CodingKeys.body, named: "body")
        self.updatedAt = try container.decode(memberType(\.updatedAt), forKey: CodingKeys.updatedAt, named: "updated_at")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
    }
}

extension GitHubComment: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.user, forKey: CodingKeys.user, named: "user")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.issueUrl, forKey: CodingKeys.issueUrl, named: "issue_url")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "created_at")
        try container.encode(self.body, forKey: CodingKeys.body, named: "body")
        try container.encode(self.updatedAt, forKey: CodingKeys.updatedAt, named: "updated_at")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        container.end()
    }
}

extension GitHubPage: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.pageName = try container.decode(memberType(\.pageName), forKey: CodingKeys.pageName, named: "page_name")
        self.htmlUrl = try container.decode(memberType(\.htmlUrl), forKey: CodingKeys.htmlUrl, named: "html_url")
        self.title = try container.decode(memberType(\.title), forKey: CodingKeys.title, named: "title")
        self.sha = try container.decode(memberType(\.sha), forKey: CodingKeys.sha, named: "sha")
        self.summary = try container.decode(memberType(\.summary), forKey: CodingKeys.summary, named: "summary")
        self.action = try container.decode(memberType(\.action), forKey: CodingKeys.action, named: "action")
    }
}

extension GitHubPage: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.pageName, forKey: CodingKeys.pageName, named: "page_name")
        try container.encode(self.htmlUrl, forKey: CodingKeys.htmlUrl, named: "html_url")
        try container.encode(self.title, forKey: CodingKeys.title, named: "title")
        try container.encode(self.sha, forKey: CodingKeys.sha, named: "sha")
        try container.encode(self.summary, forKey: CodingKeys.summary, named: "summary")
        try container.encode(self.action, forKey: CodingKeys.action, named: "action")
        container.end()
    }
}

extension GitHubLabel: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.color = try container.decode(memberType(\.color), forKey: CodingKeys.color, named: "color")
    }
}

extension GitHubLabel: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.color, forKey: CodingKeys.color, named: "color")
        container.end()
    }
}

extension GitHubMilestone: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.number = try container.decode(memberType(\.number), forKey: CodingKeys.number, named: "number")
        self.title = try container.decode(memberType(\.title), forKey: CodingKeys.title, named: "title")
        self.state = try container.decode(memberType(\.state), forKey: CodingKeys.state, named: "state")
    }
}

extension GitHubMilestone: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.number, forKey: CodingKeys.number, named: "number")
        try container.encode(self.title, forKey: CodingKeys.title, named: "title")
        try container.encode(self.state, forKey: CodingKeys.state, named: "state")
        container.end()
    }
}

extension GitHubPullRequestLinks: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.htmlUrl = try container.decode(memberType(\.htmlUrl), forKey: CodingKeys.htmlUrl, named: "html_url")
        self.patchUrl = try container.decode(memberType(\.patchUrl), forKey: CodingKeys.patchUrl, named: "patch_url")
        self.diffUrl = try container.decode(memberType(\.diffUrl), forKey: CodingKeys.diffUrl, named: "diff_url")
    }
}

extension GitHubPullRequestLinks: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.htmlUrl, forKey: CodingKeys.htmlUrl, named: "html_url")
        try container.encode(self.patchUrl, forKey: CodingKeys.patchUrl, named: "patch_url")
        try container.encode(self.diffUrl, forKey: CodingKeys.diffUrl, named: "diff_url")
        container.end()
    }
}
