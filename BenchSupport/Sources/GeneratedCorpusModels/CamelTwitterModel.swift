// Generated from CorpusModels/CamelTwitterModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import Foundation
import TapeJSON

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

    private enum CodingKeys: String, CodingKey {
        case statuses, searchMetadata
    }
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

    private enum CodingKeys: String, CodingKey {
        case completedIn, maxId, maxIdStr, nextResults, query, refreshUrl, count, sinceId, sinceIdStr
    }
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
    public var retweetedStatus: Indirect<CamelTwitterStatus>?
    public var retweetCount: Int
    public var favoriteCount: Int
    public var entities: CamelTwitterEntities
    public var favorited: Bool
    public var retweeted: Bool
    public var possiblySensitive: Bool?
    public var lang: String

    private enum CodingKeys: String, CodingKey {
        case metadata, createdAt, id, idStr, text, source, truncated, inReplyToStatusId, inReplyToStatusIdStr, inReplyToUserId, inReplyToUserIdStr, inReplyToScreenName, user, geo, coordinates, place, contributors, retweetedStatus, retweetCount, favoriteCount, entities, favorited, retweeted, possiblySensitive, lang
    }
}

/// A status's `metadata`.
public struct CamelTwitterStatusMetadata: Codable, Equatable, Sendable {
    public var resultType: String
    public var isoLanguageCode: String

    private enum CodingKeys: String, CodingKey {
        case resultType, isoLanguageCode
    }
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

    private enum CodingKeys: String, CodingKey {
        case id, idStr, name, screenName, location, description, url, entities, protected, followersCount, friendsCount, listedCount, createdAt, favouritesCount, utcOffset, timeZone, geoEnabled, verified, statusesCount, lang, contributorsEnabled, isTranslator, isTranslationEnabled, profileBackgroundColor, profileBackgroundImageUrl, profileBackgroundImageUrlHttps, profileBackgroundTile, profileImageUrl, profileImageUrlHttps, profileBannerUrl, profileLinkColor, profileSidebarBorderColor, profileSidebarFillColor, profileTextColor, profileUseBackgroundImage, defaultProfile, defaultProfileImage, following, followRequestSent, notifications
    }
}

/// A user's `entities`: the links in the profile URL (when there is one) and in the description.
public struct CamelTwitterUserEntities: Codable, Equatable, Sendable {
    public var url: CamelTwitterURLList?
    public var description: CamelTwitterURLList

    private enum CodingKeys: String, CodingKey {
        case url, description
    }
}

/// `{"urls": [...]}`.
public struct CamelTwitterURLList: Codable, Equatable, Sendable {
    public var urls: [CamelTwitterURL]

    private enum CodingKeys: String, CodingKey {
        case urls
    }
}

/// A status's `entities`: what the text mentions and links to.
public struct CamelTwitterEntities: Codable, Equatable, Sendable {
    public var hashtags: [CamelTwitterHashtag]
    /// Cashtags (`$AAPL`); same shape as hashtags.
    public var symbols: [CamelTwitterHashtag]
    public var urls: [CamelTwitterURL]
    public var userMentions: [CamelTwitterUserMention]
    public var media: [CamelTwitterMedia]?

    private enum CodingKeys: String, CodingKey {
        case hashtags, symbols, urls, userMentions, media
    }
}

/// A hashtag (or cashtag) and where it sits in the text.
public struct CamelTwitterHashtag: Codable, Equatable, Sendable {
    public var text: String
    public var indices: [Int]

    private enum CodingKeys: String, CodingKey {
        case text, indices
    }
}

/// A link, with its shortened, expanded and displayed forms.
public struct CamelTwitterURL: Codable, Equatable, Sendable {
    public var url: String
    public var expandedUrl: String
    public var displayUrl: String
    public var indices: [Int]

    private enum CodingKeys: String, CodingKey {
        case url, expandedUrl, displayUrl, indices
    }
}

/// An `@mention`.
public struct CamelTwitterUserMention: Codable, Equatable, Sendable {
    public var screenName: String
    public var name: String
    public var id: Int64
    public var idStr: String
    public var indices: [Int]

    private enum CodingKeys: String, CodingKey {
        case screenName, name, id, idStr, indices
    }
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

    private enum CodingKeys: String, CodingKey {
        case id, idStr, indices, mediaUrl, mediaUrlHttps, url, displayUrl, expandedUrl, type, sizes, sourceStatusId, sourceStatusIdStr
    }
}

/// The renditions of a photo.
public struct CamelTwitterMediaSizes: Codable, Equatable, Sendable {
    public var medium: CamelTwitterMediaSize
    public var small: CamelTwitterMediaSize
    public var thumb: CamelTwitterMediaSize
    public var large: CamelTwitterMediaSize

    private enum CodingKeys: String, CodingKey {
        case medium, small, thumb, large
    }
}

/// One rendition: its pixel size and how it was resized (`fit` or `crop`).
public struct CamelTwitterMediaSize: Codable, Equatable, Sendable {
    public var w: Int
    public var h: Int
    public var resize: String

    private enum CodingKeys: String, CodingKey {
        case w, h, resize
    }
}

/// A GeoJSON point, as in `geo` and `coordinates` (`type` is `"Point"`).
public struct CamelTwitterCoordinates: Codable, Equatable, Sendable {
    public var type: String
    public var coordinates: [Double]

    private enum CodingKeys: String, CodingKey {
        case type, coordinates
    }
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

    private enum CodingKeys: String, CodingKey {
        case id, url, placeType, name, fullName, countryCode, country
    }
}

extension CamelTwitterSearch: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.statuses = try container.decode(memberType(\.statuses), forKey: CodingKeys.statuses, named: "statuses")
        self.searchMetadata = try container.decode(memberType(\.searchMetadata), forKey: CodingKeys.searchMetadata, named: "searchMetadata")
    }
}

extension CamelTwitterSearch: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.statuses, forKey: CodingKeys.statuses, named: "statuses")
        try container.encode(self.searchMetadata, forKey: CodingKeys.searchMetadata, named: "searchMetadata")
        container.end()
    }
}

extension CamelTwitterSearchMetadata: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.completedIn = try container.decode(memberType(\.completedIn), forKey: CodingKeys.completedIn, named: "completedIn")
        self.maxId = try container.decode(memberType(\.maxId), forKey: CodingKeys.maxId, named: "maxId")
        self.maxIdStr = try container.decode(memberType(\.maxIdStr), forKey: CodingKeys.maxIdStr, named: "maxIdStr")
        self.nextResults = try container.decode(memberType(\.nextResults), forKey: CodingKeys.nextResults, named: "nextResults")
        self.query = try container.decode(memberType(\.query), forKey: CodingKeys.query, named: "query")
        self.refreshUrl = try container.decode(memberType(\.refreshUrl), forKey: CodingKeys.refreshUrl, named: "refreshUrl")
        self.count = try container.decode(memberType(\.count), forKey: CodingKeys.count, named: "count")
        self.sinceId = try container.decode(memberType(\.sinceId), forKey: CodingKeys.sinceId, named: "sinceId")
        self.sinceIdStr = try container.decode(memberType(\.sinceIdStr), forKey: CodingKeys.sinceIdStr, named: "sinceIdStr")
    }
}

extension CamelTwitterSearchMetadata: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.completedIn, forKey: CodingKeys.completedIn, named: "completedIn")
        try container.encode(self.maxId, forKey: CodingKeys.maxId, named: "maxId")
        try container.encode(self.maxIdStr, forKey: CodingKeys.maxIdStr, named: "maxIdStr")
        try container.encode(self.nextResults, forKey: CodingKeys.nextResults, named: "nextResults")
        try container.encode(self.query, forKey: CodingKeys.query, named: "query")
        try container.encode(self.refreshUrl, forKey: CodingKeys.refreshUrl, named: "refreshUrl")
        try container.encode(self.count, forKey: CodingKeys.count, named: "count")
        try container.encode(self.sinceId, forKey: CodingKeys.sinceId, named: "sinceId")
        try container.encode(self.sinceIdStr, forKey: CodingKeys.sinceIdStr, named: "sinceIdStr")
        container.end()
    }
}

extension CamelTwitterStatus: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.metadata = try container.decode(memberType(\.metadata), forKey: CodingKeys.metadata, named: "metadata")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "createdAt")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "idStr")
        self.text = try container.decode(memberType(\.text), forKey: CodingKeys.text, named: "text")
        self.source = try container.decode(memberType(\.source), forKey: CodingKeys.source, named: "source")
        self.truncated = try container.decode(memberType(\.truncated), forKey: CodingKeys.truncated, named: "truncated")
        self.inReplyToStatusId = try container.decode(memberType(\.inReplyToStatusId), forKey: CodingKeys.inReplyToStatusId, named: "inReplyToStatusId")
        self.inReplyToStatusIdStr = try container.decode(memberType(\.inReplyToStatusIdStr), forKey: CodingKeys.inReplyToStatusIdStr, named: "inReplyToStatusIdStr")
        self.inReplyToUserId = try container.decode(memberType(\.inReplyToUserId), forKey: CodingKeys.inReplyToUserId, named: "inReplyToUserId")
        self.inReplyToUserIdStr = try container.decode(memberType(\.inReplyToUserIdStr), forKey: CodingKeys.inReplyToUserIdStr, named: "inReplyToUserIdStr")
        self.inReplyToScreenName = try container.decode(memberType(\.inReplyToScreenName), forKey: CodingKeys.inReplyToScreenName, named: "inReplyToScreenName")
        self.user = try container.decode(memberType(\.user), forKey: CodingKeys.user, named: "user")
        self.geo = try container.decode(memberType(\.geo), forKey: CodingKeys.geo, named: "geo")
        self.coordinates = try container.decode(memberType(\.coordinates), forKey: CodingKeys.coordinates, named: "coordinates")
        self.place = try container.decode(memberType(\.place), forKey: CodingKeys.place, named: "place")
        self.contributors = try container.decode(memberType(\.contributors), forKey: CodingKeys.contributors, named: "contributors")
        self.retweetedStatus = try container.decode(memberType(\.retweetedStatus), forKey: CodingKeys.retweetedStatus, named: "retweetedStatus")
        self.retweetCount = try container.decode(memberType(\.retweetCount), forKey: CodingKeys.retweetCount, named: "retweetCount")
        self.favoriteCount = try container.decode(memberType(\.favoriteCount), forKey: CodingKeys.favoriteCount, named: "favoriteCount")
        self.entities = try container.decode(memberType(\.entities), forKey: CodingKeys.entities, named: "entities")
        self.favorited = try container.decode(memberType(\.favorited), forKey: CodingKeys.favorited, named: "favorited")
        self.retweeted = try container.decode(memberType(\.retweeted), forKey: CodingKeys.retweeted, named: "retweeted")
        self.possiblySensitive = try container.decode(memberType(\.possiblySensitive), forKey: CodingKeys.possiblySensitive, named: "possiblySensitive")
        self.lang = try container.decode(memberType(\.lang), forKey: CodingKeys.lang, named: "lang")
    }
}

extension CamelTwitterStatus: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.metadata, forKey: CodingKeys.metadata, named: "metadata")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "createdAt")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "idStr")
        try container.encode(self.text, forKey: CodingKeys.text, named: "text")
        try container.encode(self.source, forKey: CodingKeys.source, named: "source")
        try container.encode(self.truncated, forKey: CodingKeys.truncated, named: "truncated")
        try container.encode(self.inReplyToStatusId, forKey: CodingKeys.inReplyToStatusId, named: "inReplyToStatusId")
        try container.encode(self.inReplyToStatusIdStr, forKey: CodingKeys.inReplyToStatusIdStr, named: "inReplyToStatusIdStr")
        try container.encode(self.inReplyToUserId, forKey: CodingKeys.inReplyToUserId, named: "inReplyToUserId")
        try container.encode(self.inReplyToUserIdStr, forKey: CodingKeys.inReplyToUserIdStr, named: "inReplyToUserIdStr")
        try container.encode(self.inReplyToScreenName, forKey: CodingKeys.inReplyToScreenName, named: "inReplyToScreenName")
        try container.encode(self.user, forKey: CodingKeys.user, named: "user")
        try container.encode(self.geo, forKey: CodingKeys.geo, named: "geo")
        try container.encode(self.coordinates, forKey: CodingKeys.coordinates, named: "coordinates")
        try container.encode(self.place, forKey: CodingKeys.place, named: "place")
        try container.encode(self.contributors, forKey: CodingKeys.contributors, named: "contributors")
        try container.encode(self.retweetedStatus, forKey: CodingKeys.retweetedStatus, named: "retweetedStatus")
        try container.encode(self.retweetCount, forKey: CodingKeys.retweetCount, named: "retweetCount")
        try container.encode(self.favoriteCount, forKey: CodingKeys.favoriteCount, named: "favoriteCount")
        try container.encode(self.entities, forKey: CodingKeys.entities, named: "entities")
        try container.encode(self.favorited, forKey: CodingKeys.favorited, named: "favorited")
        try container.encode(self.retweeted, forKey: CodingKeys.retweeted, named: "retweeted")
        try container.encode(self.possiblySensitive, forKey: CodingKeys.possiblySensitive, named: "possiblySensitive")
        try container.encode(self.lang, forKey: CodingKeys.lang, named: "lang")
        container.end()
    }
}

extension CamelTwitterStatusMetadata: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.resultType = try container.decode(memberType(\.resultType), forKey: CodingKeys.resultType, named: "resultType")
        self.isoLanguageCode = try container.decode(memberType(\.isoLanguageCode), forKey: CodingKeys.isoLanguageCode, named: "isoLanguageCode")
    }
}

extension CamelTwitterStatusMetadata: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.resultType, forKey: CodingKeys.resultType, named: "resultType")
        try container.encode(self.isoLanguageCode, forKey: CodingKeys.isoLanguageCode, named: "isoLanguageCode")
        container.end()
    }
}

extension CamelTwitterUser: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "idStr")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.screenName = try container.decode(memberType(\.screenName), forKey: CodingKeys.screenName, named: "screenName")
        self.location = try container.decode(memberType(\.location), forKey: CodingKeys.location, named: "location")
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.entities = try container.decode(memberType(\.entities), forKey: CodingKeys.entities, named: "entities")
        self.protected = try container.decode(memberType(\.protected), forKey: CodingKeys.protected, named: "protected")
        self.followersCount = try container.decode(memberType(\.followersCount), forKey: CodingKeys.followersCount, named: "followersCount")
        self.friendsCount = try container.decode(memberType(\.friendsCount), forKey: CodingKeys.friendsCount, named: "friendsCount")
        self.listedCount = try container.decode(memberType(\.listedCount), forKey: CodingKeys.listedCount, named: "listedCount")
        self.createdAt = try container.decode(memberType(\.createdAt), forKey: CodingKeys.createdAt, named: "createdAt")
        self.favouritesCount = try container.decode(memberType(\.favouritesCount), forKey: CodingKeys.favouritesCount, named: "favouritesCount")
        self.utcOffset = try container.decode(memberType(\.utcOffset), forKey: CodingKeys.utcOffset, named: "utcOffset")
        self.timeZone = try container.decode(memberType(\.timeZone), forKey: CodingKeys.timeZone, named: "timeZone")
        self.geoEnabled = try container.decode(memberType(\.geoEnabled), forKey: CodingKeys.geoEnabled, named: "geoEnabled")
        self.verified = try container.decode(memberType(\.verified), forKey: CodingKeys.verified, named: "verified")
        self.statusesCount = try container.decode(memberType(\.statusesCount), forKey: CodingKeys.statusesCount, named: "statusesCount")
        self.lang = try container.decode(memberType(\.lang), forKey: CodingKeys.lang, named: "lang")
        self.contributorsEnabled = try container.decode(memberType(\.contributorsEnabled), forKey: CodingKeys.contributorsEnabled, named: "contributorsEnabled")
        self.isTranslator = try container.decode(memberType(\.isTranslator), forKey: CodingKeys.isTranslator, named: "isTranslator")
        self.isTranslationEnabled = try container.decode(memberType(\.isTranslationEnabled), forKey: CodingKeys.isTranslationEnabled, named: "isTranslationEnabled")
        self.profileBackgroundColor = try container.decode(memberType(\.profileBackgroundColor), forKey: CodingKeys.profileBackgroundColor, named: "profileBackgroundColor")
        self.profileBackgroundImageUrl = try container.decode(memberType(\.profileBackgroundImageUrl), forKey: CodingKeys.profileBackgroundImageUrl, named: "profileBackgroundImageUrl")
        self.profileBackgroundImageUrlHttps = try container.decode(memberType(\.profileBackgroundImageUrlHttps), forKey: CodingKeys.profileBackgroundImageUrlHttps, named: "profileBackgroundImageUrlHttps")
        self.profileBackgroundTile = try container.decode(memberType(\.profileBackgroundTile), forKey: CodingKeys.profileBackgroundTile, named: "profileBackgroundTile")
        self.profileImageUrl = try container.decode(memberType(\.profileImageUrl), forKey: CodingKeys.profileImageUrl, named: "profileImageUrl")
        self.profileImageUrlHttps = try container.decode(memberType(\.profileImageUrlHttps), forKey: CodingKeys.profileImageUrlHttps, named: "profileImageUrlHttps")
        self.profileBannerUrl = try container.decode(memberType(\.profileBannerUrl), forKey: CodingKeys.profileBannerUrl, named: "profileBannerUrl")
        self.profileLinkColor = try container.decode(memberType(\.profileLinkColor), forKey: CodingKeys.profileLinkColor, named: "profileLinkColor")
        self.profileSidebarBorderColor = try container.decode(memberType(\.profileSidebarBorderColor), forKey: CodingKeys.profileSidebarBorderColor, named: "profileSidebarBorderColor")
        self.profileSidebarFillColor = try container.decode(memberType(\.profileSidebarFillColor), forKey: CodingKeys.profileSidebarFillColor, named: "profileSidebarFillColor")
        self.profileTextColor = try container.decode(memberType(\.profileTextColor), forKey: CodingKeys.profileTextColor, named: "profileTextColor")
        self.profileUseBackgroundImage = try container.decode(memberType(\.profileUseBackgroundImage), forKey: CodingKeys.profileUseBackgroundImage, named: "profileUseBackgroundImage")
        self.defaultProfile = try container.decode(memberType(\.defaultProfile), forKey: CodingKeys.defaultProfile, named: "defaultProfile")
        self.defaultProfileImage = try container.decode(memberType(\.defaultProfileImage), forKey: CodingKeys.defaultProfileImage, named: "defaultProfileImage")
        self.following = try container.decode(memberType(\.following), forKey: CodingKeys.following, named: "following")
        self.followRequestSent = try container.decode(memberType(\.followRequestSent), forKey: CodingKeys.followRequestSent, named: "followRequestSent")
        self.notifications = try container.decode(memberType(\.notifications), forKey: CodingKeys.notifications, named: "notifications")
    }
}

extension CamelTwitterUser: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "idStr")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.screenName, forKey: CodingKeys.screenName, named: "screenName")
        try container.encode(self.location, forKey: CodingKeys.location, named: "location")
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.entities, forKey: CodingKeys.entities, named: "entities")
        try container.encode(self.protected, forKey: CodingKeys.protected, named: "protected")
        try container.encode(self.followersCount, forKey: CodingKeys.followersCount, named: "followersCount")
        try container.encode(self.friendsCount, forKey: CodingKeys.friendsCount, named: "friendsCount")
        try container.encode(self.listedCount, forKey: CodingKeys.listedCount, named: "listedCount")
        try container.encode(self.createdAt, forKey: CodingKeys.createdAt, named: "createdAt")
        try container.encode(self.favouritesCount, forKey: CodingKeys.favouritesCount, named: "favouritesCount")
        try container.encode(self.utcOffset, forKey: CodingKeys.utcOffset, named: "utcOffset")
        try container.encode(self.timeZone, forKey: CodingKeys.timeZone, named: "timeZone")
        try container.encode(self.geoEnabled, forKey: CodingKeys.geoEnabled, named: "geoEnabled")
        try container.encode(self.verified, forKey: CodingKeys.verified, named: "verified")
        try container.encode(self.statusesCount, forKey: CodingKeys.statusesCount, named: "statusesCount")
        try container.encode(self.lang, forKey: CodingKeys.lang, named: "lang")
        try container.encode(self.contributorsEnabled, forKey: CodingKeys.contributorsEnabled, named: "contributorsEnabled")
        try container.encode(self.isTranslator, forKey: CodingKeys.isTranslator, named: "isTranslator")
        try container.encode(self.isTranslationEnabled, forKey: CodingKeys.isTranslationEnabled, named: "isTranslationEnabled")
        try container.encode(self.profileBackgroundColor, forKey: CodingKeys.profileBackgroundColor, named: "profileBackgroundColor")
        try container.encode(self.profileBackgroundImageUrl, forKey: CodingKeys.profileBackgroundImageUrl, named: "profileBackgroundImageUrl")
        try container.encode(self.profileBackgroundImageUrlHttps, forKey: CodingKeys.profileBackgroundImageUrlHttps, named: "profileBackgroundImageUrlHttps")
        try container.encode(self.profileBackgroundTile, forKey: CodingKeys.profileBackgroundTile, named: "profileBackgroundTile")
        try container.encode(self.profileImageUrl, forKey: CodingKeys.profileImageUrl, named: "profileImageUrl")
        try container.encode(self.profileImageUrlHttps, forKey: CodingKeys.profileImageUrlHttps, named: "profileImageUrlHttps")
        try container.encode(self.profileBannerUrl, forKey: CodingKeys.profileBannerUrl, named: "profileBannerUrl")
        try container.encode(self.profileLinkColor, forKey: CodingKeys.profileLinkColor, named: "profileLinkColor")
        try container.encode(self.profileSidebarBorderColor, forKey: CodingKeys.profileSidebarBorderColor, named: "profileSidebarBorderColor")
        try container.encode(self.profileSidebarFillColor, forKey: CodingKeys.profileSidebarFillColor, named: "profileSidebarFillColor")
        try container.encode(self.profileTextColor, forKey: CodingKeys.profileTextColor, named: "profileTextColor")
        try container.encode(self.profileUseBackgroundImage, forKey: CodingKeys.profileUseBackgroundImage, named: "profileUseBackgroundImage")
        try container.encode(self.defaultProfile, forKey: CodingKeys.defaultProfile, named: "defaultProfile")
        try container.encode(self.defaultProfileImage, forKey: CodingKeys.defaultProfileImage, named: "defaultProfileImage")
        try container.encode(self.following, forKey: CodingKeys.following, named: "following")
        try container.encode(self.followRequestSent, forKey: CodingKeys.followRequestSent, named: "followRequestSent")
        try container.encode(self.notifications, forKey: CodingKeys.notifications, named: "notifications")
        container.end()
    }
}

extension CamelTwitterUserEntities: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
    }
}

extension CamelTwitterUserEntities: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        container.end()
    }
}

extension CamelTwitterURLList: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.urls = try container.decode(memberType(\.urls), forKey: CodingKeys.urls, named: "urls")
    }
}

extension CamelTwitterURLList: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.urls, forKey: CodingKeys.urls, named: "urls")
        container.end()
    }
}

extension CamelTwitterEntities: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.hashtags = try container.decode(memberType(\.hashtags), forKey: CodingKeys.hashtags, named: "hashtags")
        self.symbols = try container.decode(memberType(\.symbols), forKey: CodingKeys.symbols, named: "symbols")
        self.urls = try container.decode(memberType(\.urls), forKey: CodingKeys.urls, named: "urls")
        self.userMentions = try container.decode(memberType(\.userMentions), forKey: CodingKeys.userMentions, named: "userMentions")
        self.media = try container.decode(memberType(\.media), forKey: CodingKeys.media, named: "media")
    }
}

extension CamelTwitterEntities: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.hashtags, forKey: CodingKeys.hashtags, named: "hashtags")
        try container.encode(self.symbols, forKey: CodingKeys.symbols, named: "symbols")
        try container.encode(self.urls, forKey: CodingKeys.urls, named: "urls")
        try container.encode(self.userMentions, forKey: CodingKeys.userMentions, named: "userMentions")
        try container.encode(self.media, forKey: CodingKeys.media, named: "media")
        container.end()
    }
}

extension CamelTwitterHashtag: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.text = try container.decode(memberType(\.text), forKey: CodingKeys.text, named: "text")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
    }
}

extension CamelTwitterHashtag: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.text, forKey: CodingKeys.text, named: "text")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        container.end()
    }
}

extension CamelTwitterURL: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.expandedUrl = try container.decode(memberType(\.expandedUrl), forKey: CodingKeys.expandedUrl, named: "expandedUrl")
        self.displayUrl = try container.decode(memberType(\.displayUrl), forKey: CodingKeys.displayUrl, named: "displayUrl")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
    }
}

extension CamelTwitterURL: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.expandedUrl, forKey: CodingKeys.expandedUrl, named: "expandedUrl")
        try container.encode(self.displayUrl, forKey: CodingKeys.displayUrl, named: "displayUrl")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        container.end()
    }
}

extension CamelTwitterUserMention: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.screenName = try container.decode(memberType(\.screenName), forKey: CodingKeys.screenName, named: "screenName")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "idStr")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
    }
}

extension CamelTwitterUserMention: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.screenName, forKey: CodingKeys.screenName, named: "screenName")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "idStr")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        container.end()
    }
}

extension CamelTwitterMedia: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.idStr = try container.decode(memberType(\.idStr), forKey: CodingKeys.idStr, named: "idStr")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
        self.mediaUrl = try container.decode(memberType(\.mediaUrl), forKey: CodingKeys.mediaUrl, named: "mediaUrl")
        self.mediaUrlHttps = try container.decode(memberType(\.mediaUrlHttps), forKey: CodingKeys.mediaUrlHttps, named: "mediaUrlHttps")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.displayUrl = try container.decode(memberType(\.displayUrl), forKey: CodingKeys.displayUrl, named: "displayUrl")
        self.expandedUrl = try container.decode(memberType(\.expandedUrl), forKey: CodingKeys.expandedUrl, named: "expandedUrl")
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.sizes = try container.decode(memberType(\.sizes), forKey: CodingKeys.sizes, named: "sizes")
        self.sourceStatusId = try container.decode(memberType(\.sourceStatusId), forKey: CodingKeys.sourceStatusId, named: "sourceStatusId")
        self.sourceStatusIdStr = try container.decode(memberType(\.sourceStatusIdStr), forKey: CodingKeys.sourceStatusIdStr, named: "sourceStatusIdStr")
    }
}

extension CamelTwitterMedia: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.idStr, forKey: CodingKeys.idStr, named: "idStr")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        try container.encode(self.mediaUrl, forKey: CodingKeys.mediaUrl, named: "mediaUrl")
        try container.encode(self.mediaUrlHttps, forKey: CodingKeys.mediaUrlHttps, named: "mediaUrlHttps")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.displayUrl, forKey: CodingKeys.displayUrl, named: "displayUrl")
        try container.encode(self.expandedUrl, forKey: CodingKeys.expandedUrl, named: "expandedUrl")
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.sizes, forKey: CodingKeys.sizes, named: "sizes")
        try container.encode(self.sourceStatusId, forKey: CodingKeys.sourceStatusId, named: "sourceStatusId")
        try container.encode(self.sourceStatusIdStr, forKey: CodingKeys.sourceStatusIdStr, named: "sourceStatusIdStr")
        container.end()
    }
}

extension CamelTwitterMediaSizes: TapeJSONDecodable {
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

extension CamelTwitterMediaSizes: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.medium, forKey: CodingKeys.medium, named: "medium")
        try container.encode(self.small, forKey: CodingKeys.small, named: "small")
        try container.encode(self.thumb, forKey: CodingKeys.thumb, named: "thumb")
        try container.encode(self.large, forKey: CodingKeys.large, named: "large")
        container.end()
    }
}

extension CamelTwitterMediaSize: TapeJSONDecodable {
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

extension CamelTwitterMediaSize: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.w, forKey: CodingKeys.w, named: "w")
        try container.encode(self.h, forKey: CodingKeys.h, named: "h")
        try container.encode(self.resize, forKey: CodingKeys.resize, named: "resize")
        container.end()
    }
}

extension CamelTwitterCoordinates: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.coordinates = try container.decode(memberType(\.coordinates), forKey: CodingKeys.coordinates, named: "coordinates")
    }
}

extension CamelTwitterCoordinates: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.coordinates, forKey: CodingKeys.coordinates, named: "coordinates")
        container.end()
    }
}

extension CamelTwitterPlace: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.placeType = try container.decode(memberType(\.placeType), forKey: CodingKeys.placeType, named: "placeType")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.fullName = try container.decode(memberType(\.fullName), forKey: CodingKeys.fullName, named: "fullName")
        self.countryCode = try container.decode(memberType(\.countryCode), forKey: CodingKeys.countryCode, named: "countryCode")
        self.country = try container.decode(memberType(\.country), forKey: CodingKeys.country, named: "country")
    }
}

extension CamelTwitterPlace: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.placeType, forKey: CodingKeys.placeType, named: "placeType")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.fullName, forKey: CodingKeys.fullName, named: "fullName")
        try container.encode(self.countryCode, forKey: CodingKeys.countryCode, named: "countryCode")
        try container.encode(self.country, forKey: CodingKeys.country, named: "country")
        container.end()
    }
}
