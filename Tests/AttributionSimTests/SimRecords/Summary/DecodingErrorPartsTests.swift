import AttributionSim
import AttributionTestSupport
import Testing

/// Where decoded-minus-true revenue comes from: value granularity, nulls and missing
/// postbacks, source-identifier ambiguity and late or lost postbacks, adding up to the error.
/// Alice (TestScenarios.alice) pays 4.99 in window 1, nothing in window 2 and 9.99 in window 3;
/// her postbacks carry fine 42, coarse low and coarse medium, worth 3, 0.25 and 5 at their
/// midpoints.
@Suite("Decoding error parts")
struct DecodingErrorPartsTests {
  private static let source = CalibrationCell.Source(network: "alpha", campaign: "broad")

  private func report(
    tier: Int = 2, extra: String = "", eu: Int = 6121, decoding: CalibratedDecoding = CalibratedDecoding(estimator: .midpoint)
  ) throws -> DecodedTable {
    let text = TestScenarios.scripted(users: TestScenarios.alice, privacyTier: tier, extra: extra)
      .replacing(required: "sourceIdentifier: 6121", with: "sourceIdentifier: \(eu)")
    var sink = DiscardingSink()
    return try #require(ScenarioRunner.run(try TestScenarios.load(text), sink: &sink, decoding: decoding).decoding)
  }

  /// Each row's parts as [granularity, nulls, ambiguity, horizon], rounded to the cent.
  private func parts(_ report: DecodedTable) -> [String: [Double]] {
    Dictionary(
      uniqueKeysWithValues: report.orderedRows.map { row in
        let p = row.errorParts
        return ("\(row.campaign) w\(row.window + 1)", [p.granularity, p.nulls, p.ambiguity, p.horizon].map(cents))
      })
  }

  private func cents(_ value: Double) -> Double { (value * 100).rounded() / 100 }

  /// The rule every case must keep: the parts add up to decoded − true revenue in every row.
  private func expectSums(_ report: DecodedTable) {
    for row in report.orderedRows {
      #expect(abs(row.errorParts.total - (row.decodedRevenue - row.trueRevenue)) < 1e-9, "\(row.campaign) w\(row.window + 1)")
    }
  }

  @Test("values decoded at their midpoints: granularity alone, 3 − 4.99, 0.25 − 0, 5 − 9.99")
  func granularityAlone() throws {
    let report = try report()
    #expect(parts(report) == ["broad w1": [-1.99, 0, 0, 0], "broad w2": [0.25, 0, 0, 0], "broad w3": [-4.99, 0, 0, 0]])
    expectSums(report)
  }

  @Test("tier 0, calibrated: the null first postback imputes 2 against 4.99, the withheld windows 0.5 against 0 and 1 against 9.99, all nulls")
  func nullsAndWithheldWindows() throws {
    let cell = { (installs: Int, revenue: Double) in CalibrationCell(installs: installs, revenue: revenue, eventUsers: [0, 0, 0]) }
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice, privacyTier: 0))
    let calibration = Calibration(
      scenario: scenario.name, schemaDigest: scenario.schema.digest, currency: "USD", eventNames: scenario.schema.eventNames,
      windowCount: 3, minimumInstalls: 1, seeds: [1], installs: 4,
      cells: [
        CalibrationCell.Key(window: 0, signal: .none, source: Self.source): cell(4, 8),
        CalibrationCell.Key(window: 1, signal: .missing, source: Self.source): cell(4, 2),
        CalibrationCell.Key(window: 2, signal: .missing, source: Self.source): cell(4, 4),
      ])
    let report = try report(tier: 0, decoding: CalibratedDecoding(estimator: .calibrated, calibration: calibration))
    #expect(parts(report) == ["broad w1": [0, -2.99, 0, 0], "broad w2": [0, 0.5, 0, 0], "broad w3": [0, -8.99, 0, 0]])
    expectSums(report)
  }

  @Test("a horizon at day 20 loses window 3's postback (due after day 35): its 9.99 is late or lost, not granularity")
  func lostToTheHorizon() throws {
    let report = try report(extra: "horizon: \"20d\",")
    #expect(report.orderedRows.map(\.postbacks) == [1, 1, 0])
    #expect(parts(report) == ["broad w1": [-1.99, 0, 0, 0], "broad w2": [0.25, 0, 0, 0], "broad w3": [0, 0, 0, -9.99]])
    expectSums(report)
    // Calibrated, the missing window-3 postback imputes 2 ÷ 4 = 0.5, which falls to her lost
    // postback: 0.5 − 9.99. Values without a cell keep their midpoints.
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice, extra: "horizon: \"20d\","))
    let calibration = Calibration(
      scenario: scenario.name, schemaDigest: scenario.schema.digest, currency: "USD", eventNames: scenario.schema.eventNames,
      windowCount: 3, minimumInstalls: 1, seeds: [1], installs: 4,
      cells: [
        CalibrationCell.Key(window: 2, signal: .missing, source: Self.source):
          CalibrationCell(installs: 4, revenue: 2, eventUsers: [0, 0, 0])
      ])
    let imputed = try self.report(
      extra: "horizon: \"20d\",", decoding: CalibratedDecoding(estimator: .calibrated, calibration: calibration))
    #expect(parts(imputed)["broad w3"] == [0, 0, 0, -9.49])
    expectSums(imputed)
  }

  @Test("eu's identifier 6111 shares broad's last two digits: windows 2 and 3 (two digits) decode to '?11', ambiguity −0.25 and −5 for broad, +0.25 and +5 there")
  func sharedDigitsAreAmbiguity() throws {
    let report = try report(eu: 6111)
    #expect(
      parts(report) == [
        "broad w1": [-1.99, 0, 0, 0], "broad w2": [0.25, 0, -0.25, 0], "broad w3": [-4.99, 0, -5, 0],
        "?11 w2": [0, 0, 0.25, 0], "?11 w3": [0, 0, 5, 0],
      ])
    expectSums(report)
    // Over the run, ambiguity moves revenue between rows and adds nothing.
    let total = try #require(report.errorParts)
    #expect(abs(total.ambiguity) < 1e-9 && abs(total.total - (report.decodedRevenue - report.trueRevenue)) < 1e-9)
  }
}
