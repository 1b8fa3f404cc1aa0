// swift-tools-version:6.2
// The study server: its own package, so SwiftNIO, Hummingbird and postgres-nio never enter the game's build.
import PackageDescription

let package = Package(
    name: "SoundSafariServer",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "soundsafari-server", targets: ["soundsafari-server"]),
        .executable(name: "soundsafari-server-bench", targets: ["soundsafari-server-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The bench's HTTP client (SwiftNIO's HTTP/1.1, which Hummingbird serves with).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        // The game's package, for StudyRecords only: the server reads every log record through its codecs.
        .package(name: "SoundSafari", path: ".."),
    ],
    targets: [
        // The application: routes, database, authorisation, migrations (buildApplication builds all of it).
        .target(
            name: "StudyServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "StudyRecords", package: "SoundSafari"),
                // The analyzer's library: the dashboard's charts are its SVG figures, drawn by its one SVG writer.
                .product(name: "StudyAnalysis", package: "SoundSafari"),
                // The doctor's PDF and FHIR bundle of a participant, made as the game makes them.
                .product(name: "PatientExport", package: "SoundSafari"),
                .product(name: "BuildInfo", package: "SoundSafari"),
                // The game's catalogs (po/), read per request: a page is in the language its reader asked for.
                .product(name: "Localization", package: "SoundSafari"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.copy("openapi.json"), .copy("Web/templates"), .copy("Web/static")]),
        .executableTarget(
            name: "soundsafari-server",
            dependencies: [
                "StudyServer",
                // The checkout's VERSION, for --version (the same string as the game's).
                .product(name: "BuildInfo", package: "SoundSafari"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // `make bench`: sync ingest through the API against PostgreSQL's COPY (scripts/server-bench.sh).
        .executableTarget(
            name: "soundsafari-server-bench",
            dependencies: [
                "StudyServer", .product(name: "StudyRecords", package: "SoundSafari"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .testTarget(
            name: "StudyServerTests",
            dependencies: [
                "StudyServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "StudyRecords", package: "SoundSafari"),
                // The analyzer's library: an export folder must be read as the logs it came from.
                .product(name: "StudyAnalysis", package: "SoundSafari"),
                .product(name: "Localization", package: "SoundSafari"),
                // A page's values are checked against swift-mustache's own rendering of them (PageValuesTests).
                .product(name: "Mustache", package: "swift-mustache"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
