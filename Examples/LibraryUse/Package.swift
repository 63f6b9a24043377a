// swift-tools-version:6.0
import PackageDescription

// Another package using AttributionSim as a library, by path: what a team's own tool or test
// suite would do. `.ci/run` builds and runs it.
let package = Package(
  name: "LibraryUse",
  platforms: [.macOS(.v14)],
  // Named, so the product resolves whatever the clone's folder is called.
  dependencies: [.package(name: "AttributionSim", path: "../..")],
  targets: [
    .executableTarget(
      name: "LibraryUse",
      dependencies: [
        .product(name: "AttributionSim", package: "AttributionSim"),
        .product(name: "SimJSON", package: "AttributionSim"),
      ],
      exclude: ["one-click.json"]),
  ],
  swiftLanguageModes: [.v6]
)
