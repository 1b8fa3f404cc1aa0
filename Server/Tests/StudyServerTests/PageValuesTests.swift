// A page's values rewritten for swift-mustache (PageValues) render exactly as the values themselves do.
import Foundation
import Mustache
import Testing

@testable import StudyServer

@Suite struct PageValuesTests {
    /// Every kind of value a route gives, in every place a template puts one: as a variable, unescaped, as a section
    /// and an inverted section (opened by text, the empty text, a number, zero, a Bool, an empty list, a nil), inside
    /// lists of objects, of texts and of numbers, and a name looked up past the object it is not in.
    static let template = """
        {{% CONTENT_TYPE: \(DashboardHTML.name) }}
        [{{text}}|{{{text}}}|{{empty}}|{{number}}|{{zero}}|{{real}}|{{yes}}|{{no}}|{{none}}|{{missing}}|{{cell}}]
        {{#text}}T:{{.}}{{/text}}{{^text}}not T{{/text}}
        {{#empty}}E:[{{.}}]{{/empty}}{{^empty}}not E{{/empty}}
        {{#number}}N:{{.}}{{/number}}{{#zero}}Z:{{.}}{{/zero}}{{^zero}}not Z{{/zero}}
        {{#yes}}Y{{/yes}}{{^yes}}not Y{{/yes}}{{#no}}No{{/no}}{{^no}}not No{{/no}}
        {{#none}}None{{/none}}{{^none}}not None{{/none}}{{#missing}}M{{/missing}}{{^missing}}not M{{/missing}}
        {{#nothing}}L{{/nothing}}{{^nothing}}not L{{/nothing}}
        {{#rows}}<{{name}} {{count}} {{#flag}}f{{/flag}}{{^flag}}-{{/flag}} {{text}} {{#first}}first{{/first}}>{{/rows}}
        {{#words}}({{.}}){{/words}}{{#numbers}}({{.}}){{/numbers}}
        {{#object}}{{inner}} {{text}} {{#deeper}}{{leaf}} {{number}}{{/deeper}}{{/object}}
        {{#cells}}{{a}}{{b}}{{/cells}}
        """

    static var values: [String: Any] {
        [
            "text": "Tom & \"Jerry\" <b>", "empty": "", "number": 42, "zero": 0, "real": 0.1, "yes": true, "no": false,
            "none": String?.none as Any, "cell": MustacheText("a<b"), "nothing": [String](),
            "rows": [
                ["name": "P07", "count": 3, "flag": true, "first": "yes"],
                ["name": "P08", "count": 0, "flag": false, "first": String?.none as Any],
            ] as [[String: Any]],
            "words": ["a", "", "c'"], "numbers": [1, 2],
            "object": ["inner": "in", "deeper": ["leaf": "leaf"] as [String: Any]] as [String: Any],
            "cells": [["a": MustacheText("1"), "b": MustacheText("&")]],
        ]
    }

    @Test func valuesRewrittenRenderAsTheValuesThemselves() throws {
        MustacheContentTypes.register(DashboardHTML(), named: DashboardHTML.name)
        let template = try MustacheTemplate(string: Self.template)
        let plain = template.render(Self.values)
        let prepared = template.render(PageNode(Self.values))
        #expect(prepared == plain)
        // The template reaches every case (no silent empty render on both sides). A nil held in `Any` is a value to
        // swift-mustache: it prints "nil" and opens a section, so a route gives none (and PageValues keeps that too).
        for expected in [
            "T:Tom &amp; &quot;Jerry&quot; &lt;b&gt;", "E:[]", "N:42", "Z:0", "not No", "|nil|",
            "Nonenot M", "not L", "<P07 3 f Tom", "<P08 0 -", "(a)()(c&#39;)", "(1)(2)", "in Tom", "leaf 42", "1&amp;",
        ] {
            #expect(plain.contains(expected), "\(expected) in \(plain)")
        }
    }
}
