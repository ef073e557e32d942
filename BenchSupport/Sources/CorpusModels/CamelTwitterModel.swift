import Foundation

// MARK: - twitter.json without CodingKeys, for key strategies

/// `TwitterSearch` and the types under it, property for property, but without their `CodingKeys`:
/// the JSON's snake_case keys reach these camelCase properties only through a key strategy
/// (`.convertFromAnyCase` or `.convertFromSnakeCase`). Decoding `Corpus/twitter.json` into this model
/// with `.convertFromAnyCase`, and into `TwitterSearch` with `.useDefaultKeys`, reads the same values
/// from the same bytes: the difference in time is what converting keys costs on a real document
/// (`Keys:twitter.json-any-case-cost` in the Benchmarks package, and `tapejson bench`).
public struct CamelTwitterSearch: Codable, Equatable, Sendable {
    public var statuses: [CamelTwitterStatus]
    public var searchMetadata: CamelTwitterSearchMetadata
}

/// `search_metadata`: how the page was produced and how to get the next one.
public struct CamelTwitterSearchMetadata: Codable, Equatable, Sendable {
    public var completedIn: Double
    public var maxId: Int64
    public var maxIdStr: String
    public var nextResults: String
    public var query: String
    public var refreshUrl: String
    public var count: Int
    public var sinceId: Int64
    public var sinceIdStr: String
}

/// A tweet. A retweet carries the original tweet in `retweetedStatus`.
public struct CamelTwitterStatus: Codable, Equatable, Sendable {
    public var metadata: CamelTwitterStatusMetadata
    public var createdAt: String
    public var id: Int64
    public var idStr: String
    public var text: String
    public var source: String
    public var truncated: Bool
    public var inReplyToStatusId: Int64?
    public var inReplyToStatusIdStr: String?
    public var inReplyToUserId: Int64?
    public var inReplyToUserIdStr: String?
    public var inReplyToScreenName: String?
    public var user: CamelTwitterUser
    public var geo: CamelTwitterCoordinates?
    public var coordinates: CamelTwitterCoordinates?
    public var place: CamelTwitterPlace?
    public var contributors: [Int64]?
    /// The original tweet, for a retweet (boxed: a status inside a status).
    @Boxed public var retweetedStatus: CamelTwitterStatus?
    public var retweetCount: Int
    public var favoriteCount: Int
    public var entities: CamelTwitterEntities
    public var favorited: Bool
    public var retweeted: Bool
    public var possiblySensitive: Bool?
    public var lang: String
}

/// A status's `metadata`.
public struct CamelTwitterStatusMetadata: Codable, Equatable, Sendable {
    public var resultType: String
    public var isoLanguageCode: String
}

/// The author of a status.
public struct CamelTwitterUser: Codable, Equatable, Sendable {
    public var id: Int64
    public var idStr: String
    public var name: String
    public var screenName: String
    public var location: String
    public var description: String
    public var url: String?
    public var entities: CamelTwitterUserEntities
    public var protected: Bool
    public var followersCount: Int
    public var friendsCount: Int
    public var listedCount: Int
    public var createdAt: String
    public var favouritesCount: Int
    public var utcOffset: Int?
    public var timeZone: String?
    public var geoEnabled: Bool
    public var verified: Bool
    public var statusesCount: Int
    public var lang: String
    public var contributorsEnabled: Bool
    public var isTranslator: Bool
    public var isTranslationEnabled: Bool
    public var profileBackgroundColor: String
    public var profileBackgroundImageUrl: String
    public var profileBackgroundImageUrlHttps: String
    public var profileBackgroundTile: Bool
    public var profileImageUrl: String
    public var profileImageUrlHttps: String
    public var profileBannerUrl: String?
    public var profileLinkColor: String
    public var profileSidebarBorderColor: String
    public var profileSidebarFillColor: String
    public var profileTextColor: String
    public var profileUseBackgroundImage: Bool
    public var defaultProfile: Bool
    public var defaultProfileImage: Bool
    public var following: Bool
    public var followRequestSent: Bool
    public var notifications: Bool
}

/// A user's `entities`: the links in the profile URL (when there is one) and in the description.
public struct CamelTwitterUserEntities: Codable, Equatable, Sendable {
    public var url: CamelTwitterURLList?
    public var description: CamelTwitterURLList
}

/// `{"urls": [...]}`.
public struct CamelTwitterURLList: Codable, Equatable, Sendable {
    public var urls: [CamelTwitterURL]
}

/// A status's `entities`: what the text mentions and links to.
public struct CamelTwitterEntities: Codable, Equatable, Sendable {
    public var hashtags: [CamelTwitterHashtag]
    /// Cashtags (`$AAPL`); same shape as hashtags.
    public var symbols: [CamelTwitterHashtag]
    public var urls: [CamelTwitterURL]
    public var userMentions: [CamelTwitterUserMention]
    public var media: [CamelTwitterMedia]?
}

/// A hashtag (or cashtag) and where it sits in the text.
public struct CamelTwitterHashtag: Codable, Equatable, Sendable {
    public var text: String
    public var indices: [Int]
}

/// A link, with its shortened, expanded and displayed forms.
public struct CamelTwitterURL: Codable, Equatable, Sendable {
    public var url: String
    public var expandedUrl: String
    public var displayUrl: String
    public var indices: [Int]
}

/// An `@mention`.
public struct CamelTwitterUserMention: Codable, Equatable, Sendable {
    public var screenName: String
    public var name: String
    public var id: Int64
    public var idStr: String
    public var indices: [Int]
}

/// An attached photo.
public struct CamelTwitterMedia: Codable, Equatable, Sendable {
    public var id: Int64
    public var idStr: String
    public var indices: [Int]
    public var mediaUrl: String
    public var mediaUrlHttps: String
    public var url: String
    public var displayUrl: String
    public var expandedUrl: String
    public var type: String
    public var sizes: CamelTwitterMediaSizes
    /// The status the photo was first posted with, for a photo shown again in a retweet.
    public var sourceStatusId: Int64?
    public var sourceStatusIdStr: String?
}

/// The renditions of a photo.
public struct CamelTwitterMediaSizes: Codable, Equatable, Sendable {
    public var medium: CamelTwitterMediaSize
    public var small: CamelTwitterMediaSize
    public var thumb: CamelTwitterMediaSize
    public var large: CamelTwitterMediaSize
}

/// One rendition: its pixel size and how it was resized (`fit` or `crop`).
public struct CamelTwitterMediaSize: Codable, Equatable, Sendable {
    public var w: Int
    public var h: Int
    public var resize: String
}

/// A GeoJSON point, as in `geo` and `coordinates` (`type` is `"Point"`).
public struct CamelTwitterCoordinates: Codable, Equatable, Sendable {
    public var type: String
    public var coordinates: [Double]
}

/// A tagged place.
public struct CamelTwitterPlace: Codable, Equatable, Sendable {
    public var id: String
    public var url: String
    public var placeType: String
    public var name: String
    public var fullName: String
    public var countryCode: String
    public var country: String
}
