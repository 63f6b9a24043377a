@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// `report.html` and `report.md`: the charts and tables a run writes beside its outputs.
@Suite("Run reports")
struct RunReportTests {
  /// Each chart of a decoded 4.0 run: its title and its axis labels.
  static let charts: [(title: String, x: String, y: String)] = [
    ("Postbacks per day by window", "Date sent (2026, UTC; day 0 is 2026-03-02)", "Winning postbacks per day"),
    ("Send delay by window", "Send delay in hours (6-hour bins, by start)", "Winning postbacks"),
    ("Crowd-anonymity tier by campaign", "Campaign", "Share of conversions (%)"),
    ("Postback values by campaign and window", "Campaign · window", "Share of winning postbacks (%)"),
    // The grid has no axes: its squares are labelled with their values, 0 first and 63 last.
    ("Fine values in first postbacks", "0", "63"),
    ("Coarse values by window", "Conversion window", "Winning postbacks"),
    ("Source-identifier digits in first postbacks", "Campaign", "Share of first postbacks (%)"),
    ("Decoded versus true revenue", "Campaign · window", "Revenue (USD)"),
    ("Revenue per install by day (LTV curve)", "Days after install", "Revenue per install (USD)"),
    ("Where the decoding error comes from", "Campaign", "Decoded − true revenue (USD)"),
    ("Time from install to first signal", "Hours from install to first signal (12-hour bins; 168 and more in the last)",
     "Conversions"),
    ("How soon the campaigns can be judged", "Days after install", "Estimate ÷ truth"),
    ("What each network's dashboard shows", "Campaign (network's dashboard)", "Revenue (USD)"),
  ]

  @Test("report.html: one titled, labelled, well-formed inline SVG per chart, no scripts and nothing fetched")
  func htmlCharts() throws {
    let html = ReportFixtures.run(try TestScenarios.load(ReportFixtures.journeys)).report.html
    #expect(html.hasPrefix("<!DOCTYPE html>\n") && html.hasSuffix("</html>\n"))
    let svgs = ReportFixtures.svgElements(of: html)
    try #require(svgs.count == Self.charts.count)
    for (svg, chart) in zip(svgs, Self.charts) {
      let texts = try XMLElements(svg).texts
      #expect(texts.first == chart.title, "the accessible title comes first")
      for label in [chart.title, chart.x, chart.y] { #expect(texts.contains(label), "\(chart.title): \(label)") }
      #expect(!svg.contains("<?xml"), "a declaration inside HTML is an error")
    }
    for tag in ["<script", "<link", "<img", "<iframe", "@import", "src=", "href="] {
      #expect(!html.lowercased().contains(tag), "\(tag)")
    }
    #expect(!ReportFixtures.namesAnAddress(html))
    // Each chart's clip has its own id, so no chart clips to another's plot.
    #expect(html.contains(#"id="chart1-plot-area""#) && html.contains(#"url(#chart1-plot-area)"#))
    #expect(!html.contains(#"id="plot-area""#))
    // The headline, and the figures behind the charts, folded.
    #expect(html.contains("<b>84.1 h</b><span>median hours to first signal</span>"))
    #expect(html.contains(#"<div class="stat open"><b>55.1%</b><span>revenue captured</span><em>no verdict: one draw"#))
    #expect(html.contains(#"<td class="poor">-39.9%</td>"#))
    #expect(html.components(separatedBy: "<summary>Figures</summary>").count == Self.charts.count + 1)
  }

  @Test("report.md: the headline and every chart's figures as tables, in the same order")
  func markdownTables() throws {
    let markdown = ReportFixtures.run(try TestScenarios.load(ReportFixtures.journeys)).report.markdown
    #expect(markdown.hasPrefix("# Run report: scripted\n\nScenario scripted · seed 1 · SKAdNetwork 4.0\n\n"))
    let lines = markdown.split(separator: "\n").map(String.init)
    for row in [
      "| figure | value | verdict |", "| --- | ---: | ---: |", "| users | 2 |  |", "| attributed installs | 2 |  |",
      "| winning postbacks | 4 |  |",
      // Postback 1: alice's has a fine value, bob's none (her two coarse ones are windows 2 and 3).
      "| postback 1 with a fine value | 50% |  |", "| postback 1 with a coarse value | 0% |  |",
      "| postback 1 with no value | 50% |  |",
      // alice's first signal: postback 1 at 3d13h25m, 84.08 h after her install at 1h20m.
      "| median hours to first signal | 84.1 h |  |",
      // Decoded 3 + 0.25 + 5 = 8.25 against 4.99 + 9.99 = 14.98: 55.1 %; her campaign's error
      // |8.25 − 14.98| ÷ 14.98 = 44.9 %. One run is one draw: no verdict on either.
      "| revenue captured | 55.1% | no verdict: one draw, which a seed moves; --replicates 10 gives an interval to decide on |",
      "| campaign error weighted by true revenue | 44.9% | no verdict: one draw, which a seed moves; --replicates 10 gives an interval to decide on |",
      // Days after the epoch 2026-03-02 as dates: day 3 is March 5, day 38 April 9.
      "| date | day | window 1 | window 2 | window 3 |", "| 2026-03-05 | 3 | 2 | 0 | 0 |", "| 2026-03-12 | 10 | 0 | 1 | 0 |",
      "| 2026-04-09 | 38 | 0 | 0 | 1 |",
      // Her two coarse values: low in window 2, medium in window 3.
      "| window 2 | 1 | 1 (100%) | 0 (0%) | 0 (0%) |", "| window 3 | 1 | 0 (0%) | 1 (100%) | 0 (0%) |",
      // Per install (2): 4.99 ÷ 2 by day 2, decoded 3 ÷ 2; by day 35 14.98 ÷ 2 against 8.25 ÷ 2.
      "| 2 | 2.50 USD | 1.50 USD | 60.1% |", "| 35 | 7.49 USD | 4.13 USD | 55.1% |",
      // Midpoints miss by granularity alone: 3 − 4.99 in window 1; the error beyond ±10 % marked.
      "| broad · w1 | 4.99 USD | 3.00 USD | -1.99 USD | -1.99 USD | 0.00 USD | 0.00 USD | 0.00 USD |",
      "| broad · w1 | 1 | 1 | 4.99 USD | 3.00 USD | -39.9% ⚠ |",
      "| 36–42 | 2 | 0 | 0 |", "| 84–90 | 0 | 1 | 1 |",
      "| broad | 1 | 0 (0%) | 0 (0%) | 1 (100%) | 0 (0%) |", "| eu | 0 | 0 (–) | 0 (–) | 0 (–) | 0 (–) |",
      "| video · w1 | 1 | 0 (0%) | 0 (0%) | 1 (100%) |", "| broad | 1 | 0 (0%) | 0 (0%) | 1 (100%) |",
      "| 84–96 | 1 |",
    ] {
      #expect(lines.contains(row), "\(row)")
    }
    // alice's 4.99 purchase on day 1 is window 1's revenue, her 9.99 on day 10 window 3's.
    for start in ["| broad · w1 | 1 | 1 | 4.99 USD |", "| broad · w3 | 1 | 1 | 9.99 USD |"] {
      #expect(lines.contains { $0.hasPrefix(start) }, "\(start)")
    }
    let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    #expect(headings == Self.charts.map(\.title))
    #expect(!markdown.contains("<svg") && !markdown.contains("!["))
  }

  @Test("the same run writes byte-identical reports, atomically beside the other outputs")
  func deterministic() throws {
    let scenario = try ReportFixtures.quickstart()
    let first = try ReportFixtures.write(scenario), second = try ReportFixtures.write(scenario)
    defer { for folder in [first, second] { try? FileManager.default.removeItem(at: folder) } }
    for name in ["report.html", "report.md"] {
      let bytes = try Data(contentsOf: first.appendingPathComponent(name))
      #expect(bytes == (try Data(contentsOf: second.appendingPathComponent(name))), "\(name)")
      #expect(bytes.count > 2_000)
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: first.path).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
  }

  @Test("a run with no installs still gets both reports: every chart says 'no data', no NaN anywhere")
  func emptyRun() throws {
    let report = ReportFixtures.run(try TestScenarios.load(ReportFixtures.empty)).report
    let svgs = ReportFixtures.svgElements(of: report.html)
    #expect(svgs.count == Self.charts.count)
    for svg in svgs {
      #expect(try XMLElements(svg).texts.contains("no data"))
    }
    for text in [report.html, report.markdown] {
      #expect(!text.contains("NaN") && !text.contains("nan") && !text.contains("inf"))
    }
    #expect(report.markdown.contains("| postback 1 with a fine value | – |"))
    #expect(report.markdown.contains("## Postbacks per day by window\n\nWinning"))
    #expect(report.markdown.contains("No data."))
  }

  @Test("before 4.0: one line of postbacks, one window, no digits chart")
  func beforeConversionWindows() throws {
    let scenario = try TestScenarios.load(TestScenarios.multiNetwork(version: "3.0", users: TestScenarios.clicker()))
    let report = ReportFixtures.run(scenario).report
    let titles = try ReportFixtures.svgElements(of: report.html).map { try XMLElements($0).texts.first ?? "" }
    #expect(titles == [
      "Postbacks per day", "Send delay", "Crowd-anonymity tier by campaign", "Postback values by campaign",
      "Fine values in first postbacks", "Decoded versus true revenue", "Where the decoding error comes from",
      "Time from install to first signal", "What each network's dashboard shows",
    ])
    #expect(report.markdown.contains("| date | day | postbacks |"))
  }

  @Test("a run merged from shards writes the whole run's reports byte for byte")
  func mergedReport() throws {
    let quickstart = TestPaths.scenarios + "/quickstart.json"
    let text = try String(contentsOfFile: quickstart, encoding: .utf8)
      .replacing(required: "count: 6000", with: "count: 600").replacing(required: "count: 4000", with: "count: 400")
      .replacing(required: "\"schemas/", with: "\"\(TestPaths.scenarios)/schemas/")
    let (whole, merged) = try ReportFixtures.wholeAndMerged(text, shards: 2)
    #expect(merged.html == whole.html)
    #expect(merged.markdown == whole.markdown)
  }

  @Test("replicated tiles show the mean and interval, and a verdict only where the whole interval is on one side")
  func replicatedVerdicts() throws {
    let (summary, collector, _) = ReportFixtures.run(try TestScenarios.load(ReportFixtures.journeys))
    func report(captured: ReplicatedValue, error: ReplicatedValue) -> String {
      RunReport(
        scenario: try! TestScenarios.load(ReportFixtures.journeys), summary: summary, collector: collector, leading: [],
        replicated: ["revenueCapturedRatio": captured, "campaignRevenueErrorWeightedMeanAbsRatio": error]
      ).markdown
    }
    // Inside 90–110 % and at most 10 %: good; wholly outside: poor.
    let settled = report(
      captured: ReplicatedValue(text: "97.0% [92.4%, 101.6%]", lower: 0.924, upper: 1.016, replicates: 10),
      error: ReplicatedValue(text: "22.9% [18.3%, 27.4%]", lower: 0.183, upper: 0.274, replicates: 10))
    #expect(settled.contains("| revenue captured | 97.0% \\[92.4%, 101.6%\\] | good: 95 % interval within 90–110 % |"), "\(settled)")
    #expect(settled.contains("| campaign error weighted by true revenue | 22.9% \\[18.3%, 27.4%\\] | poor: 95 % interval not at most 10 % |"))
    #expect(settled.contains("figures with \\[intervals\\] are means of 10 replicates; the rest are replicate 0's"))
    // The issue's case: 108.1 % [97.6, 118.5] crosses 110 %, and an error interval across 10 %.
    let open = report(
      captured: ReplicatedValue(text: "108.1% [97.6%, 118.5%]", lower: 0.976, upper: 1.185, replicates: 10),
      error: ReplicatedValue(text: "9.0% [5.0%, 13.0%]", lower: 0.05, upper: 0.13, replicates: 10))
    #expect(open.contains("| revenue captured | 108.1% \\[97.6%, 118.5%\\] | no verdict: its 95 % interval crosses 90 % or 110 % |"))
    #expect(open.contains("| campaign error weighted by true revenue | 9.0% \\[5.0%, 13.0%\\] | no verdict: its 95 % interval crosses 10 % |"))
    // Two replicates: a mean, no interval, no verdict.
    let two = report(
      captured: ReplicatedValue(text: "100.0%", lower: nil, upper: nil, replicates: 2),
      error: ReplicatedValue(text: "5.0%", lower: nil, upper: nil, replicates: 2))
    #expect(two.contains("| revenue captured | 100.0% | no verdict: too few replicates (2) for an interval |"))
  }
}
