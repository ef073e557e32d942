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
}

/// A GeoJSON feature.
public struct CanadaFeature: Codable, Equatable, Sendable {
    /// `"Feature"`.
    public var type: String
    /// Free-form properties (here only `name`).
    public var properties: [String: String]
    public var geometry: CanadaGeometry
}

/// A GeoJSON polygon: rings of points, each point `[longitude, latitude]`.
public struct CanadaGeometry: Codable, Equatable, Sendable {
    /// `"Polygon"`.
    public var type: String
    public var coordinates: [[[Double]]]
}
