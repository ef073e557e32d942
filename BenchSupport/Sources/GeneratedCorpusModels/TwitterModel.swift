// Generated from CorpusModels/TwitterModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
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
    public var retweetedStatus: Indirect<TwitterStatus>?
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

    private enum CodingKeys: String, CodingKey {
        case url, description
    }
}

/// `{"urls": [...]}`.
public struct TwitterURLList: Codable, Equatable, Sendable {
    public var urls: [TwitterURL]

    private enum CodingKeys: String, CodingKey {
        case urls
    }
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

    private enum CodingKeys: String, CodingKey {
        case text, indices
    }
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

    private enum CodingKeys: String, CodingKey {
        case medium, small, thumb, large
    }
}

/// One rendition: its pixel size and how it was resized (`fit` or `crop`).
public struct TwitterMediaSize: Codable, Equatable, Sendable {
    public var w: Int
    public var h: Int
    public var resize: String

    private enum CodingKeys: String, CodingKey {
        case w, h, resize
    }
}

/// A GeoJSON point, as in `geo` and `coordinates` (`type` is `"Point"`).
public struct TwitterCoordinates: Codable, Equatable, Sendable {
    public var type: String
    public var coordinates: [Double]

    private enum CodingKeys: String, CodingKey {
        case type, coordinates
    }
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

extension TwitterSearch: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.statuses = try container.decode(memberType(\.statuses), forKey: CodingKeys.statuses, named: "statuses")
        self.searchMetadata = try container.decode(memberType(\.searchMetadata), forKey: CodingKeys.searchMetadata, named: "search_metadata")
    }
}

extension TwitterSearch: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.statuses, forKey: CodingKeys.statuses, named: "statuses")
        try container.encode(self.searchMetadata, forKey: CodingKeys.searchMetadata, named: "search_metadata")
        container.end()
    }
}

extension TwitterSearchMetadata: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.completedIn = try container.decode(memberType(\.completedIn), forKey: CodingKeys.completedIn, named: "completed_in")
        self.maxId = try container.decode(memberType(\.maxId), forKey: CodingKeys.maxId, named: "max_id")
        self.maxIdStr = try container.decode(memberType(\.maxIdStr), forKey: CodingKeys.maxIdStr, named: "max_id_str")
        self.nextResults = try container.decode(memberType(\.nextResults), forKey: CodingKeys.nextResults, named: "next_results")
        self.query = try container.decode(memberType(\.query), forKey: CodingKeys.query, named: "query")
        self.refreshUrl = try container.decode(memberType(\.refreshUrl), forKey: CodingKeys.refreshUrl, named: "refresh_url")
        self.count = try container.decode(memberType(\.count), forKey: CodingKeys.count, named: "count")
        self.sinceId = try container.decode(memberType(\.sinceId), forKey: CodingKeys.sinceId, named: "since_id")
        self.sinceIdStr = try container.decode(memberType(\.sinceIdStr), forKey: CodingKeys.sinceIdStr, named: "since_id_str")
    }
}

extension TwitterSearchMetadata: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.completedIn, forKey: CodingKeys.completedIn, named: "completed_in")
        try container.encode(self.maxId, forKey: CodingKeys.maxId, named: "max_id")
        try container.encode(self.maxIdStr, forKey: CodingKeys.maxIdStr, named: "max_id_str")
        try container.encode(self.nextResults, forKey: CodingKeys.nextResults, named: "next_results")
        try container.encode(self.query, forKey: CodingKeys.query, named: "query")
        try container.encode(self.refreshUrl, forKey: CodingKeys.refreshUrl, named: "refresh_url")
        try container.encode(self.count, forKey: CodingKeys.count, named: "count")
        try container.encode(self.sinceId, forKey: CodingKeys.sinceId, named: "since_id")
        try container.encode(self.sinceIdStr, forKey: CodingKeys.sinceIdStr, named: "since_id_str")
        container.end()
    }
}

extension TwitterStatus: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.metadata = try container.decode(memberType(\.metadata), forKey: CodingKeys.metadata, named: "metadata")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "created_at")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "id_str")
        self.text = try container.decode(memberType(\.text), forKey: CodingKeys.text, named: "text")
        self.source = try container.decode(memberType(\.source), forKey: CodingKeys.source, named: "source")
        self.truncated = try container.decode(memberType(\.truncated), forKey: CodingKeys.truncated, named: "truncated")
        self.inReplyToStatusId = try container.decode(memberType(\.inReplyToStatusId), forKey: CodingKeys.inReplyToStatusId, named: "in_reply_to_status_id")
        self.inReplyToStatusIdStr = try container.decode(memberType(\.inReplyToStatusIdStr), forKey: CodingKeys.inReplyToStatusIdStr, named: "in_reply_to_status_id_str")
        self.inReplyToUserId = try container.decode(memberType(\.inReplyToUserId), forKey: CodingKeys.inReplyToUserId, named: "in_reply_to_user_id")
        self.inReplyToUserIdStr = try container.decode(memberType(\.inReplyToUserIdStr), forKey: CodingKeys.inReplyToUserIdStr, named: "in_reply_to_user_id_str")
        self.inReplyToScreenName = try container.decode(memberType(\.inReplyToScreenName), forKey: CodingKeys.inReplyToScreenName, named: "in_reply_to_screen_name")
        self.user = try container.decode(memberType(\.user), forKey: CodingKeys.user, named: "user")
        self.geo = try container.decode(memberType(\.geo), forKey: CodingKeys.geo, named: "geo")
        self.coordinates = try container.decode(memberType(\.coordinates), forKey: CodingKeys.coordinates, named: "coordinates")
        self.place = try container.decode(memberType(\.place), forKey: CodingKeys.place, named: "place")
        self.contributors = try container.decode(memberType(\.contributors), forKey: CodingKeys.contributors, named: "contributors")
        self.retweetedStatus = try container.decode(memberType(\.retweetedStatus), forKey: CodingKeys.retweetedStatus, named: "retweeted_status")
        self.retweetCount = try container.decode(memberType(\.retweetCount), forKey: CodingKeys.retweetCount, named: "retweet_count")
        self.favoriteCount = try container.decode(memberType(\.favoriteCount), forKey: CodingKeys.favoriteCount, named: "favorite_count")
        self.entities = try container.decode(memberType(\.entities), forKey: CodingKeys.entities, named: "entities")
        self.favorited = try container.decode(memberType(\.favorited), forKey: CodingKeys.favorited, named: "favorited")
        self.retweeted = try container.decode(memberType(\.retweeted), forKey: CodingKeys.retweeted, named: "retweeted")
        self.possiblySensitive = try container.decode(memberType(\.possiblySensitive), forKey: CodingKeys.possiblySensitive, named: "possibly_sensitive")
        self.lang = try container.decode(memberType(\.lang), forKey: CodingKeys.lang, named: "lang")
    }
}

extension TwitterStatus: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.metadata, forKey: CodingKeys.metadata, named: "metadata")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "created_at")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "id_str")
        try container.encode(self.text, forKey: CodingKeys.text, named: "text")
        try container.encode(self.source, forKey: CodingKeys.source, named: "source")
        try container.encode(self.truncated, forKey: CodingKeys.truncated, named: "truncated")
        try container.encode(self.inReplyToStatusId, forKey: CodingKeys.inReplyToStatusId, named: "in_reply_to_status_id")
        try container.encode(self.inReplyToStatusIdStr, forKey: CodingKeys.inReplyToStatusIdStr, named: "in_reply_to_status_id_str")
        try container.encode(self.inReplyToUserId, forKey: CodingKeys.inReplyToUserId, named: "in_reply_to_user_id")
        try container.encode(self.inReplyToUserIdStr, forKey: CodingKeys.inReplyToUserIdStr, named: "in_reply_to_user_id_str")
        try container.encode(self.inReplyToScreenName, forKey: CodingKeys.inReplyToScreenName, named: "in_reply_to_screen_name")
        try container.encode(self.user, forKey: CodingKeys.user, named: "user")
        try container.encode(self.geo, forKey: CodingKeys.geo, named: "geo")
        try container.encode(self.coordinates, forKey: CodingKeys.coordinates, named: "coordinates")
        try container.encode(self.place, forKey: CodingKeys.place, named: "place")
        try container.encode(self.contributors, forKey: CodingKeys.contributors, named: "contributors")
        try container.encode(self.retweetedStatus, forKey: CodingKeys.retweetedStatus, named: "retweeted_status")
        try container.encode(self.retweetCount, forKey: CodingKeys.retweetCount, named: "retweet_count")
        try container.encode(self.favoriteCount, forKey: CodingKeys.favoriteCount, named: "favorite_count")
        try container.encode(self.entities, forKey: CodingKeys.entities, named: "entities")
        try container.encode(self.favorited, forKey: CodingKeys.favorited, named: "favorited")
        try container.encode(self.retweeted, forKey: CodingKeys.retweeted, named: "retweeted")
        try container.encode(self.possiblySensitive, forKey: CodingKeys.possiblySensitive, named: "possibly_sensitive")
        try container.encode(self.lang, forKey: CodingKeys.lang, named: "lang")
        container.end()
    }
}

extension TwitterStatusMetadata: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.resultType = try container.decode(memberType(\.resultType), forKey: CodingKeys.resultType, named: "result_type")
        self.isoLanguageCode = try container.decode(memberType(\.isoLanguageCode), forKey: CodingKeys.isoLanguageCode, named: "iso_language_code")
    }
}

extension TwitterStatusMetadata: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.resultType, forKey: CodingKeys.resultType, named: "result_type")
        try container.encode(self.isoLanguageCode, forKey: CodingKeys.isoLanguageCode, named: "iso_language_code")
        container.end()
    }
}

extension TwitterUser: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "id_str")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.screenName = try container.decode(memberType(\.screenName), forKey: CodingKeys.screenName, named: "screen_name")
        self.location = try container.decode(memberType(\.location), forKey: CodingKeys.location, named: "location")
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.entities = try container.decode(memberType(\.entities), forKey: CodingKeys.entities, named: "entities")
        self.protected = try container.decode(memberType(\.protected), forKey: CodingKeys.protected, named: "protected")
        self.followersCount = try container.decode(memberType(\.followersCount), forKey: CodingKeys.followersCount, named: "followers_count")
        self.friendsCount = try container.decode(memberType(\.friendsCount), forKey: CodingKeys.friendsCount, named: "friends_count")
        self.listedCount = try container.decode(memberType(\.listedCount), forKey: CodingKeys.listedCount, named: "listed_count")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "created_at")
        self.favouritesCount = try container.decode(memberType(\.favouritesCount), forKey: CodingKeys.favouritesCount, named: "favourites_count")
        self.utcOffset = try container.decode(memberType(\.utcOffset), forKey: CodingKeys.utcOffset, named: "utc_offset")
        self.timeZone = try container.decode(memberType(\.timeZone), forKey: CodingKeys.timeZone, named: "time_zone")
        self.geoEnabled = try container.decode(memberType(\.geoEnabled), forKey: CodingKeys.geoEnabled, named: "geo_enabled")
        self.verified = try container.decode(memberType(\.verified), forKey: CodingKeys.verified, named: "verified")
        self.statusesCount = try container.decode(memberType(\.statusesCount), forKey: CodingKeys.statusesCount, named: "statuses_count")
        self.lang = try container.decode(memberType(\.lang), forKey: CodingKeys.lang, named: "lang")
        self.contributorsEnabled = try container.decode(memberType(\.contributorsEnabled), forKey: CodingKeys.contributorsEnabled, named: "contributors_enabled")
        self.isTranslator = try container.decode(memberType(\.isTranslator), forKey: CodingKeys.isTranslator, named: "is_translator")
        self.isTranslationEnabled = try container.decode(memberType(\.isTranslationEnabled), forKey: CodingKeys.isTranslationEnabled, named: "is_translation_enabled")
        self.profileBackgroundColor = try container.decode(memberType(\.profileBackgroundColor), forKey: CodingKeys.profileBackgroundColor, named: "profile_background_color")
        self.profileBackgroundImageUrl = try container.decode(memberType(\.profileBackgroundImageUrl), forKey: CodingKeys.profileBackgroundImageUrl, named: "profile_background_image_url")
        self.profileBackgroundImageUrlHttps = try container.decode(memberType(\.profileBackgroundImageUrlHttps), forKey: CodingKeys.profileBackgroundImageUrlHttps, named: "profile_background_image_url_https")
        self.profileBackgroundTile = try container.decode(memberType(\.profileBackgroundTile), forKey: CodingKeys.profileBackgroundTile, named: "profile_background_tile")
        self.profileImageUrl = try container.decode(memberType(\.profileImageUrl), forKey: CodingKeys.profileImageUrl, named: "profile_image_url")
        self.profileImageUrlHttps = try container.decode(memberType(\.profileImageUrlHttps), forKey: CodingKeys.profileImageUrlHttps, named: "profile_image_url_https")
        self.profileBannerUrl = try container.decode(memberType(\.profileBannerUrl), forKey: CodingKeys.profileBannerUrl, named: "profile_banner_url")
        self.profileLinkColor = try container.decode(memberType(\.profileLinkColor), forKey: CodingKeys.profileLinkColor, named: "profile_link_color")
        self.profileSidebarBorderColor = try container.decode(memberType(\.profileSidebarBorderColor), forKey: CodingKeys.profileSidebarBorderColor, named: "profile_sidebar_border_color")
        self.profileSidebarFillColor = try container.decode(memberType(\.profileSidebarFillColor), forKey: CodingKeys.profileSidebarFillColor, named: "profile_sidebar_fill_color")
        self.profileTextColor = try container.decode(memberType(\.profileTextColor), forKey: CodingKeys.profileTextColor, named: "profile_text_color")
        self.profileUseBackgroundImage = try container.decode(memberType(\.profileUseBackgroundImage), forKey: CodingKeys.profileUseBackgroundImage, named: "profile_use_background_image")
        self.defaultProfile = try container.decode(memberType(\.defaultProfile), forKey: CodingKeys.defaultProfile, named: "default_profile")
        self.defaultProfileImage = try container.decode(memberType(\.defaultProfileImage), forKey: CodingKeys.defaultProfileImage, named: "default_profile_image")
        self.following = try container.decode(memberType(\.following), forKey: CodingKeys.following, named: "following")
        self.followRequestSent = try container.decode(memberType(\.followRequestSent), forKey: CodingKeys.followRequestSent, named: "follow_request_sent")
        self.notifications = try container.decode(memberType(\.notifications), forKey: CodingKeys.notifications, named: "notifications")
    }
}

extension TwitterUser: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "id_str")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.screenName, forKey: CodingKeys.screenName, named: "screen_name")
        try container.encode(self.location, forKey: CodingKeys.location, named: "location")
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.entities, forKey: CodingKeys.entities, named: "entities")
        try container.encode(self.protected, forKey: CodingKeys.protected, named: "protected")
        try container.encode(self.followersCount, forKey: CodingKeys.followersCount, named: "followers_count")
        try container.encode(self.friendsCount, forKey: CodingKeys.friendsCount, named: "friends_count")
        try container.encode(self.listedCount, forKey: CodingKeys.listedCount, named: "listed_count")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "created_at")
        try container.encode(self.favouritesCount, forKey: CodingKeys.favouritesCount, named: "favourites_count")
        try container.encode(self.utcOffset, forKey: CodingKeys.utcOffset, named: "utc_offset")
        try container.encode(self.timeZone, forKey: CodingKeys.timeZone, named: "time_zone")
        try container.encode(self.geoEnabled, forKey: CodingKeys.geoEnabled, named: "geo_enabled")
        try container.encode(self.verified, forKey: CodingKeys.verified, named: "verified")
        try container.encode(self.statusesCount, forKey: CodingKeys.statusesCount, named: "statuses_count")
        try container.encode(self.lang, forKey: CodingKeys.lang, named: "lang")
        try container.encode(self.contributorsEnabled, forKey: CodingKeys.contributorsEnabled, named: "contributors_enabled")
        try container.encode(self.isTranslator, forKey: CodingKeys.isTranslator, named: "is_translator")
        try container.encode(self.isTranslationEnabled, forKey: CodingKeys.isTranslationEnabled, named: "is_translation_enabled")
        try container.encode(self.profileBackgroundColor, forKey: CodingKeys.profileBackgroundColor, named: "profile_background_color")
        try container.encode(self.profileBackgroundImageUrl, forKey: CodingKeys.profileBackgroundImageUrl, named: "profile_background_image_url")
        try container.encode(self.profileBackgroundImageUrlHttps, forKey: CodingKeys.profileBackgroundImageUrlHttps, named: "profile_background_image_url_https")
        try container.encode(self.profileBackgroundTile, forKey: CodingKeys.profileBackgroundTile, named: "profile_background_tile")
        try container.encode(self.profileImageUrl, forKey: CodingKeys.profileImageUrl, named: "profile_image_url")
        try container.encode(self.profileImageUrlHttps, forKey: CodingKeys.profileImageUrlHttps, named: "profile_image_url_https")
        try container.encode(self.profileBannerUrl, forKey: CodingKeys.profileBannerUrl, named: "profile_banner_url")
        try container.encode(self.profileLinkColor, forKey: CodingKeys.profileLinkColor, named: "profile_link_color")
        try container.encode(self.profileSidebarBorderColor, forKey: CodingKeys.profileSidebarBorderColor, named: "profile_sidebar_border_color")
        try container.encode(self.profileSidebarFillColor, forKey: CodingKeys.profileSidebarFillColor, named: "profile_sidebar_fill_color")
        try container.encode(self.profileTextColor, forKey: CodingKeys.profileTextColor, named: "profile_text_color")
        try container.encode(self.profileUseBackgroundImage, forKey: CodingKeys.profileUseBackgroundImage, named: "profile_use_background_image")
        try container.encode(self.defaultProfile, forKey: CodingKeys.defaultProfile, named: "default_profile")
        try container.encode(self.defaultProfileImage, forKey: CodingKeys.defaultProfileImage, named: "default_profile_image")
        try container.encode(self.following, forKey: CodingKeys.following, named: "following")
        try container.encode(self.followRequestSent, forKey: CodingKeys.followRequestSent, named: "follow_request_sent")
        try container.encode(self.notifications, forKey: CodingKeys.notifications, named: "notifications")
        container.end()
    }
}

extension TwitterUserEntities: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
    }
}

extension TwitterUserEntities: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        container.end()
    }
}

extension TwitterURLList: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.urls = try container.decode(memberType(\.urls), forKey: CodingKeys.urls, named: "urls")
    }
}

extension TwitterURLList: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.urls, forKey: CodingKeys.urls, named: "urls")
        container.end()
    }
}

extension TwitterEntities: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.hashtags = try container.decode(memberType(\.hashtags), forKey: CodingKeys.hashtags, named: "hashtags")
        self.symbols = try container.decode(memberType(\.symbols), forKey: CodingKeys.symbols, named: "symbols")
        self.urls = try container.decode(memberType(\.urls), forKey: CodingKeys.urls, named: "urls")
        self.userMentions = try container.decode(memberType(\.userMentions), forKey: CodingKeys.userMentions, named: "user_mentions")
        self.media = try container.decode(memberType(\.media), forKey: CodingKeys.media, named: "media")
    }
}

extension TwitterEntities: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.hashtags, forKey: CodingKeys.hashtags, named: "hashtags")
        try container.encode(self.symbols, forKey: CodingKeys.symbols, named: "symbols")
        try container.encode(self.urls, forKey: CodingKeys.urls, named: "urls")
        try container.encode(self.userMentions, forKey: CodingKeys.userMentions, named: "user_mentions")
        try container.encode(self.media, forKey: CodingKeys.media, named: "media")
        container.end()
    }
}

extension TwitterHashtag: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.text = try container.decode(memberType(\.text), forKey: CodingKeys.text, named: "text")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
    }
}

extension TwitterHashtag: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.text, forKey: CodingKeys.text, named: "text")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        container.end()
    }
}

extension TwitterURL: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.expandedUrl = try container.decode(memberType(\.expandedUrl), forKey: CodingKeys.expandedUrl, named: "expanded_url")
        self.displayUrl = try container.decode(memberType(\.displayUrl), forKey: CodingKeys.displayUrl, named: "display_url")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
    }
}

extension TwitterURL: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.expandedUrl, forKey: CodingKeys.expandedUrl, named: "expanded_url")
        try container.encode(self.displayUrl, forKey: CodingKeys.displayUrl, named: "display_url")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        container.end()
    }
}

extension TwitterUserMention: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.screenName = try container.decode(memberType(\.screenName), forKey: CodingKeys.screenName, named: "screen_name")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "id_str")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
    }
}

extension TwitterUserMention: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.screenName, forKey: CodingKeys.screenName, named: "screen_name")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "id_str")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        container.end()
    }
}

extension TwitterMedia: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "id_str")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
        self.mediaUrl = try container.decode(memberType(\.mediaUrl), forKey: CodingKeys.mediaUrl, named: "media_url")
        self.mediaUrlHttps = try container.decode(memberType(\.mediaUrlHttps), forKey: CodingKeys.mediaUrlHttps, named: "media_url_https")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.displayUrl = try container.decode(memberType(\.displayUrl), forKey: CodingKeys.displayUrl, named: "display_url")
        self.expandedUrl = try container.decode(memberType(\.expandedUrl), forKey: CodingKeys.expandedUrl, named: "expanded_url")
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.sizes = try container.decode(memberType(\.sizes), forKey: CodingKeys.sizes, named: "sizes")
        self.sourceStatusId = try container.decode(memberType(\.sourceStatusId), forKey: CodingKeys.sourceStatusId, named: "source_status_id")
        self.sourceStatusIdStr = try container.decode(memberType(\.sourceStatusIdStr), forKey: CodingKeys.sourceStatusIdStr, named: "source_status_id_str")
    }
}

extension TwitterMedia: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "id_str")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        try container.encode(self.mediaUrl, forKey: CodingKeys.mediaUrl, named: "media_url")
        try container.encode(self.mediaUrlHttps, forKey: CodingKeys.mediaUrlHttps, named: "media_url_https")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.displayUrl, forKey: CodingKeys.displayUrl, named: "display_url")
        try container.encode(self.expandedUrl, forKey: CodingKeys.expandedUrl, named: "expanded_url")
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.sizes, forKey: CodingKeys.sizes, named: "sizes")
        try container.encode(self.sourceStatusId, forKey: CodingKeys.sourceStatusId, named: "source_status_id")
        try container.encode(self.sourceStatusIdStr, forKey: CodingKeys.sourceStatusIdStr, named: "source_status_id_str")
        container.end()
    }
}

extension TwitterMediaSizes: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.medium = try container.decode(memberType(\.medium), forKey: CodingKeys.medium, named: "medium")
        self.small = try container.decode(memberType(\.small), forKey: CodingKeys.small, named: "small")
        self.thumb = try container.decode(memberType(\.thumb), forKey: CodingKeys.thumb, named: "thumb")
        self.large = try container.decode(memberType(\.large), forKey: CodingKeys.large, named: "large")
    }
}

extension TwitterMediaSizes: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.medium, forKey: CodingKeys.medium, named: "medium")
        try container.encode(self.small, forKey: CodingKeys.small, named: "small")
        try container.encode(self.thumb, forKey: CodingKeys.thumb, named: "thumb")
        try container.encode(self.large, forKey: CodingKeys.large, named: "large")
        container.end()
    }
}

extension TwitterMediaSize: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.w = try container.decode(memberType(\.w), forKey: CodingKeys.w, named: "w")
        self.h = try container.decode(memberType(\.h), forKey: CodingKeys.h, named: "h")
        self.resize = try container.decode(memberType(\.resize), forKey: CodingKeys.resize, named: "resize")
    }
}

extension TwitterMediaSize: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.w, forKey: CodingKeys.w, named: "w")
        try container.encode(self.h, forKey: CodingKeys.h, named: "h")
        try container.encode(self.resize, forKey: CodingKeys.resize, named: "resize")
        container.end()
    }
}

extension TwitterCoordinates: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.coordinates = try container.decode(memberType(\.coordinates), forKey: CodingKeys.coordinates, named: "coordinates")
    }
}

extension TwitterCoordinates: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.coordinates, forKey: CodingKeys.coordinates, named: "coordinates")
        container.end()
    }
}

extension TwitterPlace: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.placeType = try container.decode(memberType(\.placeType), forKey: CodingKeys.placeType, named: "place_type")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.fullName = try container.decode(memberType(\.fullName), forKey: CodingKeys.fullName, named: "full_name")
        self.countryCode = try container.decode(memberType(\.countryCode), forKey: CodingKeys.countryCode, named: "country_code")
        self.country = try container.decode(memberType(\.country), forKey: CodingKeys.country, named: "country")
    }
}

extension TwitterPlace: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.placeType, forKey: CodingKeys.placeType, named: "place_type")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.fullName, forKey: CodingKeys.fullName, named: "full_name")
        try container.encode(self.countryCode, forKey: CodingKeys.countryCode, named: "country_code")
        try container.encode(self.country, forKey: CodingKeys.country, named: "country")
        container.end()
    }
}
