// The one JSON value: what protocol files decode into and what the analyzer renders, both ways consistent.
import Foundation
import Testing

@testable import TidyFormats

struct JSONValueTests {
    @Test func decodingKeepsBooleansNumbersAndStringsApart() throws {
        let value = try JSONDecoder().decode(
            JSONValue.self, from: Data(#"{"a": true, "b": 1, "c": "1", "d": null, "e": [1.5, "x"]}"#.utf8))
        let fields = try #require(value.fields)
        #expect(fields["a"] == .bool(true))
        #expect(fields["b"] == .number(1))
        #expect(fields["c"] == .string("1"))
        #expect(fields["d"] == .null)
        #expect(fields["e"] == .array([.number(1.5), .string("x")]))
        #expect(fields["c"]?.kindName == "a string")
    }

    @Test func renderingKeepsTheKeyOrderGivenAndTurnsNonFiniteNumbersIntoNull() {
        let value = JSONValue.object([("z", .integer(2)), ("a", .num(Double.nan)), ("m", .string("a\"b\n"))])
        #expect(value.rendered() == "{\n  \"z\": 2,\n  \"a\": null,\n  \"m\": \"a\\\"b\\n\"\n}")
    }

    @Test func aRenderedDocumentDecodesBackToTheSameValues() throws {
        let original = JSONValue.object([
            ("f", .number(25.361844754306166)), ("ok", .bool(false)), ("levels", .array([.string("one-target")])),
        ])
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(original.rendered().utf8))
        #expect(decoded.fields == original.fields)
    }
}
