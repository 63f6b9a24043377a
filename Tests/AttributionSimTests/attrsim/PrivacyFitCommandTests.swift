import AttributionTestSupport
import Foundation
import Testing

/// `attrsim privacy fit` at the command line, end to end: Docs/privacy-fit.md's fit of the
/// published SKAdNetwork 3 figures, its printed lines and the three files it writes.
@Suite("attrsim privacy fit")
struct PrivacyFitCommandTests {
  @Test("The fit of Singular's SKAdNetwork 3 figures prints the privacy threshold 22 (95 % 18–25) and writes fit.json, privacy.json5 and tiers.svg")
  func fieldFitEndToEnd() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("privacy-fit-command")
    defer { try? FileManager.default.removeItem(at: folder) }
    let field = TestPaths.repository.appendingPathComponent("Scenarios/field")
    let result = try ChildProcess.run(
      binary,
      [
        "privacy", "fit", field.appendingPathComponent("skan3-field.json").path, "--observations",
        field.appendingPathComponent("singular-skan3.csv").path, "--periods", "1", "-o", "out",
      ], in: folder)
    #expect(result.status == 0, "\(result.output)")
    // The lines Docs/privacy-fit.md shows.
    #expect(result.output.contains("\ntier 2 threshold  22 installs (95 % 18–25)\n"), "\(result.output)")
    #expect(result.output.contains("\ncrowd period      1d (95 % 1d–1d)\n"))
    #expect(result.output.contains("tier 1 threshold  not identified"))
    #expect(!result.output.contains("warning"), "the figures are described by the fit: \(result.output)")
    let out = folder.appendingPathComponent("out")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["fit.json", "privacy.json5", "tiers.svg"])
    let fit = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("fit.json"))) as? [String: Any])
    let tier2 = try #require((fit["thresholds"] as? [String: Any])?["tier2"] as? [String: Any])
    #expect(tier2["estimate"] as? Int == 22 && tier2["lower"] as? Int == 18 && tier2["upper"] as? Int == 25, "\(tier2)")
    #expect(try String(contentsOf: out.appendingPathComponent("privacy.json5"), encoding: .utf8).contains("tier2: 22"))
  }
}
