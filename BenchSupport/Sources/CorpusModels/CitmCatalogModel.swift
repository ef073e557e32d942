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
}

/// The price of a seat category for an audience sub-category, in hundredths of the currency unit.
public struct CitmPrice: Codable, Equatable, Sendable {
    public var amount: Int
    public var audienceSubCategoryId: Int
    public var seatCategoryId: Int
}

/// The areas a seat category covers.
public struct CitmSeatCategory: Codable, Equatable, Sendable {
    public var areas: [CitmArea]
    public var seatCategoryId: Int
}

/// An area of the hall and its blocks.
public struct CitmArea: Codable, Equatable, Sendable {
    public var areaId: Int
    public var blockIds: [Int]
}
