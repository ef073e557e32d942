import TapeJSON
import Testing

/// RFC 6902 Appendix A, every example: document, patch, and the result (nil: the patch must fail).
/// The documents are compact, so the results are checked byte for byte (new members go last).
@Suite struct RFC6902AppendixTests {
    static let examples: [(String, String, String?)] = [
        // A.1 Adding an object member
        (#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux"}]"#, #"{"foo":"bar","baz":"qux"}"#),
        // A.2 Adding an array element
        (#"{"foo":["bar","baz"]}"#, #"[{"op":"add","path":"/foo/1","value":"qux"}]"#, #"{"foo":["bar","qux","baz"]}"#),
        // A.3 Removing an object member
        (#"{"baz":"qux","foo":"bar"}"#, #"[{"op":"remove","path":"/baz"}]"#, #"{"foo":"bar"}"#),
        // A.4 Removing an array element
        (#"{"foo":["bar","qux","baz"]}"#, #"[{"op":"remove","path":"/foo/1"}]"#, #"{"foo":["bar","baz"]}"#),
        // A.5 Replacing a value
        (#"{"baz":"qux","foo":"bar"}"#, #"[{"op":"replace","path":"/baz","value":"boo"}]"#, #"{"baz":"boo","foo":"bar"}"#),
        // A.6 Moving a value
        (#"{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}"#,
         #"[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]"#,
         #"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#),
        // A.7 Moving an array element
        (#"{"foo":["all","grass","cows","eat"]}"#, #"[{"op":"move","from":"/foo/1","path":"/foo/3"}]"#,
         #"{"foo":["all","cows","eat","grass"]}"#),
        // A.8 Testing a value: success
        (#"{"baz":"qux","foo":["a",2,"c"]}"#, #"[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]"#,
         #"{"baz":"qux","foo":["a",2,"c"]}"#),
        // A.9 Testing a value: error
        (#"{"baz":"qux"}"#, #"[{"op":"test","path":"/baz","value":"bar"}]"#, nil),
        // A.10 Adding a nested member object
        (#"{"foo":"bar"}"#, #"[{"op":"add","path":"/child","value":{"grandchild":{}}}]"#, #"{"foo":"bar","child":{"grandchild":{}}}"#),
        // A.11 Ignoring unrecognized elements
        (#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux","xyz":123}]"#, #"{"foo":"bar","baz":"qux"}"#),
        // A.12 Adding to a nonexistent target
        (#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz/bat","value":"qux"}]"#, nil),
        // A.13 Invalid JSON Patch document
        (#"{"foo":"bar"}"#, #"[{"op":"add","path":"/baz","value":"qux","op":"remove"}]"#, nil),
        // A.14 ~ escape ordering
        (#"{"/":9,"~1":10}"#, #"[{"op":"test","path":"/~01","value":10}]"#, #"{"/":9,"~1":10}"#),
        // A.15 Comparing strings and numbers
        (#"{"/":9,"~1":10}"#, #"[{"op":"test","path":"/~01","value":"10"}]"#, nil),
        // A.16 Adding an array value
        (#"{"foo":["bar"]}"#, #"[{"op":"add","path":"/foo/-","value":["abc","def"]}]"#, #"{"foo":["bar",["abc","def"]]}"#),
    ]

    @Test(arguments: 0..<examples.count)
    func example(_ index: Int) throws {
        let (document, patch, expected) = Self.examples[index]
        if let expected {
            #expect(try JSONPatch(patch).apply(to: document) == expected)
        } else {
            #expect(throws: JSONPatchError.self) { try JSONPatch(patch).apply(to: document) }
        }
    }
}
