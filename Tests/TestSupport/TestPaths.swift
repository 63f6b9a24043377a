import Foundation

/// Where the repository's files are, found from this source file so a plain clone needs no setup.
///
/// The one place that knows the test tree's layout: a test reads fixtures, golden files and the
/// sample scenarios through these, never through its own `#filePath`.
package enum TestPaths {
  /// The repository's root folder.
  package static let repository: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The sample scenarios, `Scenarios/`.
  package static let scenarios: String = repository.appendingPathComponent("Scenarios").path

  /// Public Apple keys and signed artifacts, bad-input corpora and other read-only test inputs
  /// (see `Fixtures/PROVENANCE.md`).
  package static let fixtures: String = repository.appendingPathComponent("Tests/AttributionSimTests/Fixtures").path

  /// The charts' golden SVG files.
  package static let chartGoldens: URL = repository.appendingPathComponent("Tests/AttributionSimTests/SimOutput/Charts/Golden")
}
