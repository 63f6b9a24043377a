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
    let interval = try #require(ConfidenceInterval([1, 1.2]))
    #expect(captured.text(interval).hasPrefix("110.0% ["))
  }
}
