/// Models `Corpus/marine_ik.json`: a three.js scene (JSON object format 4.3) exported from a 3D tool:
/// one skinned geometry with its skeleton and keyframe animation, a material, a texture and the
/// scene graph.
///
/// What the file exercises: long flat `[Double]` and `[Int]` lists (vertices, normals, skin weights,
/// face indices), integers where the model reads `Double` (`"pos":[0,0,-0]`), 6,085 integer `-0`s
/// whose sign a `Double` keeps, and keyframes whose keys come in two orders (`pos, time, scl, rot`
/// and `rot, time, scl, pos`): a model reads them in one order, half the time against the document's.
///
/// `MarineScene` is the whole document.
public struct MarineScene: Codable, Equatable, Sendable {
    public var images: [MarineImage]
    public var geometries: [MarineGeometry]
    public var textures: [MarineTexture]
    public var metadata: MarineSceneMetadata
    public var materials: [MarineMaterial]
    public var object: MarineObject
    public var animations: [MarineAnimation]
}

/// An image a texture reads.
public struct MarineImage: Codable, Equatable, Sendable {
    public var url: String
    public var uuid: String
    public var name: String
}

/// A geometry: its type, id and data.
public struct MarineGeometry: Codable, Equatable, Sendable {
    public var type: String
    public var uuid: String
    public var data: MarineGeometryData
}

/// A skinned geometry's buffers, skeleton and animations (three.js's legacy JSON model format 3).
public struct MarineGeometryData: Codable, Equatable, Sendable {
    /// Texture coordinates, one list per UV layer.
    public var uvs: [[Double]]
    public var animations: [MarineSkeletalAnimation]
    public var vertices: [Double]
    public var metadata: MarineGeometryMetadata
    public var name: String
    public var skinWeights: [Double]
    public var skinIndices: [Int]
    public var influencesPerVertex: Int
    public var normals: [Double]
    public var bones: [MarineBone]
    /// Faces as type bits followed by vertex, UV and normal indices.
    public var faces: [Int]
}

/// A skeletal animation: a track of keyframes per bone.
public struct MarineSkeletalAnimation: Codable, Equatable, Sendable {
    public var hierarchy: [MarineBoneTrack]
    public var length: Double
    public var fps: Int
    public var name: String
}

/// One bone's keyframes.
public struct MarineBoneTrack: Codable, Equatable, Sendable {
    public var parent: Int
    public var keys: [MarineKeyframe]
}

/// A keyframe: a time and any of position, scale and rotation (a quaternion).
public struct MarineKeyframe: Codable, Equatable, Sendable {
    public var pos: [Double]?
    public var time: Double
    public var scl: [Double]?
    public var rot: [Double]?
}

/// The counts a geometry's exporter wrote.
public struct MarineGeometryMetadata: Codable, Equatable, Sendable {
    public var uvs: Int
    public var version: Int
    public var faces: Int
    public var generator: String
    public var normals: Int
    public var bones: Int
    public var vertices: Int
}

/// A bone of the skeleton: its parent's index (-1 for the root) and rest pose.
public struct MarineBone: Codable, Equatable, Sendable {
    public var parent: Int
    public var pos: [Double]
    public var rotq: [Double]
    public var scl: [Int]
    public var name: String
}

/// A texture: its image, wrapping and filtering.
public struct MarineTexture: Codable, Equatable, Sendable {
    public var `repeat`: [Int]
    public var wrap: [Int]
    public var anisotropy: Int
    public var image: String
    public var name: String
    public var mapping: Int
    public var minFilter: Int
    public var uuid: String
    public var magFilter: Int
}

/// What wrote the file.
public struct MarineSceneMetadata: Codable, Equatable, Sendable {
    public var sourceFile: String
    public var generator: String
    public var type: String
    public var version: Double
}

/// A Phong material; colours are packed RGB integers.
public struct MarineMaterial: Codable, Equatable, Sendable {
    public var vertexColors: Int
    public var name: String
    public var type: String
    public var uuid: String
    public var blending: String
    public var map: String
    public var transparent: Bool
    public var depthTest: Bool
    public var color: Int
    public var shininess: Int
    public var emissive: Int
    public var depthWrite: Bool
    public var specular: Int
}

/// The scene graph's root.
public struct MarineObject: Codable, Equatable, Sendable {
    public var children: [MarineChild]
    public var type: String
    public var matrix: [Int]
    public var uuid: String
}

/// A node of the scene graph: a mesh placing a geometry with a material.
public struct MarineChild: Codable, Equatable, Sendable {
    public var name: String
    public var uuid: String
    public var matrix: [Int]
    public var visible: Bool
    public var type: String
    public var material: String
    public var castShadow: Bool
    public var receiveShadow: Bool
    public var geometry: String
}

/// A scene-level animation clip (empty in this file: no tracks).
public struct MarineAnimation: Codable, Equatable, Sendable {
    public var tracks: [[String: Double]]
    public var fps: Int
    public var name: String
}
