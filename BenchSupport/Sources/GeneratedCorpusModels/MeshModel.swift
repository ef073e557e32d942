// Generated from CorpusModels/MeshModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
/// Models `Corpus/mesh.json`: a skinned 3D mesh in a three.js-style buffer layout: 3,600 vertices
/// (positions, normals, texture coordinates, colours, bone influences) and 33,408 triangle indices.
///
/// Positions, normals and texture coordinates are flat `[Double]` lists (3, 3 and 2 numbers per
/// vertex). Colours are packed ARGB in a `UInt32` (`4278190080` is opaque black). Each influence is a
/// `[weight, bone]` pair written as `[1.0,0]`, decoded as `[Double]`. `morphTargets` is empty here.
///
/// `Mesh` is the whole document.
public struct Mesh: Codable, Equatable, Sendable {
    public var batches: [MeshBatch]
    public var colors: [UInt32]
    public var indices: [Int]
    public var influences: [[Double]]
    /// Named morph targets (vertex position lists); empty in this document.
    public var morphTargets: [String: [Double]]
    public var normals: [Double]
    public var positions: [Double]
    public var tex0: [Double]

    private enum CodingKeys: String, CodingKey {
        case batches, colors, indices, influences, morphTargets, normals, positions, tex0
    }
}

/// A draw batch: the ranges of indices and vertices it covers and the bones it uses.
public struct MeshBatch: Codable, Equatable, Sendable {
    /// The span of `indices` the batch draws, as two numbers (`[0, 33408]` here: all of them).
    public var indexRange: [Int]
    public var usedBones: [Int]
    /// The span of vertices the batch uses, as two numbers (`[0, 3600]` here).
    public var vertexRange: [Int]

    private enum CodingKeys: String, CodingKey {
        case indexRange, usedBones, vertexRange
    }
}

extension Mesh: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.batches = try container.decode(memberType(\.batches), forKey: CodingKeys.batches, named: "batches")
        self.colors = try container.decode(memberType(\.colors), forKey: CodingKeys.colors, named: "colors")
        self.indices = try container.decode(memberType(\.indices), forKey: CodingKeys.indices, named: "indices")
        self.influences = try container.decode(memberType(\.influences), forKey: CodingKeys.influences, named: "influences")
        self.morphTargets = try container.decode(memberType(\.morphTargets), forKey: CodingKeys.morphTargets, named: "morphTargets")
        self.normals = try container.decode(memberType(\.normals), forKey: CodingKeys.normals, named: "normals")
        self.positions = try container.decode(memberType(\.positions), forKey: CodingKeys.positions, named: "positions")
        self.tex0 = try container.decode(memberType(\.tex0), forKey: CodingKeys.tex0, named: "tex0")
    }
}

extension Mesh: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.batches, forKey: CodingKeys.batches, named: "batches")
        try container.encode(self.colors, forKey: CodingKeys.colors, named: "colors")
        try container.encode(self.indices, forKey: CodingKeys.indices, named: "indices")
        try container.encode(self.influences, forKey: CodingKeys.influences, named: "influences")
        try container.encode(self.morphTargets, forKey: CodingKeys.morphTargets, named: "morphTargets")
        try container.encode(self.normals, forKey: CodingKeys.normals, named: "normals")
        try container.encode(self.positions, forKey: CodingKeys.positions, named: "positions")
        try container.encode(self.tex0, forKey: CodingKeys.tex0, named: "tex0")
        container.end()
    }
}

extension MeshBatch: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.indexRange = try container.decode(memberType(\.indexRange), forKey: CodingKeys.indexRange, named: "indexRange")
        self.usedBones = try container.decode(memberType(\.usedBones), forKey: CodingKeys.usedBones, named: "usedBones")
        self.vertexRange = try container.decode(memberType(\.vertexRange), forKey: CodingKeys.vertexRange, named: "vertexRange")
    }
}

extension MeshBatch: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.indexRange, forKey: CodingKeys.indexRange, named: "indexRange")
        try container.encode(self.usedBones, forKey: CodingKeys.usedBones, named: "usedBones")
        try container.encode(self.vertexRange, forKey: CodingKeys.vertexRange, named: "vertexRange")
        container.end()
    }
}
