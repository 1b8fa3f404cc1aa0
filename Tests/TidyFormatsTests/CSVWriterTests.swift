// The one CSV writer: quoting through libcsv, the formula guard on text only, numbers as numbers.
import Foundation
import Testing

@testable import TidyFormats

struct CSVWriterTests {
    @Test func plainFieldsAreWrittenWithoutQuotes() {
        #expect(CSVWriter.line([.text("frog"), .integer(3), .boolean(true)]) == "frog,3,TRUE\n")
    }

    @Test func booleansAreWrittenInUpperCaseSoRAndPandasReadThemAsLogical() {
        #expect(CSVWriter.line([.boolean(true), .boolean(false)]) == "TRUE,FALSE\n")
    }

    @Test func fieldsWithCommasQuotesAndLineBreaksAreQuotedAsRFC4180Says() {
        let line = CSVWriter.line([.text("a,b"), .text("say \"hi\""), .text("two\nlines"), .text("cr\rhere")])
        #expect(line == "\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\"\n")
    }

    @Test func fieldsWithLeadingOrTrailingBlanksAreQuotedSoReadersKeepTheBlanks() {
        #expect(CSVWriter.field(" padded ") == "\" padded \"")
        #expect(CSVWriter.field("\ttab") == "\"\ttab\"")
    }

    @Test(arguments: ["=SUM(A1)", "+1", "-2", "@cmd"])
    func textThatASpreadsheetWouldRunAsAFormulaGetsALeadingApostrophe(text: String) {
        #expect(CSVWriter.line([.text(text)]) == "'\(text)\n")
    }

    @Test func textHidingAFormulaBehindALeadingTabOrCarriageReturnIsGuardedToo() {
        #expect(CSVWriter.line([.text("\t=1+1")]) == "'\t=1+1\n")
        #expect(CSVWriter.line([.text("\r=1+1")]) == "\"'\r=1+1\"\n")
        // "\r\n" is one Swift Character; its first scalar is still a CR.
        #expect(CSVWriter.line([.text("\r\n@SUM(1)")]) == "\"'\r\n@SUM(1)\"\n")
        #expect(CSVWriter.line(["\tcmd", "\rcmd"].map(CSVValue.cell)) == "'\tcmd,\"'\rcmd\"\n")
    }

    @Test(arguments: ["=1", "+1", "-x", "@a", "\tx", "\rx", "\r\nx", "'=1", "''", "'x", "plain", ""])
    func readingUndoesTheGuardExactlySoARewriteGuardsAgain(text: String) {
        let guarded = CSVValue.guardingFormula(text)
        #expect(CSVValue.unguardingFormula(guarded) == text)
        #expect(CSVValue.guardingFormula(CSVValue.unguardingFormula(guarded)) == guarded)
    }

    @Test func negativeNumbersAreNumbersNotGuardedText() {
        #expect(CSVWriter.line([.decimal(-12.5, fractionDigits: 3), .integer(-4)]) == "-12.500,-4\n")
    }

    @Test func decimalsUseAPointAndTheRequestedDigits() {
        #expect(CSVValue.decimal(359.99951, fractionDigits: 3).encoded == "360.000")
        #expect(CSVValue.decimal(0.1234, fractionDigits: 3).encoded == "0.123")
        #expect(CSVValue.decimal(1_234_567.5, fractionDigits: 1).encoded == "1234567.5")
    }

    @Test func negativeZeroIsWrittenAsZero() {
        #expect(CSVValue.decimal(-0.0001, fractionDigits: 3).encoded == "0.000")
    }

    @Test func aNumberThatCouldNotBeMeasuredIsAnEmptyCell() {
        #expect(CSVValue.decimal(.nan, fractionDigits: 3).encoded == "")
        #expect(CSVValue.decimal(.infinity, fractionDigits: 3).encoded == "")
    }

    @Test func tableCellsGiveNumbersAsTheyAreAndGuardEveryFormulaLikeText() {
        let cells = ["-12.50", "1e-300", "=cmd|' /C calc'!A0", "@SUM(1)", "+1+1", "-inf", "one-target", "+1"]
        #expect(
            CSVWriter.line(cells.map(CSVValue.cell))
                == "-12.50,1e-300,'=cmd|' /C calc'!A0,'@SUM(1),'+1+1,'-inf,one-target,'+1\n")
    }
}
