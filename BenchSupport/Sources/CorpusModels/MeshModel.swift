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
}

/// A draw batch: the ranges of indices and vertices it covers and the bones it uses.
public struct MeshBatch: Codable, Equatable, Sendable {
    /// The span of `indices` the batch draws, as two numbers (`[0, 33408]` here: all of them).
    public var indexRange: [Int]
    public var usedBones: [Int]
    /// The span of vertices the batch uses, as two numbers (`[0, 3600]` here).
    public var vertexRange: [Int]
}
