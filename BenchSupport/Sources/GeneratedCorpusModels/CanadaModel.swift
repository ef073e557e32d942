// Generated from CorpusModels/CanadaModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
/// Models `Corpus/canada.json`: the outline of Canada as a GeoJSON `FeatureCollection` holding one
/// `Feature` whose geometry is a `Polygon` of 480 rings and about 55,000 points.
///
/// Coordinates are `[longitude, latitude]` pairs written with up to 17 significant digits; 46 of them
/// are written as integers (`-141`, `60`), which decode as `Double` too.
///
/// `Canada` is the whole document.
public struct Canada: Codable, Equatable, Sendable {
    /// `"FeatureCollection"`.
    public var type: String
    public var features: [CanadaFeature]

    private enum CodingKeys: String, CodingKey {
        case type, features
    }
}

/// A GeoJSON feature.
public struct CanadaFeature: Codable, Equatable, Sendable {
    /// `"Feature"`.
    public var type: String
    /// Free-form properties (here only `name`).
    public var properties: [String: String]
    public var geometry: CanadaGeometry

    private enum CodingKeys: String, CodingKey {
        case type, properties, geometry
    }
}

/// A GeoJSON polygon: rings of points, each point `[longitude, latitude]`.
public struct CanadaGeometry: Codable, Equatable, Sendable {
    /// `"Polygon"`.
    public var type: String
    public var coordinates: [[[Double]]]

    private enum CodingKeys: String, CodingKey {
        case type, coordinates
    }
}

extension Canada: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.features = try container.decode(memberType(\.features), forKey: CodingKeys.features, named: "features")
    }
}

extension Canada: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.features, forKey: CodingKeys.features, named: "features")
        container.end()
    }
}

extension CanadaFeature: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.properties = try container.decode(memberType(\.properties), forKey: CodingKeys.properties, named: "properties")
        self.geometry = try container.decode(memberType(\.geometry), forKey: CodingKeys.geometry, named: "geometry")
    }
}

extension CanadaFeature: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.properties, forKey: CodingKeys.properties, named: "properties")
        try container.encode(self.geometry, forKey: CodingKeys.geometry, named: "geometry")
        container.end()
    }
}

extension CanadaGeometry: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.coordinates = try container.decode(memberType(\.coordinates), forKey: CodingKeys.coordinates, named: "coordinates")
    }
}

extension CanadaGeometry: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.coordinates, forKey: CodingKeys.coordinates, named: "coordinates")
        container.end()
    }
}
