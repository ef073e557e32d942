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
    @Boxed public var comment: GitHubComment?
    /// Push: the commits pushed.
    public var commits: [GitHubCommit]?
    /// Create: the repository description.
    public var description: String?
    /// Push: how many of the commits are new to the repository.
    public var distinctSize: Int?
    /// Fork: the new repository.
    @Boxed public var forkee: GitHubRepository?
    /// Push: the head after the push.
    public var head: String?
    /// Issue and issue comment events.
    @Boxed public var issue: GitHubIssue?
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
}

/// A commit author.
public struct GitHubCommitAuthor: Codable, Equatable, Sendable {
    public var email: String
    public var name: String
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
}

/// An issue milestone (null throughout this document).
public struct GitHubMilestone: Codable, Equatable, Sendable {
    public var url: String
    public var number: Int
    public var title: String
    public var state: String
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
