import Foundation
import TapeJSON
import Testing

// Objects of more than 256 members, whose duplicate keys are found by sorting the keys' fingerprints
// (a filter of 1024 bits, below that): a dictionary of thousands of entries, and an object that encodes
// each of its keys several times. Sorted, the same bytes as Foundation; unsorted (Foundation's order is
// its dictionary's), the same object, in the order the keys were first encoded.

/// An object that encodes `count` members under `distinct` keys (`k0`...), each key again every
/// `distinct` members: the value encoded last is kept, at the first one's place.
private struct RepeatedKeys: Encodable {
    var count: Int
    var distinct: Int
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        for i in 0..<count {
            try container.encode(i, forKey: DynamicKey(stringValue: "k\(i % distinct)"))
        }
    }
}

/// An object's keys, in document order.
private struct KeyList: Decodable {
    var keys: [String]
    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: DynamicKey.self).allKeys.map(\.stringValue)
    }
}

private struct Entry: Encodable {
    var name: String
    var size: Int
}

@Suite struct LargeObjectEncodingTests {
    @Test func largeDictionary() {
        var dictionary: [String: Entry] = [:]
        for i in 0..<3000 { dictionary["key\(i * 7919 % 10007)"] = Entry(name: "n\(i)", size: i) }
        expectSameAsFoundation(dictionary)
        expectSameAsFoundation(dictionary, EncoderSettings(formatting: [.prettyPrinted, .sortedKeys]))
        expectSameObject(dictionary)
    }

    /// Unsorted: the same object as Foundation's (parsed), with no key twice.
    private func expectSameObject<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let ours = try TapeJSONEncoder().encode(value)
            let theirs = try JSONEncoder().encode(value)
            let oursObject = try JSONSerialization.jsonObject(with: ours) as? NSDictionary
            let theirsObject = try JSONSerialization.jsonObject(with: theirs) as? NSDictionary
            #expect(oursObject != nil && oursObject == theirsObject, sourceLocation: sourceLocation)
            let keys = try TapeJSONDecoder().decode(KeyList.self, from: ours).keys
            #expect(Set(keys).count == keys.count, sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }

    @Test func largeObjectWithRepeatedKeys() throws {
        for (count, distinct) in [(3000, 1000), (600, 599), (257, 1), (300, 300)] {
            let value = RepeatedKeys(count: count, distinct: distinct)
            expectSameAsFoundation(value)
            expectSameObject(value)
        }
        let encoded = try TapeJSONEncoder().encode(RepeatedKeys(count: 3000, distinct: 1000))
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Int])
        #expect(object.count == 1000)
        #expect(object["k0"] == 2000 && object["k999"] == 2999)
        #expect(String(decoding: encoded, as: UTF8.self).hasPrefix(#"{"k0":2000,"k1":2001,"#))
    }

}
