// Generated from CorpusModels/MarineIKModel.swift by Tests/MacroExpansionTests/TwinSourceTests.swift (the @TapeJSONCodable expansion): edit the original.
// swift-format-ignore-file
import TapeJSON
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

    private enum CodingKeys: String, CodingKey {
        case images, geometries, textures, metadata, materials, object, animations
    }
}

/// An image a texture reads.
public struct MarineImage: Codable, Equatable, Sendable {
    public var url: String
    public var uuid: String
    public var name: String

    private enum CodingKeys: String, CodingKey {
        case url, uuid, name
    }
}

/// A geometry: its type, id and data.
public struct MarineGeometry: Codable, Equatable, Sendable {
    public var type: String
    public var uuid: String
    public var data: MarineGeometryData

    private enum CodingKeys: String, CodingKey {
        case type, uuid, data
    }
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

    private enum CodingKeys: String, CodingKey {
        case uvs, animations, vertices, metadata, name, skinWeights, skinIndices, influencesPerVertex, normals, bones, faces
    }
}

/// A skeletal animation: a track of keyframes per bone.
public struct MarineSkeletalAnimation: Codable, Equatable, Sendable {
    public var hierarchy: [MarineBoneTrack]
    public var length: Double
    public var fps: Int
    public var name: String

    private enum CodingKeys: String, CodingKey {
        case hierarchy, length, fps, name
    }
}

/// One bone's keyframes.
public struct MarineBoneTrack: Codable, Equatable, Sendable {
    public var parent: Int
    public var keys: [MarineKeyframe]

    private enum CodingKeys: String, CodingKey {
        case parent, keys
    }
}

/// A keyframe: a time and any of position, scale and rotation (a quaternion).
public struct MarineKeyframe: Codable, Equatable, Sendable {
    public var pos: [Double]?
    public var time: Double
    public var scl: [Double]?
    public var rot: [Double]?

    private enum CodingKeys: String, CodingKey {
        case pos, time, scl, rot
    }
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

    private enum CodingKeys: String, CodingKey {
        case uvs, version, faces, generator, normals, bones, vertices
    }
}

/// A bone of the skeleton: its parent's index (-1 for the root) and rest pose.
public struct MarineBone: Codable, Equatable, Sendable {
    public var parent: Int
    public var pos: [Double]
    public var rotq: [Double]
    public var scl: [Int]
    public var name: String

    private enum CodingKeys: String, CodingKey {
        case parent, pos, rotq, scl, name
    }
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

    private enum CodingKeys: String, CodingKey {
        case `repeat`, wrap, anisotropy, image, name, mapping, minFilter, uuid, magFilter
    }
}

/// What wrote the file.
public struct MarineSceneMetadata: Codable, Equatable, Sendable {
    public var sourceFile: String
    public var generator: String
    public var type: String
    public var version: Double

    private enum CodingKeys: String, CodingKey {
        case sourceFile, generator, type, version
    }
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

    private enum CodingKeys: String, CodingKey {
        case vertexColors, name, type, uuid, blending, map, transparent, depthTest, color, shininess, emissive, depthWrite, specular
    }
}

/// The scene graph's root.
public struct MarineObject: Codable, Equatable, Sendable {
    public var children: [MarineChild]
    public var type: String
    public var matrix: [Int]
    public var uuid: String

    private enum CodingKeys: String, CodingKey {
        case children, type, matrix, uuid
    }
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

    private enum CodingKeys: String, CodingKey {
        case name, uuid, matrix, visible, type, material, castShadow, receiveShadow, geometry
    }
}

/// A scene-level animation clip (empty in this file: no tracks).
public struct MarineAnimation: Codable, Equatable, Sendable {
    public var tracks: [[String: Double]]
    public var fps: Int
    public var name: String

    private enum CodingKeys: String, CodingKey {
        case tracks, fps, name
    }
}

extension MarineScene: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.images = try container.decode(memberType(\.images), forKey: CodingKeys.images, named: "images")
        self.geometries = try container.decode(memberType(\.geometries), forKey: CodingKeys.geometries, named: "geometries")
        self.textures = try container.decode(memberType(\.textures), forKey: CodingKeys.textures, named: "textures")
        self.metadata = try container.decode(memberType(\.metadata), forKey: CodingKeys.metadata, named: "metadata")
        self.materials = try container.decode(memberType(\.materials), forKey: CodingKeys.materials, named: "materials")
        self.object = try container.decode(memberType(\.object), forKey: CodingKeys.object, named: "object")
        self.animations = try container.decode(memberType(\.animations), forKey: CodingKeys.animations, named: "animations")
    }
}

extension MarineScene: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.images, forKey: CodingKeys.images, named: "images")
        try container.encode(self.geometries, forKey: CodingKeys.geometries, named: "geometries")
        try container.encode(self.textures, forKey: CodingKeys.textures, named: "textures")
        try container.encode(self.metadata, forKey: CodingKeys.metadata, named: "metadata")
        try container.encode(self.materials, forKey: CodingKeys.materials, named: "materials")
        try container.encode(self.object, forKey: CodingKeys.object, named: "object")
        try container.encode(self.animations, forKey: CodingKeys.animations, named: "animations")
        container.end()
    }
}

extension MarineImage: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.url = try container.decode(memberType(\.url), forKey: CodingKeys.url, named: "url")
        self.uuid = try container.decode(memberType(\.uuid), forKey: CodingKeys.uuid, named: "uuid")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
    }
}

extension MarineImage: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.url, forKey: CodingKeys.url, named: "url")
        try container.encode(self.uuid, forKey: CodingKeys.uuid, named: "uuid")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        container.end()
    }
}

extension MarineGeometry: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.uuid = try container.decode(memberType(\.uuid), forKey: CodingKeys.uuid, named: "uuid")
        self.data = try container.decode(memberType(\.data), forKey: CodingKeys.data, named: "data")
    }
}

extension MarineGeometry: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.uuid, forKey: CodingKeys.uuid, named: "uuid")
        try container.encode(self.data, forKey: CodingKeys.data, named: "data")
        container.end()
    }
}

extension MarineGeometryData: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.uvs = try container.decode(memberType(\.uvs), forKey: CodingKeys.uvs, named: "uvs")
        self.animations = try container.decode(memberType(\.animations), forKey: CodingKeys.animations, named: "animations")
        self.vertices = try container.decode(memberType(\.vertices), forKey: CodingKeys.vertices, named: "vertices")
        self.metadata = try container.decode(memberType(\.metadata), forKey: CodingKeys.metadata, named: "metadata")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.skinWeights = try container.decode(memberType(\.skinWeights), forKey: CodingKeys.skinWeights, named: "skinWeights")
        self.skinIndices = try container.decode(memberType(\.skinIndices), forKey: CodingKeys.skinIndices, named: "skinIndices")
        self.influencesPerVertex = try container.decode(memberType(\.influencesPerVertex), forKey: CodingKeys.influencesPerVertex, named: "influencesPerVertex")
        self.normals = try container.decode(memberType(\.normals), forKey: CodingKeys.normals, named: "normals")
        self.bones = try container.decode(memberType(\.bones), forKey: CodingKeys.bones, named: "bones")
        self.faces = try container.decode(memberType(\.faces), forKey: CodingKeys.faces, named: "faces")
    }
}

extension MarineGeometryData: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.uvs, forKey: CodingKeys.uvs, named: "uvs")
        try container.encode(self.animations, forKey: CodingKeys.animations, named: "animations")
        try container.encode(self.vertices, forKey: CodingKeys.vertices, named: "vertices")
        try container.encode(self.metadata, forKey: CodingKeys.metadata, named: "metadata")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.skinWeights, forKey: CodingKeys.skinWeights, named: "skinWeights")
        try container.encode(self.skinIndices, forKey: CodingKeys.skinIndices, named: "skinIndices")
        try container.encode(self.influencesPerVertex, forKey: CodingKeys.influencesPerVertex, named: "influencesPerVertex")
        try container.encode(self.normals, forKey: CodingKeys.normals, named: "normals")
        try container.encode(self.bones, forKey: CodingKeys.bones, named: "bones")
        try container.encode(self.faces, forKey: CodingKeys.faces, named: "faces")
        container.end()
    }
}

extension MarineSkeletalAnimation: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.hierarchy = try container.decode(memberType(\.hierarchy), forKey: CodingKeys.hierarchy, named: "hierarchy")
        self.length = try container.decode(memberType(\.length), forKey: CodingKeys.length, named: "length")
        self.fps = try container.decode(memberType(\.fps), forKey: CodingKeys.fps, named: "fps")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
    }
}

extension MarineSkeletalAnimation: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.hierarchy, forKey: CodingKeys.hierarchy, named: "hierarchy")
        try container.encode(self.length, forKey: CodingKeys.length, named: "length")
        try container.encode(self.fps, forKey: CodingKeys.fps, named: "fps")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        container.end()
    }
}

extension MarineBoneTrack: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.parent = try container.decode(memberType(\.parent), forKey: CodingKeys.parent, named: "parent")
        self.keys = try container.decode(memberType(\.keys), forKey: CodingKeys.keys, named: "keys")
    }
}

extension MarineBoneTrack: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.parent, forKey: CodingKeys.parent, named: "parent")
        try container.encode(self.keys, forKey: CodingKeys.keys, named: "keys")
        container.end()
    }
}

extension MarineKeyframe: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.pos = try container.decode(memberType(\.pos), forKey: CodingKeys.pos, named: "pos")
        self.time = try container.decode(memberType(\.time), forKey: CodingKeys.time, named: "time")
        self.scl = try container.decode(memberType(\.scl), forKey: CodingKeys.scl, named: "scl")
        self.rot = try container.decode(memberType(\.rot), forKey: CodingKeys.rot, named: "rot")
    }
}

extension MarineKeyframe: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.pos, forKey: CodingKeys.pos, named: "pos")
        try container.encode(self.time, forKey: CodingKeys.time, named: "time")
        try container.encode(self.scl, forKey: CodingKeys.scl, named: "scl")
        try container.encode(self.rot, forKey: CodingKeys.rot, named: "rot")
        container.end()
    }
}

extension MarineGeometryMetadata: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.uvs = try container.decode(memberType(\.uvs), forKey: CodingKeys.uvs, named: "uvs")
        self.version = try container.decode(memberType(\.version), forKey: CodingKeys.version, named: "version")
        self.faces = try container.decode(memberType(\.faces), forKey: CodingKeys.faces, named: "faces")
        self.generator = try container.decode(memberType(\.generator), forKey: CodingKeys.generator, named: "generator")
        self.normals = try container.decode(memberType(\.normals), forKey: CodingKeys.normals, named: "normals")
        self.bones = try container.decode(memberType(\.bones), forKey: CodingKeys.bones, named: "bones")
        self.vertices = try container.decode(memberType(\.vertices), forKey: CodingKeys.vertices, named: "vertices")
    }
}

extension MarineGeometryMetadata: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.uvs, forKey: CodingKeys.uvs, named: "uvs")
        try container.encode(self.version, forKey: CodingKeys.version, named: "version")
        try container.encode(self.faces, forKey: CodingKeys.faces, named: "faces")
        try container.encode(self.generator, forKey: CodingKeys.generator, named: "generator")
        try container.encode(self.normals, forKey: CodingKeys.normals, named: "normals")
        try container.encode(self.bones, forKey: CodingKeys.bones, named: "bones")
        try container.encode(self.vertices, forKey: CodingKeys.vertices, named: "vertices")
        container.end()
    }
}

extension MarineBone: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.parent = try container.decode(memberType(\.parent), forKey: CodingKeys.parent, named: "parent")
        self.pos = try container.decode(memberType(\.pos), forKey: CodingKeys.pos, named: "pos")
        self.rotq = try container.decode(memberType(\.rotq), forKey: CodingKeys.rotq, named: "rotq")
        self.scl = try container.decode(memberType(\.scl), forKey: CodingKeys.scl, named: "scl")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
    }
}

extension MarineBone: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.parent, forKey: CodingKeys.parent, named: "parent")
        try container.encode(self.pos, forKey: CodingKeys.pos, named: "pos")
        try container.encode(self.rotq, forKey: CodingKeys.rotq, named: "rotq")
        try container.encode(self.scl, forKey: CodingKeys.scl, named: "scl")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        container.end()
    }
}

extension MarineTexture: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.`repeat` = try container.decode(memberType(\.`repeat`), forKey: CodingKeys.`repeat`, named: "repeat")
        self.wrap = try container.decode(memberType(\.wrap), forKey: CodingKeys.wrap, named: "wrap")
        self.anisotropy = try container.decode(memberType(\.anisotropy), forKey: CodingKeys.anisotropy, named: "anisotropy")
        self.image = try container.decode(memberType(\.image), forKey: CodingKeys.image, named: "image")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.mapping = try container.decode(memberType(\.mapping), forKey: CodingKeys.mapping, named: "mapping")
        self.minFilter = try container.decode(memberType(\.minFilter), forKey: CodingKeys.minFilter, named: "minFilter")
        self.uuid = try container.decode(memberType(\.uuid), forKey: CodingKeys.uuid, named: "uuid")
        self.magFilter = try container.decode(memberType(\.magFilter), forKey: CodingKeys.magFilter, named: "magFilter")
    }
}

extension MarineTexture: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.`repeat`, forKey: CodingKeys.`repeat`, named: "repeat")
        try container.encode(self.wrap, forKey: CodingKeys.wrap, named: "wrap")
        try container.encode(self.anisotropy, forKey: CodingKeys.anisotropy, named: "anisotropy")
        try container.encode(self.image, forKey: CodingKeys.image, named: "image")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.mapping, forKey: CodingKeys.mapping, named: "mapping")
        try container.encode(self.minFilter, forKey: CodingKeys.minFilter, named: "minFilter")
        try container.encode(self.uuid, forKey: CodingKeys.uuid, named: "uuid")
        try container.encode(self.magFilter, forKey: CodingKeys.magFilter, named: "magFilter")
        container.end()
    }
}

extension MarineSceneMetadata: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.sourceFile = try container.decode(memberType(\.sourceFile), forKey: CodingKeys.sourceFile, named: "sourceFile")
        self.generator = try container.decode(memberType(\.generator), forKey: CodingKeys.generator, named: "generator")
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.version = try container.decode(memberType(\.version), forKey: CodingKeys.version, named: "version")
    }
}

extension MarineSceneMetadata: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.sourceFile, forKey: CodingKeys.sourceFile, named: "sourceFile")
        try container.encode(self.generator, forKey: CodingKeys.generator, named: "generator")
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.version, forKey: CodingKeys.version, named: "version")
        container.end()
    }
}

extension MarineMaterial: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.vertexColors = try container.decode(memberType(\.vertexColors), forKey: CodingKeys.vertexColors, named: "vertexColors")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.uuid = try container.decode(memberType(\.uuid), forKey: CodingKeys.uuid, named: "uuid")
        self.blending = try container.decode(memberType(\.blending), forKey: CodingKeys.blending, named: "blending")
        self.map = try container.decode(memberType(\.map), forKey: CodingKeys.map, named: "map")
        self.transparent = try container.decode(memberType(\.transparent), forKey: CodingKeys.transparent, named: "transparent")
        self.depthTest = try container.decode(memberType(\.depthTest), forKey: CodingKeys.depthTest, named: "depthTest")
        self.color = try container.decode(memberType(\.color), forKey: CodingKeys.color, named: "color")
        self.shininess = try container.decode(memberType(\.shininess), forKey: CodingKeys.shininess, named: "shininess")
        self.emissive = try container.decode(memberType(\.emissive), forKey: CodingKeys.emissive, named: "emissive")
        self.depthWrite = try container.decode(memberType(\.depthWrite), forKey: CodingKeys.depthWrite, named: "depthWrite")
        self.specular = try container.decode(memberType(\.specular), forKey: CodingKeys.specular, named: "specular")
    }
}

extension MarineMaterial: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.vertexColors, forKey: CodingKeys.vertexColors, named: "vertexColors")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.uuid, forKey: CodingKeys.uuid, named: "uuid")
        try container.encode(self.blending, forKey: CodingKeys.blending, named: "blending")
        try container.encode(self.map, forKey: CodingKeys.map, named: "map")
        try container.encode(self.transparent, forKey: CodingKeys.transparent, named: "transparent")
        try container.encode(self.depthTest, forKey: CodingKeys.depthTest, named: "depthTest")
        try container.encode(self.color, forKey: CodingKeys.color, named: "color")
        try container.encode(self.shininess, forKey: CodingKeys.shininess, named: "shininess")
        try container.encode(self.emissive, forKey: CodingKeys.emissive, named: "emissive")
        try container.encode(self.depthWrite, forKey: CodingKeys.depthWrite, named: "depthWrite")
        try container.encode(self.specular, forKey: CodingKeys.specular, named: "specular")
        container.end()
    }
}

extension MarineObject: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.children = try container.decode(memberType(\.children), forKey: CodingKeys.children, named: "children")
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.matrix = try container.decode(memberType(\.matrix), forKey: CodingKeys.matrix, named: "matrix")
        self.uuid = try container.decode(memberType(\.uuid), forKey: CodingKeys.uuid, named: "uuid")
    }
}

extension MarineObject: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.children, forKey: CodingKeys.children, named: "children")
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.matrix, forKey: CodingKeys.matrix, named: "matrix")
        try container.encode(self.uuid, forKey: CodingKeys.uuid, named: "uuid")
        container.end()
    }
}

extension MarineChild: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
        self.uuid = try container.decode(memberType(\.uuid), forKey: CodingKeys.uuid, named: "uuid")
        self.matrix = try container.decode(memberType(\.matrix), forKey: CodingKeys.matrix, named: "matrix")
        self.visible = try container.decode(memberType(\.visible), forKey: CodingKeys.visible, named: "visible")
        self.type = try container.decode(memberType(\.type), forKey: CodingKeys.type, named: "type")
        self.material = try container.decode(memberType(\.material), forKey: CodingKeys.material, named: "material")
        self.castShadow = try container.decode(memberType(\.castShadow), forKey: CodingKeys.castShadow, named: "castShadow")
        self.receiveShadow = try container.decode(memberType(\.receiveShadow), forKey: CodingKeys.receiveShadow, named: "receiveShadow")
        self.geometry = try container.decode(memberType(\.geometry), forKey: CodingKeys.geometry, named: "geometry")
    }
}

extension MarineChild: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        try container.encode(self.uuid, forKey: CodingKeys.uuid, named: "uuid")
        try container.encode(self.matrix, forKey: CodingKeys.matrix, named: "matrix")
        try container.encode(self.visible, forKey: CodingKeys.visible, named: "visible")
        try container.encode(self.type, forKey: CodingKeys.type, named: "type")
        try container.encode(self.material, forKey: CodingKeys.material, named: "material")
        try container.encode(self.castShadow, forKey: CodingKeys.castShadow, named: "castShadow")
        try container.encode(self.receiveShadow, forKey: CodingKeys.receiveShadow, named: "receiveShadow")
        try container.encode(self.geometry, forKey: CodingKeys.geometry, named: "geometry")
        container.end()
    }
}

extension MarineAnimation: TapeJSONDecodable {
    public init(tapeJSON decoder: TapeJSONValueDecoder) throws {
        func memberType<TapeJSONMember>(_ member: KeyPath<Self, TapeJSONMember>) -> TapeJSONMember.Type {
            TapeJSONMember.self
        }
        let container = try decoder.objectDecoder()
        self.tracks = try container.decode(memberType(\.tracks), forKey: CodingKeys.tracks, named: "tracks")
        self.fps = try container.decode(memberType(\.fps), forKey: CodingKeys.fps, named: "fps")
        self.name = try container.decode(memberType(\.name), forKey: CodingKeys.name, named: "name")
    }
}

extension MarineAnimation: TapeJSONEncodable {
    public func encode(tapeJSON encoder: TapeJSONValueEncoder) throws {
        var container = encoder.beginObject()
        try container.encode(self.tracks, forKey: CodingKeys.tracks, named: "tracks")
        try container.encode(self.fps, forKey: CodingKeys.fps, named: "fps")
        try container.encode(self.name, forKey: CodingKeys.name, named: "name")
        container.end()
    }
}
