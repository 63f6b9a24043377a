@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// The named figures replicated runs report, read off a summary built by hand.
@Suite("Headline figures")
struct HeadlineFigureTests {
  private func figures() throws -> [String: HeadlineFigure] {
    let scenario = try TestScenarios.load(TestScenarios.minimal)
    return Dictionary(uniqueKeysWithValues: HeadlineFigure.all(for: scenario).map { ($0.name, $0) })
  }

  @Test("counts, shares of first postbacks and tiers come from the summary; decoding figures are nil without decoding")
  func figuresFromASummary() throws {
    var summary = RunSummary()
    summary.users = 100
    summary.installs = 10
    summary.attributedInstalls = 8
    summary.postbacks = [[2, 1, 1], [0, 3, 0], [0, 0, 0]]
    summary.conversionsByTier = [1, 1, 2, 0]
    let figures = try figures()
    #expect(figures["users"]?.value(summary) == 100)
    #expect(figures["attributedInstalls"]?.value(summary) == 8)
    #expect(figures["postbacksWindow2"]?.value(summary) == 3)
    #expect(figures["postback1FineShare"]?.value(summary) == 0.5)
    #expect(figures["postback1NoneShare"]?.value(summary) == 0.25)
    #expect(figures["tier2Share"]?.value(summary) == 0.5)
    #expect(figures["revenueCapturedRatio"]?.value(summary) == nil)
    #expect(figures["revenueErrorRatio.alpha/c1"] != nil, "one revenue error per scenario campaign")
  }

  @Test("figures are shown as people read them: shares in percent, differences in points, errors signed")
  func text() throws {
    let figures = try figures()
    let captured = try #require(figures["revenueCapturedRatio"])
    #expect(captured.text(1.372) == "137.2%")
    #expect(captured.differenceText(-0.031) == "-3.1 pp")
    #expect(try #require(figures["revenueErrorRatio.alpha/c1"]).text(0.05) == "+5.0%")
    #expect(try #require(figures["installs"]).text(309) == "309")
    #expect(try #require(figures["trueRevenue"]).text(114.364) == "114.36 USD")
    let interval = try #require(ConfidenceInterval([1, 1.2, 1.1]))
    #expect(captured.text(interval).hasPrefix("110.0% ["))
    // Two replicates: the mean alone, no interval to read.
    let two = ConfidenceInterval([1, 1.2])
    #expect(two.map { captured.text($0) } == "110.0%")
  }
}

/// The figures decisions rest on, from alice's scripted run (TestScenarios.alice): 4.99 and
/// 9.99 true, decoded at midpoints 3 + 0.25 + 5 = 8.25 or at lower bounds 1 + 0 + 0 = 1.
@Suite("Headline figures: decision figures and spread")
struct DecisionFigureTests {
  private func summary(_ estimator: DecodingSettings.Estimate) throws -> (Scenario, RunSummary) {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    var sink = DiscardingSink()
    return (scenario, ScenarioRunner.run(scenario, sink: &sink, decoding: CalibratedDecoding(estimator: estimator)))
  }

  @Test("weighted campaign error |8.25 − 14.98| ÷ 14.98 = 44.9 %; the error's parts: granularity −6.73, the others 0")
  func weightedErrorAndParts() throws {
    let (scenario, summary) = try summary(.midpoint)
    let figures = Dictionary(uniqueKeysWithValues: HeadlineFigure.all(for: scenario).map { ($0.name, $0) })
    let weighted = try #require(figures["campaignRevenueErrorWeightedMeanAbsRatio"]?.value(summary))
    #expect(abs(weighted - 6.73 / 14.98) < 1e-9)
    let granularity = try #require(figures["errorFromGranularity"]?.value(summary))
    #expect(abs(granularity + 6.73) < 1e-9)
    for name in ["errorFromNulls", "errorFromAmbiguity", "errorFromHorizon"] {
      #expect(abs(try #require(figures[name]?.value(summary))) < 1e-9, "\(name)")
    }
  }

  @Test("the spread of revenue captured over two replicates, 55.1 % and 6.7 %: sd |0.5507 − 0.0668| ÷ √2 = 34.2 points; the LTV curve with its intervals")
  func spreadAndCurve() throws {
    let (scenario, midpoint) = try summary(.midpoint)
    let (_, lower) = try summary(.lowerBound)
    let study = ReplicateStudy(scenario: scenario, summaries: [midpoint, lower])
    #expect(study.spread?.hasPrefix("Across the 2 replicates revenue captured ran from 6.7% to 55.1% (standard deviation 34.2 points)") == true)
    let sections = study.reportSections
    #expect(sections.map(\.title) == ["Replicates: mean and 95 % interval", RevenueCurveSection.title])
    #expect(sections[0].caption.contains("standard deviation 34.2 points"))
    // Two replicates are too few for an interval: the table says so and gives the means alone.
    #expect(sections[0].table[0][2] == "95 % interval (none: under 3 replicates)")
    // Day 35: 14.98 true per install in both; decoded 8.25 and 1; no interval from two.
    let day35 = try #require(sections[1].table.first { $0.first == "35" })
    #expect(day35[1] == "14.98 USD" && day35[2] == "8.25 USD")
    // A third replicate like the first gives intervals: true revenue's a point, 14.98 – 14.98.
    let three = ReplicateStudy(scenario: scenario, summaries: [midpoint, lower, midpoint]).reportSections
    let day35Of3 = try #require(three[1].table.first { $0.first == "35" })
    #expect(day35Of3[4] == "14.98 USD – 14.98 USD")
  }
}
