@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// `sweep.html`: the sweep's chart, the key outcomes against the same axes, and its rows.
@Suite("Sweep reports")
struct SweepReportTests {
  @Test("sweep.html: the configured chart first, then tier-0 share, fine share and revenue error, then every row")
  func sweepPage() throws {
    let folder = try TemporaryFolder.create("attrsim-sweep-report")
    defer { try? FileManager.default.removeItem(at: folder) }
    try TestScenarios.sweepBase.write(to: folder.appendingPathComponent("base.json"), atomically: true, encoding: .utf8)
    let path = folder.appendingPathComponent("sweep.json").path
    try TestScenarios.sweep.write(toFile: path, atomically: true, encoding: .utf8)
    let sweep = try ScenarioLoader.loadSweep(path: path)
    let tables = SweepOutput.tables(sweep, rows: SweepRunner.run(sweep))
    let output = folder.appendingPathComponent("out")
    try SweepOutput.write(sweep, tables: tables, to: output)
    let html = try String(contentsOf: output.appendingPathComponent("sweep.html"), encoding: .utf8)

    let svgs = ReportFixtures.svgElements(of: html)
    let titles = try svgs.map { try XMLElements($0).texts.first ?? "" }
    #expect(titles == [
      "Postback 1 with no value", "Conversions at tier 0", "Postback 1 with a fine value", "Decoded revenue error",
    ])
    for svg in svgs {
      let texts = try XMLElements(svg).texts
      #expect(texts.contains("Attributed installs per campaign per day"))
      #expect(["tier1 = 1", "tier1 = 2", "tier1 = 4"].allSatisfy(texts.contains))
    }
    // The configured chart is sweep.svg's, inline.
    let standalone = try String(contentsOf: output.appendingPathComponent("sweep.svg"), encoding: .utf8)
    #expect(svgs[0] + "\n" == ReportDocument.uniqueIDs(SweepOutput.chart(sweep, table: tables.wide).inlineSVG(), prefix: "chart1-"))
    #expect(standalone.hasPrefix("<?xml"))

    // The intervals (a header, and per point the four charted outcomes: the configured one is
    // also a key outcome), then the rows (a header, and one per point and replicate).
    #expect(html.components(separatedBy: "<tr>").count - 1 == (1 + sweep.points.count * 4) + (1 + sweep.rowCount))
    #expect(html.contains("<h2>Intervals</h2>") || html.contains(">Intervals<"))
    #expect(html.contains("<th>installsPerCampaignPerDay</th>"))
    #expect(!html.lowercased().contains("<script") && !ReportFixtures.namesAnAddress(html))
    #expect(SweepReport(sweep, tables: tables).html == html, "the same rows give the same page")
  }
}
