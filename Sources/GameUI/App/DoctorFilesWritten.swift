// What the main menu's "For my doctor" made: the commands write the files (GameUI knows no PDF or FHIR).
import Foundation

/// The doctor's PDF and FHIR bundle as written, and what the record lacks (no hearing test yet, no plan).
package struct DoctorFilesWritten: Sendable {
    package let pdf: URL
    package let fhir: URL
    package let missing: [String]

    package init(pdf: URL, fhir: URL, missing: [String]) {
        self.pdf = pdf
        self.fhir = fhir
        self.missing = missing
    }
}
