// swift-tools-version:6.0
import PackageDescription

// AttributionSim takes no package dependencies: the toolchain (Foundation, Dispatch, Swift Testing)
// is all it builds on.
let package = Package(
  name: "AttributionSim",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "AttributionSim", targets: ["AttributionSim"]),
    .library(name: "SimEngine", targets: ["SimEngine"]),
    .executable(name: "attrsim", targets: ["attrsim"]),
    .executable(name: "attrsim-bench", targets: ["attrsim-bench"]),
  ],
  targets: [
    // MARK: - Public API

    /// Discrete-event engine, virtual time and seeded randomness; knows nothing of advertising.
    .target(name: "SimEngine"),
    /// The simulator: scenarios, platform rules, postbacks and run outputs.
    .target(name: "AttributionSim", dependencies: ["SimEngine", "SimJSON", "DidYouMean"]),

    // MARK: - Implementation details

    /// JSON/JSON5 parsing with source locations, and canonical JSON output.
    .target(name: "SimJSON", dependencies: ["DidYouMean"]),
    /// Edit-distance suggestions shared by scenario errors and the command line.
    .target(name: "DidYouMean"),
    /// A small command-line parser in the style of swift-argument-parser.
    .target(name: "CommandLineKit", dependencies: ["DidYouMean"]),

    // MARK: - Executables

    .executableTarget(name: "attrsim", dependencies: ["AttributionSim", "CommandLineKit"]),
    .executableTarget(name: "attrsim-bench", dependencies: ["AttributionSim"]),

    // MARK: - Tests

    .testTarget(name: "SimEngineTests", dependencies: ["SimEngine"]),
    .testTarget(name: "SimJSONTests", dependencies: ["SimJSON"]),
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
    .testTarget(name: "AttributionSimTests", dependencies: ["AttributionSim", "SimJSON"]),
  ],
  swiftLanguageModes: [.v6]
)
