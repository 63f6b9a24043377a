import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// `schema lint --scenario` learning from behaviour (issue 27 point 7), on hand-made cohorts.
///
/// The schema: revenue buckets [1, 10] in bits 0–1 (0: under 1 USD, 1: 1 to under 10, 2: 10 and
/// more) and a purchase flag in bit 2, so fine values 0, 1, 2, 4, 5 and 6 can be set (3 needs a
/// third bound, 7 likewise); coarse 'high' at 10 USD, 'low' for any session, in every window.
@Suite("Schema lint learns from behaviour")
struct BehaviourLintTests {
  private static let schemaText = """
    { version: 1, fineValue: { revenueBuckets: [1, 10], eventBits: { purchase: 2 } },
      coarseValue: [{ value: "high", revenueAtLeast: 10 }, { value: "low", sessionsAtLeast: 1 }] }
    """

  /// 2,000 installs. Window 1: fine 0 for 1,500, fine 1 for 400, fine 2 for 97, fine 4 for none,
  /// fine 5 for 1 (0.05 %), fine 6 for 2 (exactly 0.1 %, not under it). Calibration cells: fine 1
  /// averages 480 ÷ 40 = 12.00 USD (its range says 1 to under 10); fine 2 averages 15.00 (10 and
  /// more: fine); fine 5 has 10 installs, under the 30 a cell needs; coarse 'high' in window 2
  /// averages 150 ÷ 30 = 5.00 (its range says 10 and more).
  private func facts(purchases: [Int]) throws -> (ConversionSchema, CohortFacts) {
    let schema = try TestScenarios.schema(Self.schemaText)
    let source = CalibrationCell.Source(network: "alpha", campaign: "broad")
    func cell(_ window: Int, _ signal: CalibrationSignal, installs: Int, revenue: Double) -> (CalibrationCell.Key, CalibrationCell) {
      (CalibrationCell.Key(window: window, signal: signal, source: source), CalibrationCell(installs: installs, revenue: revenue, eventUsers: [0]))
    }
    let cells = Dictionary(uniqueKeysWithValues: [
      cell(0, .fine(0), installs: 40, revenue: 0), cell(0, .fine(1), installs: 40, revenue: 480),
      cell(0, .fine(2), installs: 40, revenue: 600), cell(0, .fine(5), installs: 10, revenue: 1_000),
      cell(1, .coarse(.high), installs: 30, revenue: 150),
    ])
    let calibration = Calibration(
      scenario: "hand", schemaDigest: schema.digest, currency: "USD", eventNames: schema.eventNames, windowCount: 3,
      minimumInstalls: 30, seeds: [1, 2], installs: 2_000, cells: cells)
    var fine = Array(repeating: 0, count: 64)
    fine[0] = 1_500
    fine[1] = 400
    fine[2] = 97
    fine[5] = 1
    fine[6] = 2
    return (schema, CohortFacts(calibration: calibration, installs: 2_000, fineCounts: fine, eventCounts: purchases.map { [$0] }))
  }

  private func findings(purchases: [Int]) throws -> [SchemaFinding] {
    let (schema, facts) = try facts(purchases: purchases)
    return BehaviourLint(schema: schema, scenarioName: "hand", windowCount: 3, facts: facts).findings
  }

  @Test("a value whose calibrated mean lies outside its claimed range is flagged: fine 1 at 12.00 above 1–10, 'high' at 5.00 below 10")
  func calibratedOutsideRange() throws {
    let found = try findings(purchases: [10, 6, 4])
    let ranges = found.filter { $0.message.contains("claims revenue") }
    #expect(ranges.count == 2)
    #expect(ranges[0].path == "schema.fineValue.revenueBuckets", "the inline schema's path in the scenario")
    #expect(ranges[0].message.hasPrefix("fine value 1 claims revenue from 1.00 to under 10.00 USD in window 1, but the 40 installs"))
    #expect(ranges[0].message.contains("brought 12.00 USD on average") && ranges[0].message.contains("undercounts"))
    #expect(ranges[1].path == "schema.coarseValue[0]")
    #expect(ranges[1].message.hasPrefix("coarse value 'high' claims revenue of at least 10.00 USD in window 2"))
    #expect(ranges[1].message.contains("brought 5.00 USD on average") && ranges[1].message.contains("overcounts"))
    #expect(found.allSatisfy { $0.severity == .warning })
  }

  @Test("fine values left unused because a bit field is the same for every install name that field and its bits")
  func constantFieldIsNamed() throws {
    let (schema, base) = try facts(purchases: [10, 6, 4])
    // Every install purchased: the purchase flag (bit 2) is 1 in all of them, so 0, 1 and 2 never occur.
    var fine = Array(repeating: 0, count: 64)
    fine[4] = 1_000
    fine[5] = 900
    fine[6] = 100
    let facts = CohortFacts(calibration: base.calibration, installs: 2_000, fineCounts: fine, eventCounts: base.eventCounts)
    let found = BehaviourLint(schema: schema, scenarioName: "hand", windowCount: 3, facts: facts).findings
    let never = try #require(found.first { $0.message.contains("never end") })
    #expect(never.message.hasPrefix("fine values 0"), "\(never.message)")
    #expect(never.message.contains("(bit 2) is 1 for every install, so fine values where it is not 1 never occur"), "\(never.message)")
    // The revenue field (bits 0–1) takes several values: it is not named.
    #expect(!never.message.contains("bits 0–1"), "\(never.message)")
  }

  @Test("fine values never ended with (4) and under 0.1 % of installs (5: 1 of 2,000 = 0.05 %) are flagged; 6 at exactly 0.1 % is not")
  func rareValues() throws {
    let found = try findings(purchases: [10, 6, 4])
    let never = try #require(found.first { $0.message.contains("never end") })
    #expect(never.message.hasPrefix("fine value 4 never ends window 1 for any of the 2000 installs"))
    let rare = try #require(found.first { $0.message.contains("under 0.1 %") })
    #expect(rare.message.hasPrefix("fine value 5 (1, 0.05 %) ends window 1 for under 0.1 % of the 2000 installs"))
    #expect(!rare.message.contains("6 ("))
  }

  @Test("an event mapped to fine values that mostly happens after window 1 is flagged: 8 + 5 of 23 purchases = 56.5 %")
  func lateEvents() throws {
    let late = try findings(purchases: [10, 8, 5]).filter { $0.message.contains("after window 1") }
    #expect(late.count == 1)
    #expect(late.first?.path == "schema.fineValue.eventBits.purchase")
    #expect(late.first?.message.hasPrefix("event 'purchase' is mapped to fine values, but 56.5 % of its 23 occurrences") == true)
    // Half after window 1 (10 of 20) is not "mostly".
    #expect(try findings(purchases: [10, 6, 4]).allSatisfy { !$0.message.contains("after window 1") })
  }

  @Test("before SKAdNetwork 4.0 there is one window: no event happens 'after window 1'")
  func singleWindow() throws {
    let (schema, facts) = try facts(purchases: [1])
    let found = BehaviourLint(schema: schema, scenarioName: "hand", windowCount: 1, facts: facts).findings
    #expect(found.allSatisfy { !$0.message.contains("after window 1") })
  }

  @Test("alice's scripted cohort, two runs: fine 42 (bucket 2, tutorial, purchase) both times; purchases 2 in window 1, 2 in window 3")
  func gathersFromRuns() throws {
    let scenario = try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
    let settings = CalibrationSettings(installs: 1, minimumRuns: 2, maximumRuns: 2, minimumCellInstalls: 1)
    let facts = BehaviourLint.gather(scenario, schema: scenario.schema, settings: settings)
    #expect(facts.installs == 2 && facts.fineCounts[42] == 2 && facts.fineCounts.reduce(0, +) == 2)
    // Events in schema order: tutorial_complete, ad_watched, purchase.
    #expect(facts.eventCounts == [[2, 0, 2], [0, 0, 0], [0, 0, 2]])
    #expect(facts.calibration.estimate(window: 0, signal: .fine(42), source: nil)?.revenue == 4.99)
    let found = BehaviourLint(schema: scenario.schema, scenarioName: "scripted", windowCount: 3, facts: facts).findings
    let never = try #require(found.first { $0.message.hasPrefix("fine values 0–41, 43–") })
    #expect(never.path == "fineValue", "several values: the fine mapping (its own file), not one field")
    #expect(!found.contains { $0.message.contains("claims revenue") }, "4.99 lies in fine 42's 1–5 USD")
  }

  @Test("lint places behaviour findings in the schema file with line and column, after its own")
  func locatedInFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("behaviour-lint-\(UUID().uuidString).json")
    try Data(Self.schemaText.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let diagnostics = try ScenarioLoader.lintSchema(path: url.path) { _ in
      [SchemaFinding(.warning, "coarseValue[0]", "from behaviour")]
    }
    let finding = try #require(diagnostics.first { $0.message == "from behaviour" })
    #expect(finding.location?.line == 2 && finding.path == "coarseValue[0]")
  }

  @Test("A GA4-style value table: an unused fine value and a late event are found at their rows")
  func valueTableRows() throws {
    // Row 0 (fine 9) reads purchase's value, row 1 (fine 4) its count; the cohort never ends
    // window 1 on 4, and purchases come 3 to 1 after window 1.
    let schema = try TestScenarios.schema("""
      { version: 1, valueTable: { window1: [
        { fine: 9, coarse: "high", eventValues: { purchase: { atLeast: 10 } } },
        { fine: 4, coarse: "low", event: "purchase" } ] } }
      """)
    let calibration = Calibration(
      scenario: "hand", schemaDigest: schema.digest, currency: "USD", eventNames: schema.eventNames, windowCount: 3,
      minimumInstalls: 30, seeds: [1], installs: 100, cells: [:])
    var fine = Array(repeating: 0, count: 64)
    fine[0] = 80
    fine[9] = 20
    let facts = CohortFacts(calibration: calibration, installs: 100, fineCounts: fine, eventCounts: [[10], [20], [10]])
    let found = BehaviourLint(schema: schema, scenarioName: "hand", windowCount: 3, facts: facts).findings
    #expect(found.contains { $0.path.hasSuffix("valueTable.window1[1]") && $0.message.contains("fine value 4 never ends window 1") })
    #expect(found.contains { $0.path.hasSuffix("valueTable.window1[0]") && $0.message.contains("event 'purchase' is mapped to fine values, but 75.0 %") })
  }
}
