// swift-tools-version:6.0
import PackageDescription

// AttributionSim takes no package dependencies: the toolchain (Foundation, Dispatch, Swift Testing)
// and the system's OpenSSL libcrypto (libssl-dev) are all it builds on.
let package = Package(
  name: "AttributionSim",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "AttributionSim", targets: ["AttributionSim"]),
    .library(name: "SimEngine", targets: ["SimEngine"]),
    .library(name: "AttributionCrypto", targets: ["AttributionCrypto"]),
    // JSONValue, which postback payloads and records are: other packages name it through this.
    .library(name: "SimJSON", targets: ["SimJSON"]),
    .executable(name: "attrsim", targets: ["attrsim"]),
    .executable(name: "attrsim-bench", targets: ["attrsim-bench"]),
  ],
  targets: [
    // MARK: - Public API

    /// Discrete-event engine, virtual time and seeded randomness; knows nothing of advertising.
    .target(name: "SimEngine"),
    /// ECDSA keys, signatures and hashes from the system's libcrypto, as Swift types.
    .target(name: "AttributionCrypto", dependencies: ["CLibCrypto"]),
    /// The simulator as one import: every layer below, re-exported.
    .target(
      name: "AttributionSim",
      dependencies: [
        "SimModel", "SimInput", "SimBehaviour", "SimPlatform", "SimRecords", "SimWorld", "SimServices", "SimReceiver",
        "SimOutput", "SimRun", "SimStudies", "SimOptimize", "SimEngine", "SimJSON",
      ]),

    // MARK: - The simulator's layers, in the order data flows
    // A layer may use only the layers above it here: the compiler refuses an upward reference.

    /// What a scenario says: its settings, cohorts, conversion schema, expectations and sweeps.
    .target(name: "SimModel", dependencies: ["SimEngine", "SimJSON", "DidYouMean"]),
    /// Reading scenario, schema and sweep files into the model, with located diagnostics.
    .target(name: "SimInput", dependencies: ["SimModel", "SimEngine", "SimJSON", "DidYouMean", "AttributionCrypto"]),
    /// What each simulated user will do: plans drawn from a cohort's behaviour.
    .target(name: "SimBehaviour", dependencies: ["SimModel", "SimEngine"]),
    /// Apple's rules: attribution, windows, tiers, signing, the device, the client SDK and Apple Ads.
    .target(
      name: "SimPlatform", dependencies: ["SimModel", "SimEngine", "SimJSON", "AttributionCrypto"],
      exclude: ["Frameworks/README.md"]),
    /// What a run emits: drafts, postback, conversion and trace records, sinks and the summary.
    .target(name: "SimRecords", dependencies: ["SimModel", "SimBehaviour", "SimPlatform", "SimEngine", "SimJSON"]),
    /// The world: dispatches virtual-time events to the platform's rules and records the outcomes.
    .target(
      name: "SimWorld",
      dependencies: ["SimModel", "SimBehaviour", "SimPlatform", "SimRecords", "SimEngine", "SimJSON"]),
    /// The world's outside services: conversion-value endpoints over HTTP and local commands
    /// (behind SimWorld's ConversionService), their child processes, and a deadline-bound socket.
    .target(name: "SimServices", dependencies: ["SimWorld", "SimJSON"]),
    /// The ad network's side: verifying, de-duplicating and decoding postbacks.
    .target(
      name: "SimReceiver", dependencies: ["SimModel", "SimPlatform", "SimRecords", "SimEngine", "SimJSON", "AttributionCrypto"]),
    /// Run folders, reports, charts and delivery of postbacks over HTTP.
    .target(name: "SimOutput", dependencies: ["SimModel", "SimPlatform", "SimRecords", "SimServices", "SimEngine", "SimJSON"]),
    /// Running a scenario: the runner, the tier stage, shards and their merge.
    .target(
      name: "SimRun",
      dependencies: [
        "SimModel", "SimInput", "SimPlatform", "SimRecords", "SimWorld", "SimServices", "SimReceiver", "SimOutput", "SimEngine",
        "SimJSON", "AttributionCrypto",
      ]),
    /// Studies of many runs: sweeps and regression verification.
    .target(
      name: "SimStudies",
      dependencies: [
        "SimModel", "SimInput", "SimBehaviour", "SimPlatform", "SimRecords", "SimReceiver", "SimOutput", "SimRun", "SimEngine",
        "SimJSON",
      ]),
    /// The conversion-schema search: candidates, successive halving in named stages, the race and its outputs.
    .target(
      name: "SimOptimize",
      dependencies: [
        "SimModel", "SimInput", "SimPlatform", "SimRecords", "SimOutput", "SimRun", "SimStudies", "SimEngine", "SimJSON",
        "DidYouMean",
      ]),

    // MARK: - Implementation details

    /// JSON/JSON5 parsing with source locations, and canonical JSON output.
    .target(name: "SimJSON", dependencies: ["DidYouMean"]),
    /// Edit-distance suggestions shared by scenario errors and the command line.
    .target(name: "DidYouMean"),
    /// OpenSSL's libcrypto, reached through its C headers; only AttributionCrypto imports it.
    .systemLibrary(
      name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
    /// A small command-line parser in the style of swift-argument-parser.
    .target(name: "CommandLineKit", dependencies: ["DidYouMean"]),

    // MARK: - Executables

    .executableTarget(name: "attrsim", dependencies: ["AttributionSim", "SimJSON", "CommandLineKit"]),
    .executableTarget(name: "attrsim-bench", dependencies: ["AttributionSim", "AttributionCrypto"]),

    // MARK: - Tests

    /// Helpers every test target may share: scenario texts, the repository's paths, child
    /// processes, a loopback HTTP server, checked fixture edits. Not a product; tests only.
    .target(
      name: "AttributionTestSupport", dependencies: ["AttributionSim", "SimJSON"], path: "Tests/TestSupport",
      exclude: ["README.md"]),
    .testTarget(name: "SimEngineTests", dependencies: ["SimEngine"]),
    .testTarget(name: "SimJSONTests", dependencies: ["SimJSON"]),
    .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit"]),
    /// The attrsim command tree itself: its help, man page and completion scripts.
    .testTarget(name: "attrsimTests", dependencies: ["attrsim", "CommandLineKit", "AttributionTestSupport"]),
    .testTarget(name: "AttributionCryptoTests", dependencies: ["AttributionCrypto"]),
    .testTarget(
      name: "AttributionSimTests", dependencies: ["AttributionSim", "SimJSON", "AttributionCrypto", "AttributionTestSupport"],
      // Golden files and fixtures are read through TestPaths (found from #filePath), not bundled as resources.
      exclude: ["SimOutput/Charts/Golden", "Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)

// Each source target's README.md says what it owns, what it may use and where to start; it is
// for readers, not the build.
for target in package.targets where target.type != .test && target.type != .system {
  target.exclude.append("README.md")
}

// The simulator's layers are optimised in debug builds too: `swift test` runs thousands of
// simulated users, and unoptimised generic Swift is many times slower (on 2 cores the suite took
// 345 s unoptimised and 103 s so). Assertions and debugging of these layers are those of -O;
// `precondition` still holds. Interfaces, the command line and the tests stay unoptimised.
let optimisedInDebug: Set<String> = [
  "SimEngine", "SimJSON", "SimModel", "SimInput", "SimBehaviour", "SimPlatform", "SimRecords", "SimWorld", "SimReceiver",
  "SimOutput", "SimRun", "SimStudies", "SimOptimize", "AttributionCrypto",
]
for target in package.targets where optimisedInDebug.contains(target.name) {
  target.swiftSettings = [.unsafeFlags(["-O"], .when(configuration: .debug))]
}
