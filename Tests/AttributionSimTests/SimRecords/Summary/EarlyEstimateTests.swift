import AttributionSim
import AttributionTestSupport
import Testing

/// The horizon estimate a marketer has once postback 1, 1–2 and 1–3 have arrived: decoded
/// revenue of the windows arrived plus the calibrated forecast, from the last postback, of the
/// windows still to come. Alice (TestScenarios.alice) pays 4.99 in window 1, nothing in window 2
/// and 9.99 in window 3 (14.98 in all); her postbacks carry fine 42, coarse low, coarse medium.
@Suite("Early estimates")
struct EarlyEstimateTests {
  private static let source = CalibrationCell.Source(network: "alpha", campaign: "broad")

  private func cell(_ installs: Int, _ revenue: Double, later: Double) -> CalibrationCell {
    CalibrationCell(installs: installs, revenue: revenue, eventUsers: [0, 0, 0], laterRevenue: later)
  }

  @Test("after postback 1: 5 decoded + 15 forecast = 20 (+33.5 %); after 1–2: 5 + 0.5 + 8 = 13.5 (−9.9 %); after all three: 14.5; within 10 % from day 8")
  func forecastFromTheLastPostback() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    // Fine 42 means 5 in window 1 and 15 later; coarse low in window 2 means 0.5 there and 8
    // later; coarse medium in window 3 means 9 and nothing later (the horizon).
    let calibration = Calibration(
      scenario: scenario.name, schemaDigest: scenario.schema.digest, currency: "USD", eventNames: scenario.schema.eventNames,
      windowCount: 3, minimumInstalls: 1, seeds: [1], installs: 2,
      cells: [
        CalibrationCell.Key(window: 0, signal: .fine(42), source: Self.source): cell(2, 10, later: 30),
        CalibrationCell.Key(window: 1, signal: .coarse(.low), source: Self.source): cell(2, 1, later: 16),
        CalibrationCell.Key(window: 2, signal: .coarse(.medium), source: Self.source): cell(1, 9, later: 0),
      ])
    var sink = DiscardingSink()
    let decoding = try #require(
      ScenarioRunner.run(
        scenario, sink: &sink, decoding: CalibratedDecoding(estimator: .calibrated, calibration: calibration)
      ).decoding)
    let broad = try #require(decoding.economics.first { $0.campaign == "broad" })
    #expect(broad.early.map(\.postbacks) == [1, 2, 3])
    #expect(broad.early.map(\.day) == [3, 8, 36])
    #expect(broad.early.map { ($0.estimatedRevenue * 100).rounded() / 100 } == [20, 13.5, 14.5])
    #expect(broad.early.allSatisfy { abs($0.trueRevenue - 14.98) < 1e-9 })
    let errors = broad.early.map { (($0.error ?? .nan) * 10_000).rounded() / 10_000 }
    #expect(errors == [0.3351, -0.0988, -0.032])
    #expect(broad.daysToWithinTolerance == 8)
    #expect(decoding.calibrated?.forecasts == true)
  }

  @Test("a calibration without later revenue (an old file) forecasts nothing: the estimate is the revenue decoded so far")
  func noForecastWithoutLaterRevenue() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    let calibration = Calibration(
      scenario: scenario.name, schemaDigest: scenario.schema.digest, currency: "USD", eventNames: scenario.schema.eventNames,
      windowCount: 3, minimumInstalls: 1, seeds: [1], installs: 2,
      cells: [CalibrationCell.Key(window: 0, signal: .fine(42), source: Self.source): cell(2, 10, later: 30)],
      hasForecasts: false)
    var sink = DiscardingSink()
    let decoding = try #require(
      ScenarioRunner.run(
        scenario, sink: &sink, decoding: CalibratedDecoding(estimator: .calibrated, calibration: calibration)
      ).decoding)
    let broad = try #require(decoding.economics.first { $0.campaign == "broad" })
    // Window 1 decodes to its cell's 5; windows 2 and 3 keep their midpoints 0.25 and 5.
    #expect(broad.early.map { ($0.estimatedRevenue * 100).rounded() / 100 } == [5, 5.25, 10.25])
    #expect(decoding.calibrated?.forecasts == false)
  }

  @Test("days to within 10 %: the first point from which every later one holds, not a lucky early one")
  func daysToWithinTolerance() {
    func estimates(_ values: [Double]) -> [EarlyEstimate] {
      zip([3, 8, 36], values).enumerated().map { index, pair in
        EarlyEstimate(postbacks: index + 1, day: pair.0, estimatedRevenue: pair.1, trueRevenue: 100)
      }
    }
    #expect(EarlyEstimate.daysToWithinTolerance(estimates([105, 130, 95])) == 36)
    #expect(EarlyEstimate.daysToWithinTolerance(estimates([91, 109, 100])) == 3)
    #expect(EarlyEstimate.daysToWithinTolerance(estimates([50, 95, 89])) == nil)
  }

  @Test("pairs ordered right: of the pairs differing in truth, those the estimate orders alike, ties in the estimate counting half")
  func orderedPairs() {
    // Truth 1 < 2 < 3 < 3: five pairs differ in truth (the two 3s are left out). The estimate
    // 1, 3, 2, 2 orders (1,2) (1,3) (1,4) right, (2,3) (2,4) wrong: 3 of 5.
    #expect(EarlyEstimate.orderedPairShare([1, 3, 2, 2], [1, 2, 3, 3]) == 0.6)
    // A tie in the estimate where the truth differs counts half: 0.5 of 1.
    #expect(EarlyEstimate.orderedPairShare([1, 1], [1, 2]) == 0.5)
    #expect(EarlyEstimate.orderedPairShare([1, 2], [5, 5]) == nil)
  }
}
