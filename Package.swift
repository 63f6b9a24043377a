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
    /// The simulator: scenarios, platform rules, postbacks and run outputs.
    .target(name: "AttributionSim", dependencies: ["SimEngine", "SimJSON", "DidYouMean", "AttributionCrypto"]),

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

    .executableTarget(name: "attrsim", dependencies: ["AttributionSim", "AttributionCrypto", "CommandLineKit"]),
    .executableTarget(name: "attrsim-bench", dependencies: ["AttributionSim"]),

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
      exclude: ["Charts/Golden", "Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
