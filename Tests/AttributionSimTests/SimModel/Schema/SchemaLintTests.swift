import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// `attrsim schema lint`: purpose-built bad schemas, each with the problem lint must name.
@Suite("Schema lint")
struct SchemaLintTests {
  /// Lints schema text written to a temporary file; returns its diagnostics as printed.
  private func lint(_ text: String, declaredEvents: Set<String>? = nil) throws -> [String] {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(UUID().uuidString).json").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try ScenarioLoader.lintSchema(path: path, declaredEvents: declaredEvents).map {
      $0.description.replacingOccurrences(of: path, with: "s.json")
    }
  }

  private let coarse = "coarseValue: [{ value: \"high\", revenueAtLeast: 10 }, { value: \"low\", sessionsAtLeast: 1 }]"

  @Test("a table value beyond 63 is rejected at its location")
  func valueBeyond63() throws {
    let found = try lint("{ version: 1,\n fineValue: { values: [{ value: 64, revenueAtLeast: 1 }] } }")
    #expect(found == ["s.json:2:33: error: fineValue.values[0].value: expected an integer from 0 to 63, found 64"])
  }

  @Test("a bit layout that overflows 6 bits, fields sharing bits, and too many bounds for a field are rejected")
  func bitLayouts() throws {
    let overflow = try lint("{ version: 1, fineValue: { fields: [{ bits: [4, 6], count: \"sessions\" }] } }")
    #expect(overflow.contains { $0.contains("fineValue.fields[0].bits: bits 4–6 overflow the fine value, which has 6 bits (0 to 5)") })
    let shared = try lint(
      "{ version: 1, fineValue: { revenueBuckets: [1, 5, 10], fields: [{ bits: 1, event: \"purchase\" }] } }")
    #expect(shared.contains { $0.contains("fineValue.fields[0]: bit 1 already belongs to fineValue.revenueBuckets") })
    let many = (1...64).map(String.init).joined(separator: ", ")
    #expect(try lint("{ version: 1, fineValue: { revenueBuckets: [\(many)] } }").contains {
      $0.contains("fineValue.revenueBuckets: 64 revenue bounds make 65 buckets, which need 7 bits; a fine value has 6")
    })
    #expect(try lint("{ version: 1, fineValue: { revenueBuckets: [] } }").contains { $0.contains("expected at least one revenue bound") })
    let bounds = try lint("{ version: 1, fineValue: { fields: [{ bits: [0, 1], revenue: [1, 2, 3, 4] }] } }")
    #expect(bounds.contains { $0.contains("4 revenue bounds make 5 buckets, which need 3 bits; the field has 2") })
  }

  @Test("a table value a higher value always beats is unreachable; overlapping ranges of one measure warn")
  func unreachableAndOverlapping() throws {
    let found = try lint(
      """
      { version: 1, \(coarse), fineValue: { values: [
        { value: 5, revenueAtLeast: 1 },
        { value: 9, revenueAtLeast: 0.5 },
        { value: 3, revenueBelow: 0.4 },
        { value: 4, revenueAtLeast: 0.2, revenueBelow: 0.45 },
      ] } }
      """)
    #expect(found.contains { $0.contains("fineValue.values[0]: value 5 is never set: value 9 (fineValue.values[1]) applies whenever it would") })
    #expect(found.contains { $0.contains("warning: fineValue.values[2]: values 3 and 4 (fineValue.values[3]) overlap where revenue 0.2–0.4 USD; 4 wins there") })
    #expect(found.count == 2, "\(found)")
  }

  @Test("a coarse rule an earlier rule always beats never applies; a mapping without 'high' warns")
  func coarseRules() throws {
    let found = try lint(
      """
      { version: 1, fineValue: { revenueBuckets: [1] }, coarseValue: [
        { value: "medium", revenueAtLeast: 1 },
        { value: "low", revenueAtLeast: 5 },
        { value: "low", sessionsAtLeast: 1 },
      ] }
      """)
    #expect(found.contains { $0.contains("error: coarseValue[1]: this 'low' rule never applies: coarseValue[0] ('medium') holds whenever it does") })
    #expect(found.contains { $0.contains("warning: coarseValue: the coarse mapping never produces 'high'") })
  }

  @Test("a lock whose time lies outside its window never fires")
  func lockOutsideWindow() throws {
    let found = try lint("{ version: 1, \(coarse), lock: [{ window: 1, hoursSinceInstallAtLeast: 50 }, { window: 3, daysSinceInstallAtLeast: 8 }] }")
    #expect(found.count == 1, "day 8 lies inside window 3: that lock is fine")
    #expect(found.first?.contains("error: lock[0]: this lock never fires: window 1 spans hours 0–48 after the first launch") == true)
    #expect(try lint("{ version: 1, \(coarse), lock: [{ hoursSinceInstallAtLeast: 100 }] }").isEmpty, "fires in window 2")
  }

  @Test("events no scenario declares are errors at the rule that reads them, with the declared event they are closest to")
  func undeclaredEvents() throws {
    let text = "{ version: 1, \(coarse), fineValue: { eventBits: { tutorial: 0, purchse: 1 } } }"
    let found = try lint(text, declaredEvents: ["tutorial", "purchase"])
    #expect(found.count == 1)
    #expect(found.first?.hasSuffix("error: fineValue.eventBits.purchse: event 'purchse' is declared by no scenario or app checked: rules reading it never see it happen; did you mean 'purchase'?") == true)
    let unlike = try lint("{ version: 1, \(coarse), fineValue: { eventBits: { level_complete: 0 } } }", declaredEvents: ["purchase"])
    #expect(unlike.first?.hasSuffix("error: fineValue.eventBits.level_complete: event 'level_complete' is declared by no scenario or app checked: rules reading it never see it happen") == true)
    #expect(try lint(text).isEmpty, "without scenarios the check is skipped")
  }

  @Test("bad values and unknown keys are reading errors with the path and a suggestion")
  func readingErrors() throws {
    let found = try lint(
      """
      { version: 1, currency: "usd", exchangeRates: { EUR: 0 },
        coarseValue: [{ value: "hihg", revenueAtleast: 1 }],
        lock: [{ event: "a", noEvent: "a" }, { revenueAtLeast: 5, revenueBelow: 5 }],
        fineValue: { fields: [{ bits: [0, 1], event: "x" }, { bits: 2, revenue: [1], event: "y" }] } }
      """)
    let expected = [
      "currency: expected a currency code (three capital letters, ISO 4217), found 'usd'",
      "exchangeRates.EUR: expected a rate above 0 and at most 1000000000 (USD per EUR), found 0.0",
      "coarseValue[0].revenueAtleast: unknown key 'revenueAtleast'; did you mean 'revenueAtLeast'?",
      "coarseValue[0].value: expected one of 'low', 'medium', 'high', found 'hihg'; did you mean 'high'?",
      "lock[0].noEvent: 'a' is named in both 'event' and 'noEvent': the condition can never hold",
      "lock[1].revenueBelow: empty range: nothing is at least 5.0 and below 5.0",
      "fineValue.fields[0].bits: an event flag takes one bit; this field has 2",
      "fineValue.fields[1]: a field holds one thing; found 'revenue' and 'event'",
    ]
    for message in expected {
      #expect(found.contains { $0.contains("error: " + message) }, "missing: \(message)\nin: \(found)")
    }
  }

  @Test("the sample schemas lint clean against the scenarios that use them")
  func samplesClean() throws {
    let directory = TestPaths.scenarios
    let pairs = [
      ("quickstart-hybrid", "quickstart"), ("revenue-game", "quickstart"), ("subscription", "subscription"),
      ("subscription-renewals", "subscription"), ("revenue-game", "hybrid-game"),
    ]
    for (schema, scenario) in pairs {
      let events = try ScenarioLoader.load(path: "\(directory)/\(scenario).json").declaredEvents
      #expect(try ScenarioLoader.lintSchema(path: "\(directory)/schemas/\(schema).json", declaredEvents: events).isEmpty, "\(schema)")
    }
  }

  @Test("explain lists each value with its meaning and the revenue it decodes to")
  func explain() throws {
    let schema = try ScenarioLoader.loadSchema(path: TestPaths.scenarios + "/schemas/subscription.json")
    let explanation = SchemaExplanation(schema)
    #expect(explanation.fine.map(\.value) == ["0", "1", "2", "3", "4", "10", "11", "12", "20", "21", "22"])
    // Registration's 0 decodes too: no entry held, so no session (value 1 needs one).
    #expect(explanation.fine.first?.meaning == "no onboarding_complete, no trial_start, sessions 0")
    #expect(explanation.fine.last?.meaning == "revenue ≥ 50 USD, subscribe → 59.99 USD")
    #expect(explanation.unusedFineValues == 53)
    #expect(!explanation.coarseShared)
    #expect(explanation.coarse[1].map(\.value) == ["high", "medium", "low"])
    #expect(explanation.coarse[1][2].meaning == "revenue < 0.01 USD, sessions ≥ 1 → 0 USD")
    #expect(explanation.locks == ["window 1: lock when subscribe", "window 3: lock when subscribe"])
  }
}
