/// Models `Corpus/twitter.json`: one page of Twitter's v1.1 search API (`search/tweets.json`), 100
/// statuses and the search metadata.
///
/// Property names are Swift-style; `CodingKeys` map them to the API's snake_case keys, so the models
/// decode with the default key strategy. Status, user and media ids are 64-bit and above 2^53: they
/// are `Int64` (a `Double` would round them; compare `id` with `idStr`). A field that is null or
/// missing anywhere in the document is optional; `geo`, `coordinates`, `place` and `contributors` are
/// null throughout and are typed after the API's documentation of what they hold when set.
///
/// `TwitterSearch` is the whole document.
public struct TwitterSearch: Codable, Equatable, Sendable {
    public var statuses: [TwitterStatus]
    public var searchMetadata: TwitterSearchMetadata

    enum CodingKeys: String, CodingKey {
        case statuses
        case searchMetadata = "search_metadata"
    }
}

/// `search_metadata`: how the page was produced and how to get the next one.
public struct TwitterSearchMetadata: Codable, Equatable, Sendable {
    public var completedIn: Double
    public var maxId: Int64
    public var maxIdStr: String
    public var nextResults: String
    public var query: String
    public var refreshUrl: String
    public var count: Int
    public var sinceId: Int64
    public var sinceIdStr: String

    enum CodingKeys: String, CodingKey {
        case completedIn = "completed_in"
        case maxId = "max_id"
        case maxIdStr = "max_id_str"
        case nextResults = "next_results"
        case query
        case refreshUrl = "refresh_url"
        case count
        case sinceId = "since_id"
        case sinceIdStr = "since_id_str"
    }
}

/// A tweet. A retweet carries the original tweet in `retweetedStatus`.
public struct TwitterStatus: Codable, Equatable, Sendable {
    public var metadata: TwitterStatusMetadata
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
    public var user: TwitterUser
    public var geo: TwitterCoordinates?
    public var coordinates: TwitterCoordinates?
    public var place: TwitterPlace?
    public var contributors: [Int64]?
    /// The original tweet, for a retweet (boxed: a status inside a status).
    @Boxed public var retweetedStatus: TwitterStatus?
    public var retweetCount: Int
    public var favoriteCount: Int
    public var entities: TwitterEntities
    public var favorited: Bool
    public var retweeted: Bool
    public var possiblySensitive: Bool?
    public var lang: String

    enum CodingKeys: String, CodingKey {
        case metadata
        case createdAt = "created_at"
        case id
        case idStr = "id_str"
        case text
        case source
        case truncated
        case inReplyToStatusId = "in_reply_to_status_id"
        case inReplyToStatusIdStr = "in_reply_to_status_id_str"
        case inReplyToUserId = "in_reply_to_user_id"
        case inReplyToUserIdStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case user
        case geo
        case coordinates
        case place
        case contributors
        case retweetedStatus = "retweeted_status"
        case retweetCount = "retweet_count"
        case favoriteCount = "favorite_count"
        case entities
        case favorited
        case retweeted
        case possiblySensitive = "possibly_sensitive"
        case lang
    }
}

/// A status's `metadata`.
public struct TwitterStatusMetadata: Codable, Equatable, Sendable {
    public var resultType: String
    public var isoLanguageCode: String

    enum CodingKeys: String, CodingKey {
        case resultType = "result_type"
        case isoLanguageCode = "iso_language_code"
    }
}

/// The author of a status.
public struct TwitterUser: Codable, Equatable, Sendable {
    public var id: Int64
    public var idStr: String
    public var name: String
    public var screenName: String
    public var location: String
    public var description: String
    public var url: String?
    public var entities: TwitterUserEntities
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

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case name
        case screenName = "screen_name"
        case location
        case description
        case url
        case entities
        case protected
        case followersCount = "followers_count"
        case friendsCount = "friends_count"
        case listedCount = "listed_count"
        case createdAt = "created_at"
        case favouritesCount = "favourites_count"
        case utcOffset = "utc_offset"
        case timeZone = "time_zone"
        case geoEnabled = "geo_enabled"
        case verified
        case statusesCount = "statuses_count"
        case lang
        case contributorsEnabled = "contributors_enabled"
        case isTranslator = "is_translator"
        case isTranslationEnabled = "is_translation_enabled"
        case profileBackgroundColor = "profile_background_color"
        case profileBackgroundImageUrl = "profile_background_image_url"
        case profileBackgroundImageUrlHttps = "profile_background_image_url_https"
        case profileBackgroundTile = "profile_background_tile"
        case profileImageUrl = "profile_image_url"
        case profileImageUrlHttps = "profile_image_url_https"
        case profileBannerUrl = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case profileSidebarBorderColor = "profile_sidebar_border_color"
        case profileSidebarFillColor = "profile_sidebar_fill_color"
        case profileTextColor = "profile_text_color"
        case profileUseBackgroundImage = "profile_use_background_image"
        case defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image"
        case following
        case followRequestSent = "follow_request_sent"
        case notifications
    }
}

/// A user's `entities`: the links in the profile URL (when there is one) and in the description.
public struct TwitterUserEntities: Codable, Equatable, Sendable {
    public var url: TwitterURLList?
    public var description: TwitterURLList
}

/// `{"urls": [...]}`.
public struct TwitterURLList: Codable, Equatable, Sendable {
    public var urls: [TwitterURL]
}

/// A status's `entities`: what the text mentions and links to.
public struct TwitterEntities: Codable, Equatable, Sendable {
    public var hashtags: [TwitterHashtag]
    /// Cashtags (`$AAPL`); same shape as hashtags.
    public var symbols: [TwitterHashtag]
    public var urls: [TwitterURL]
    public var userMentions: [TwitterUserMention]
    public var media: [TwitterMedia]?

    enum CodingKeys: String, CodingKey {
        case hashtags
        case symbols
        case urls
        case userMentions = "user_mentions"
        case media
    }
}

/// A hashtag (or cashtag) and where it sits in the text.
public struct TwitterHashtag: Codable, Equatable, Sendable {
    public var text: String
    public var indices: [Int]
}

/// A link, with its shortened, expanded and displayed forms.
public struct TwitterURL: Codable, Equatable, Sendable {
    public var url: String
    public var expandedUrl: String
    public var displayUrl: String
    public var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case url
        case expandedUrl = "expanded_url"
        case displayUrl = "display_url"
        case indices
    }
}

/// An `@mention`.
public struct TwitterUserMention: Codable, Equatable, Sendable {
    public var screenName: String
    public var name: String
    public var id: Int64
    public var idStr: String
    public var indices: [Int]

    enum CodingKeys: String, CodingKey {
        case screenName = "screen_name"
        case name
        case id
        case idStr = "id_str"
        case indices
    }
}

/// An attached photo.
public struct TwitterMedia: Codable, Equatable, Sendable {
    public var id: Int64
    public var idStr: String
    public var indices: [Int]
    public var mediaUrl: String
    public var mediaUrlHttps: String
    public var url: String
    public var displayUrl: String
    public var expandedUrl: String
    public var type: String
    public var sizes: TwitterMediaSizes
    /// The status the photo was first posted with, for a photo shown again in a retweet.
    public var sourceStatusId: Int64?
    public var sourceStatusIdStr: String?

    enum CodingKeys: String, CodingKey {
        case id
        case idStr = "id_str"
        case indices
        case mediaUrl = "media_url"
        case mediaUrlHttps = "media_url_https"
        case url
        case displayUrl = "display_url"
        case expandedUrl = "expanded_url"
        case type
        case sizes
        case sourceStatusId = "source_status_id"
        case sourceStatusIdStr = "source_status_id_str"
    }
}

/// The renditions of a photo.
public struct TwitterMediaSizes: Codable, Equatable, Sendable {
    public var medium: TwitterMediaSize
    public var small: TwitterMediaSize
    public var thumb: TwitterMediaSize
    public var large: TwitterMediaSize
}

/// One rendition: its pixel size and how it was resized (`fit` or `crop`).
public struct TwitterMediaSize: Codable, Equatable, Sendable {
    public var w: Int
    public var h: Int
    public var resize: String
}

/// A GeoJSON point, as in `geo` and `coordinates` (`type` is `"Point"`).
public struct TwitterCoordinates: Codable, Equatable, Sendable {
    public var type: String
    public var coordinates: [Double]
}

/// A tagged place.
public struct TwitterPlace: Codable, Equatable, Sendable {
    public var id: String
    public var url: String
    public var placeType: String
    public var name: String
    public var fullName: String
    public var countryCode: String
    public var country: String

    enum CodingKeys: String, CodingKey {
        case id
        case url
        case placeType = "place_type"
        case name
        case fullName = "full_name"
        case countryCode = "country_code"
        case country
    }
}
