// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets for AttributionSim's readers and verifiers. A package of its own beside the
// main one, so `swift build` and `swift test` there never compile it; build and run it with
// Fuzz/run.sh (which passes `--sanitize fuzzer --sanitize address` to every module).
let package = Package(
  name: "AttributionSimFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "AttributionSim", path: "..")],
  targets: [
    .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
    // SimJSON is no product of the main package; it comes with AttributionSim, which builds on it.
    target("fuzz-json5", ["AttributionSim"]),
    target("fuzz-scenario", ["AttributionSim"]),
    target("fuzz-schema", ["AttributionSim"]),
    target("fuzz-sweep", ["AttributionSim"]),
    target("fuzz-verifier", ["AttributionSim", "AttributionCrypto"]),
  ],
  swiftLanguageModes: [.v6]
)

/// An executable whose entry point is libFuzzer's `main`: the one Swift file defines
/// `LLVMFuzzerTestOneInput` and no `main` of its own.
func target(_ name: String, _ products: [String]) -> Target {
  .executableTarget(
    name: name, dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: "AttributionSim") },
    path: "Sources/\(name)", swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}
