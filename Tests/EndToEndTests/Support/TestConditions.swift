// Named conditions for tests that need something of the machine (they skip and say why without it).
import Foundation
import Testing

extension Trait where Self == ConditionTrait {
    /// An X display in DISPLAY (`make test` runs the suite under xvfb-run when there is none).
    static var needsDisplay: Self {
        .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false, "needs an X display")
    }

    /// Root, for what only root may do (mounting a small tmpfs to fill a disk).
    static var needsRoot: Self { .enabled(if: getuid() == 0, "mounting a small tmpfs needs root") }
}

extension Trait where Self == ConditionTrait {
    /// fhir.resources in `.fhir-venv/` (scripts/fhir-deps.sh, which `make test` runs first).
    static var needsFHIRValidator: Self {
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: FHIRValidator.python.path),
            "needs fhir.resources: run scripts/fhir-deps.sh")
    }
}

extension Trait where Self == ConditionTrait {
    /// rsvg-convert (librsvg2-bin) to make the PDF, pdfinfo/pdffonts/pdftotext (poppler-utils) and qpdf to check it;
    /// scripts/install-deps.sh installs them.
    static var needsPDFTools: Self {
        .enabled(
            if: ["rsvg-convert", "pdfinfo", "pdffonts", "pdftotext", "qpdf"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: "/usr/bin/" + $0)
            }, "needs rsvg-convert, poppler-utils and qpdf: run scripts/install-deps.sh")
    }
}
