// Generated from CorpusModels/CitmCatalogModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
/// Models `Corpus/citm_catalog.json`: a concert-hall ticketing catalogue (the Salle Pleyel season), a
/// document of id-keyed lookup tables plus the list of performances with their prices and seating.
///
/// The lookup tables are JSON objects keyed by numeric ids written as strings (`"138586341"`); they are
/// `[String: …]` dictionaries, as in the document. `blockNames` and `subjectNames` are empty, and every
/// `blockIds` list is empty. Nullable fields (`description`, `logo`, `subjectCode`, `subtitle`, `name`,
/// `seatMapImage`) are optional. `start` is a Unix time in milliseconds.
///
/// `CitmCatalog` is the whole document.
public struct CitmCatalog: Codable, Equatable, Sendable {
    public var areaNames: [String: String]
    public var audienceSubCategoryNames: [String: String]
    public var blockNames: [String: String]
    public var events: [String: CitmEvent]
    public var performances: [CitmPerformance]
    public var seatCategoryNames: [String: String]
    public var subTopicNames: [String: String]
    public var subjectNames: [String: String]
    public var topicNames: [String: String]
    public var topicSubTopics: [String: [Int]]
    public var venueNames: [String: String]

    private enum CodingKeys: String, CodingKey {
        case areaNames, audienceSubCategoryNames, blockNames, events, performances, seatCategoryNames, subTopicNames, subjectNames, topicNames, topicSubTopics, venueNames
    }
}

/// An event (a programme), keyed by its id in `events`.
public struct CitmEvent: Codable, Equatable, Sendable {
    public var description: String?
    public var id: Int
    public var logo: String?
    public var name: String
    public var subTopicIds: [Int]
    public var subjectCode: String?
    public var subtitle: String?
    public var topicIds: [Int]

    private enum CodingKeys: String, CodingKey {
        case description, id, logo, name, subTopicIds, subjectCode, subtitle, topicIds
    }
}

/// One performance of an event.
public struct CitmPerformance: Codable, Equatable, Sendable {
    public var eventId: Int
    public var id: Int
    public var logo: String?
    public var name: String?
    public var prices: [CitmPrice]
    public var seatCategories: [CitmSeatCategory]
    public var seatMapImage: String?
    /// Start time, in milliseconds since 1970.
    public var start: Int64
    public var venueCode: String

    private enum CodingKeys: String, CodingKey {
        case eventId, id, logo, name, prices, seatCategories, seatMapImage, start, venueCode
    }
}

/// The price of a seat category for an audience sub-category, in hundredths of the currency unit.
public struct CitmPrice: Codable, Equatable, Sendable {
    public var amount: Int
    public var audienceSubCategoryId: Int
    public var seatCategoryId: Int

    private enum CodingKeys: String, CodingKey {
        case amount, audienceSubCategoryId, seatCategoryId
    }
}

/// The areas a seat category covers.
public struct CitmSeatCategory: Codable, Equatable, Sendable {
    public var areas: [CitmArea]
    public var seatCategoryId: Int

    private enum CodingKeys: String, CodingKey {
        case areas, seatCategoryId
    }
}

/// An area of the hall and its blocks.
public struct CitmArea: Codable, Equatable, Sendable {
    public var areaId: Int
    public var blockIds: [Int]

    private enum CodingKeys: String, CodingKey {
        case areaId, blockIds
    }
}

extension CitmCatalog: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.areaNames = try container.decode(memberType(\.areaNames), forKey: CodingKeys.areaNames, named: "areaNames")
        self.audienceSubCategoryNames = try container.decode(memberType(\.audienceSubCategoryNames), forKey: CodingKeys.audienceSubCategoryNames, named: "audienceSubCategoryNames")
        self.blockNames = try container.decode(memberType(\.blockNames), forKey: CodingKeys.blockNames, named: "blockNames")
        self.events = try container.decode(memberType(\.events), forKey: CodingKeys.events, named: "events")
        self.performances = try container.decode(memberType(\.performances), forKey: CodingKeys.performances, named: "performances")
        self.seatCategoryNames = try container.decode(memberType(\.seatCategoryNames), forKey: CodingKeys.seatCategoryNames, named: "seatCategoryNames")
        self.subTopicNames = try container.decode(memberType(\.subTopicNames), forKey: CodingKeys.subTopicNames, named: "subTopicNames")
        self.subjectNames = try container.decode(memberType(\.subjectNames), forKey: CodingKeys.subjectNames, named: "subjectNames")
        self.topicNames = try container.decode(memberType(\.topicNames), forKey: CodingKeys.topicNames, named: "topicNames")
        self.topicSubTopics = try container.decode(memberType(\.topicSubTopics), forKey: CodingKeys.topicSubTopics, named: "topicSubTopics")
        self.venueNames = try container.decode(memberType(\.venueNames), forKey: CodingKeys.venueNames, named: "venueNames")
    }
}

extension CitmCatalog: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.areaNames, forKey: CodingKeys.areaNames, named: "areaNames")
        try container.encode(self.audienceSubCategoryNames, forKey: CodingKeys.audienceSubCategoryNames, named: "audienceSubCategoryNames")
        try container.encode(self.blockNames, forKey: CodingKeys.blockNames, named: "blockNames")
        try container.encode(self.events, forKey: CodingKeys.events, named: "events")
        try container.encode(self.performances, forKey: CodingKeys.performances, named: "performances")
        try container.encode(self.seatCategoryNames, forKey: CodingKeys.seatCategoryNames, named: "seatCategoryNames")
        try container.encode(self.subTopicNames, forKey: CodingKeys.subTopicNames, named: "subTopicNames")
        try container.encode(self.subjectNames, forKey: CodingKeys.subjectNames, named: "subjectNames")
        try container.encode(self.topicNames, forKey: CodingKeys.topicNames, named: "topicNames")
        try container.encode(self.topicSubTopics, forKey: CodingKeys.topicSubTopics, named: "topicSubTopics")
        try container.encode(self.venueNames, forKey: CodingKeys.venueNames, named: "venueNames")
        container.end()
    }
}

extension CitmEvent: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.description = try container.decode(memberType(\.description), forKey: CodingKeys.description, named: "description")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.logo = try container.decode(memberType(\.logo), forKey: CodingKeys.logo, named: "logo")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.subTopicIds = try container.decode(memberType(\.subTopicIds), forKey: CodingKeys.subTopicIds, named: "subTopicIds")
        self.subjectCode = try container.decode(memberType(\.subjectCode), forKey: CodingKeys.subjectCode, named: "subjectCode")
        self.subtitle = try container.decode(memberType(\.subtitle), forKey: CodingKeys.subtitle, named: "subtitle")
        self.topicIds = try container.decode(memberType(\.topicIds), forKey: CodingKeys.topicIds, named: "topicIds")
    }
}

extension CitmEvent: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.description, forKey: CodingKeys.description, named: "description")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.logo, forKey: CodingKeys.logo, named: "logo")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.subTopicIds, forKey: CodingKeys.subTopicIds, named: "subTopicIds")
        try container.encode(self.subjectCode, forKey: CodingKeys.subjectCode, named: "subjectCode")
        try container.encode(self.subtitle, forKey: CodingKeys.subtitle, named: "subtitle")
        try container.encode(self.topicIds, forKey: CodingKeys.topicIds, named: "topicIds")
        container.end()
    }
}

extension CitmPerformance: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.eventId = try container.decode(memberType(\.eventId), forKey: CodingKeys.eventId, named: "eventId")
        self.id = try container.decode(memberType(\.id), forKey: CodingKeys.id, named: "id")
        self.logo = try container.decode(memberType(\.logo), forKey: CodingKeys.logo, named: "logo")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.prices = try container.decode(memberType(\.prices), forKey: CodingKeys.prices, named: "prices")
        self.seatCategories = try container.decode(memberType(\.seatCategories), forKey: CodingKeys.seatCategories, named: "seatCategories")
        self.seatMapImage = try container.decode(memberType(\.seatMapImage), forKey: CodingKeys.seatMapImage, named: "seatMapImage")
        self.start = try container.decode(memberType(\.start), forKey: CodingKeys.start, named: "start")
        self.venueCode = try container.decode(memberType(\.venueCode), forKey: CodingKeys.venueCode, named: "venueCode")
    }
}

extension CitmPerformance: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.eventId, forKey: CodingKeys.eventId, named: "eventId")
        try container.encode(self.id, forKey: CodingKeys.id, named: "id")
        try container.encode(self.logo, forKey: CodingKeys.logo, named: "logo")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.prices, forKey: CodingKeys.prices, named: "prices")
        try container.encode(self.seatCategories, forKey: CodingKeys.seatCategories, named: "seatCategories")
        try container.encode(self.seatMapImage, forKey: CodingKeys.seatMapImage, named: "seatMapImage")
        try container.encode(self.start, forKey: CodingKeys.start, named: "start")
        try container.encode(self.venueCode, forKey: CodingKeys.venueCode, named: "venueCode")
        container.end()
    }
}

extension CitmPrice: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.amount = try container.decode(memberType(\.amount), forKey: CodingKeys.amount, named: "amount")
        self.audienceSubCategoryId = try container.decode(memberType(\.audienceSubCategoryId), forKey: CodingKeys.audienceSubCategoryId, named: "audienceSubCategoryId")
        self.seatCategoryId = try container.decode(memberType(\.seatCategoryId), forKey: CodingKeys.seatCategoryId, named: "seatCategoryId")
    }
}

extension CitmPrice: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.amount, forKey: CodingKeys.amount, named: "amount")
        try container.encode(self.audienceSubCategoryId, forKey: CodingKeys.audienceSubCategoryId, named: "audienceSubCategoryId")
        try container.encode(self.seatCategoryId, forKey: CodingKeys.seatCategoryId, named: "seatCategoryId")
        container.end()
    }
}

extension CitmSeatCategory: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.areas = try container.decode(memberType(\.areas), forKey: CodingKeys.areas, named: "areas")
        self.seatCategoryId = try container.decode(memberType(\.seatCategoryId), forKey: CodingKeys.seatCategoryId, named: "seatCategoryId")
    }
}

extension CitmSeatCategory: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.areas, forKey: CodingKeys.areas, named: "areas")
        try container.encode(self.seatCategoryId, forKey: CodingKeys.seatCategoryId, named: "seatCategoryId")
        container.end()
    }
}

extension CitmArea: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.areaId = try container.decode(memberType(\.areaId), forKey: CodingKeys.areaId, named: "areaId")
        self.blockIds = try container.decode(memberType(\.blockIds), forKey: CodingKeys.blockIds, named: "blockIds")
    }
}

extension CitmArea: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.areaId, forKey: CodingKeys.areaId, named: "areaId")
        try container.encode(self.blockIds, forKey: CodingKeys.blockIds, named: "blockIds")
        container.end()
    }
}
