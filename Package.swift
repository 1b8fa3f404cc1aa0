// swift-tools-version:6.0
// SoundSafari: the game side (Sources/) and the analysis side (Analysis/) in one package.
import PackageDescription

let package = Package(
    name: "SoundSafari",
    products: [
        .executable(name: "soundsafari", targets: ["soundsafari"]),
        .executable(name: "soundsafari-analyze", targets: ["soundsafari-analyze"]),
        .library(name: "StudyAnalysis", targets: ["StudyAnalysis"]),
        // The log format's records and their codecs, for the study server's package (Server/).
        .library(name: "StudyRecords", targets: ["StudyRecords", "TidyFormats"]),
        // The doctor's PDF and FHIR bundle, for the study server's dashboard.
        .library(name: "PatientExport", targets: ["PatientExport"]),
        // The version from VERSION, for the study server's PDFs and `soundsafari-server --version`.
        .library(name: "BuildInfo", targets: ["BuildInfo"]),
        // The translation catalogs, for the study server's pages in the reader's language.
        .library(name: "Localization", targets: ["Localization"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // System libraries (Debian packages are installed by scripts/install-deps.sh).
        .systemLibrary(
            name: "COpenAL", path: "Sources/COpenAL", pkgConfig: "openal",
            providers: [.apt(["libopenal-dev", "libopenal-data"])]),
        .systemLibrary(
            name: "CSndFile", path: "Sources/CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]),
        // libpng itself for the pictures' PNGs (SDL2_image's writer offers no compression setting).
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CCSV", path: "Sources/CCSV",
            providers: [.apt(["libcsv-dev"])]),
        .systemLibrary(
            name: "CRmath", path: "Sources/CRmath", pkgConfig: "libRmath",
            providers: [.apt(["r-mathlib"])]),
        .systemLibrary(
            name: "CLo", path: "Sources/CLo", pkgConfig: "liblo",
            providers: [.apt(["liblo-dev"])]),
        .systemLibrary(
            name: "CMySofa", path: "Sources/CMySofa", pkgConfig: "libmysofa",
            providers: [.apt(["libmysofa-dev"])]),
        .systemLibrary(
            name: "CSoxr", path: "Sources/CSoxr", pkgConfig: "soxr",
            providers: [.apt(["libsoxr-dev"])]),
        .systemLibrary(
            name: "CEbur128", path: "Sources/CEbur128", pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"])]),
        // GNU gettext's libintl.h, part of glibc (libc6-dev); the catalogs are compiled by msgfmt (gettext).
        .systemLibrary(name: "CIntl", path: "Sources/CIntl"),

        // The build's version (VERSION file → BuildInfo.version), for --version and session.json's app_version.
        .executableTarget(name: "version-stamp"),
        .plugin(name: "VersionStamp", capability: .buildTool(), dependencies: ["version-stamp"]),
        .target(name: "BuildInfo", plugins: ["VersionStamp"]),

        // Shared by both sides: the one CSV writer (libcsv quoting, formula guard) and the one JSON value.
        .target(name: "TidyFormats", dependencies: ["CCSV"]),

        // Every sentence a person reads, translated through gettext (po/), and the language a run speaks.
        .target(name: "Localization", dependencies: ["CIntl"]),

        // Game side (docs/ARCHITECTURE.md says what each target may import).
        .target(name: "GameCore"),
        .target(
            name: "SpatialAudio",
            dependencies: [
                "COpenAL", "CSndFile", "CMySofa", "CSoxr", "CEbur128", "GameCore", "TidyFormats",
            ]),
        // Every record of docs/LOG-FORMAT.md and its codec (no paths, no locks): read and written by the game,
        // the analyzer and the study server alike.
        .target(name: "StudyRecords", dependencies: ["GameCore", "TidyFormats", "Localization"]),
        .target(name: "StudyKit", dependencies: ["GameCore", "TidyFormats", "StudyRecords", "Localization"]),
        .target(
            name: "SessionRuntime", dependencies: ["GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "BuildInfo"]),
        .target(name: "HeadTracking", dependencies: ["CLo", "GameCore"]),
        // A patient's record for their doctor (FHIR bundle, the PDF with the analyzer's figures) read from a logs
        // folder through StudyKit: for the game's commands and the study server alike.
        .target(
            name: "PatientExport",
            dependencies: ["GameCore", "StudyRecords", "StudyKit", "TidyFormats", "StudyAnalysis", "Localization"]),
        .target(
            name: "GameUI",
            dependencies: [
                "CSDL2", "CPNG", "GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "SessionRuntime",
                "HeadTracking", "TidyFormats", "Localization",
            ]),
        .target(
            name: "SoundSafariCommands",
            dependencies: [
                "GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "SessionRuntime", "GameUI", "HeadTracking",
                "BuildInfo", "TidyFormats", "Localization", "PatientExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "soundsafari", dependencies: ["SoundSafariCommands"]),
        // Not shipped: the window tests' driver (scripted input, screenshots) and `make bench`.
        .executableTarget(name: "soundsafari-autopilot", dependencies: ["SoundSafariCommands", "GameUI"]),
        .executableTarget(
            name: "soundsafari-bench",
            dependencies: [
                "GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "SessionRuntime", "GameUI", "TidyFormats",
                "HeadTracking",
            ]),

        // Analysis side: builds without SDL2, OpenAL or libsndfile.
        .target(
            name: "StudyAnalysis", dependencies: ["CRmath", "TidyFormats", "StudyRecords", "Localization"],
            path: "Analysis/Sources/StudyAnalysis"),
        .executableTarget(
            name: "soundsafari-analyze",
            dependencies: [
                "StudyAnalysis", "BuildInfo", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Analysis/Sources/soundsafari-analyze"),

        // Tests.
        .testTarget(name: "SpatialAudioTests", dependencies: ["SpatialAudio", "TidyFormats"]),
        .testTarget(name: "GameCoreTests", dependencies: ["GameCore"]),
        .testTarget(name: "TidyFormatsTests", dependencies: ["TidyFormats"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "HeadTrackingTests", dependencies: ["HeadTracking", "GameCore"]),
        .testTarget(name: "StudyRecordsTests", dependencies: ["StudyRecords", "GameCore", "TidyFormats"]),
        .testTarget(name: "StudyKitTests", dependencies: ["StudyKit", "StudyRecords", "GameCore", "TidyFormats"]),
        .testTarget(
            name: "SessionRuntimeTests",
            dependencies: ["SessionRuntime", "GameCore", "SpatialAudio", "StudyKit", "StudyRecords"]),
        .testTarget(
            name: "GameUITests",
            dependencies: ["GameUI", "GameCore", "SpatialAudio", "StudyKit", "StudyRecords", "HeadTracking", "CSDL2"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "soundsafari", "soundsafari-autopilot", "soundsafari-analyze", "StudyKit", "StudyRecords", "GameCore",
                "SpatialAudio", "TidyFormats", "PatientExport",
            ]),
        .testTarget(
            name: "StudyAnalysisTests",
            dependencies: ["StudyAnalysis", "StudyRecords", "TidyFormats", "soundsafari-analyze"],
            path: "Analysis/Tests/StudyAnalysisTests"),
    ],
    swiftLanguageModes: [.v6]
)
