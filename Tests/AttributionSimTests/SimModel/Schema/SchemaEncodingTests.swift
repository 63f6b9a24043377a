import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// The device side of the schema: what each activity makes the app ask for, under each
/// version's rules, and what every value decodes back to.
@Suite("Schema encoding and round trips")
struct SchemaEncodingTests {
  static let samples = ["quickstart-hybrid", "revenue-game", "legacy-sdk", "subscription", "subscription-renewals", "skan3-retention"]

  private static func sample(_ name: String) throws -> ConversionSchema {
    try ScenarioLoader.loadSchema(path: TestPaths.scenarios + "/schemas/\(name).json")
  }

  /// Deterministic pseudo-random measurements over the ranges schemas test.
  private static func states(for schema: ConversionSchema, window: Int, count: Int) -> [MeasurementState] {
    var stream = RandomStream(seed: 42).child(window)
    func below(_ n: Int) -> Int { Int(stream.next() % UInt64(n)) }
    let revenues = [0, 0.004, 0.01, 0.3, 0.99, 1, 2.5, 4.99, 5, 9.99, 10, 14.99, 20, 49.99, 54.99, 59.99, 75, 150, 1_200]
    return (0..<count).map { _ in
      var state = MeasurementState(
        window: window, sinceFirstLaunch: .hours(Int64(below(48) + [0, 48, 168][window])),
        eventCount: schema.eventNames.count, currencies: ["EUR", "USD"])
      state.inWindow.sessions = below(8)
      state.inWindow.activeDays = min(state.inWindow.sessions, below(5))
      for index in schema.eventNames.indices { state.inWindow.eventCounts[index] = [0, 0, 1, 2, 5][below(5)] }
      state.inWindow.purchaseRevenue[below(2)] = revenues[below(revenues.count)]
      state.inWindow.adRevenue[1] = [0, 0, 0.02, 0.5][below(4)]
      return state
    }
  }

  @Test("every value each sample schema sets decodes to ranges holding the measurements that set it", arguments: samples)
  func roundTrip(name: String) throws {
    let schema = try Self.sample(name)
    var fineSeen = Set<Int>()
    for window in 0..<3 {
      for state in Self.states(for: schema, window: window, count: 3_000) {
        let values = MeasureValues(state.inWindow, state: state, table: schema.currencies)
        guard let update = schema.update(for: state) else { continue }
        var decodings: [(String, DecodedValue?)] = []
        if let fine = update.fine {
          fineSeen.insert(fine)
          decodings.append(("fine \(fine)", schema.decode(fine: fine, window: window)))
        }
        if let coarse = update.coarse {
          decodings.append(("window \(window + 1) \(coarse.rawValue)", schema.decode(coarse: coarse, window: window)))
        }
        for (label, decoded) in decodings {
          let decoded = try #require(decoded, "\(name): \(label) must decode")
          for (measure, range) in decoded.ranges {
            #expect(range.contains(values[measure]), "\(name): \(label) says \(measure) in \(range), measured \(values[measure])")
          }
        }
      }
    }
    // Every value the explanation lists is one the encoder reached, and the other way round.
    let explained = Set(SchemaExplanation(schema).fine.map { Int($0.value)! })
    #expect(fineSeen.isSubset(of: explained), "\(name): values set but not explained: \(fineSeen.subtracting(explained).sorted())")
  }

  /// A table whose value falls when revenue passes 10: 1–5 → 10, 5–10 → 20, ≥ 10 → 15.
  static let fallingTable = """
    { version: 1, fineValue: { values: [
        { value: 10, revenueAtLeast: 1, revenueBelow: 5 },
        { value: 20, revenueAtLeast: 5, revenueBelow: 10 },
        { value: 15, revenueAtLeast: 10 },
      ] } }
    """

  private static func purchases(_ amounts: [(String, Double)]) -> String {
    amounts.map { "{ at: \"\($0.0)\", action: \"event\", name: \"purchase\", revenue: \($0.1) }," }.joined()
  }

  @Test("§4 before 4.0 the encoder asks only for a greater value, even when its table gives a lower one")
  func increasingOnly() throws {
    let schema = try TestScenarios.schema(Self.fallingTable)
    var state = MeasurementState(window: 0, valueRules: .increasingOnly, eventCount: 0)
    state.inWindow.purchaseRevenue[0] = 12
    state.lastFine = 20
    #expect(schema.update(for: state) == nil, "15 is below the 20 already asked for")
    state.lastFine = 10
    #expect(schema.update(for: state) == ConversionUpdate(fine: 15))
    state.valueRules = .windowed
    state.lastFine = 20
    #expect(schema.update(for: state)?.fine == 15, "4.0 values may go down (§4)")

    // On a 3.0 ad: 2 → 10, 7 → 20, 12 → (15) not asked; the postback carries 20.
    let steps = Self.purchases([("4h", 2), ("5h", 5), ("6h", 5)])
    let three = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "3.0", users: TestScenarios.clicker(then: steps), extra: "schema: \(Self.fallingTable),"))
    let winner = try #require(three.postbacks.first { $0.recipient == .adNetwork && $0.didWin })
    #expect(winner.fields["conversion-value"] == 20)
    #expect(three.summary.updatesNotIncreasing == 0, "the encoder never asked for less")
    // On a 4.0 ad the same activity ends window 1 at 15.
    let four = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: TestScenarios.clicker(then: steps), extra: "schema: \(Self.fallingTable),"))
    let first = try #require(four.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 0 })
    #expect(first.fields["conversion-value"] == 15)
  }

  /// Runs clicker `u` on 4.0 (first launch at 3h) under `schema` with `steps`; returns when
  /// each window's postback was prepared, in hours from the epoch.
  private func closeTimes(schema: String, steps: String) throws -> [Int: Double] {
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: TestScenarios.clicker(then: steps), extra: "schema: \(schema),"))
    var times: [Int: Double] = [:]
    for postback in run.postbacks where postback.recipient == .adNetwork {
      times[postback.sequenceIndex] = Double(postback.preparedAt.milliseconds) / 3_600_000
    }
    return times
  }

  @Test("§5.2 a lock rule on an event closes window 1 at that event; later activity changes nothing")
  func lockOnEvent() throws {
    let schema = "{ version: 1, fineValue: { revenueBuckets: [1] }, lock: [{ window: 1, event: \"purchase\" }] }"
    let times = try closeTimes(schema: schema, steps: "{ at: \"4h\", action: \"launch\" }," + Self.purchases([("5h", 2), ("6h", 3)]))
    #expect(times[0] == 5, "locked at the purchase, not at 51h when window 1 would end")
  }

  @Test("§5.2 a lock rule on a revenue bound closes the window at the activity that reaches it")
  func lockOnRevenue() throws {
    let schema = "{ version: 1, fineValue: { revenueBuckets: [1] }, lock: [{ window: 1, revenueAtLeast: 10 }] }"
    #expect(try closeTimes(schema: schema, steps: Self.purchases([("5h", 4.99), ("6h", 5.01)]))[0] == 6)
    #expect(try closeTimes(schema: schema, steps: Self.purchases([("5h", 4.99), ("6h", 5)]))[0] == 51, "9.99 stays below")
  }

  @Test("§5.2 a time lock fires at the first activity after the time, counted from the first launch")
  func lockAtTime() throws {
    // Window 2 spans 48–168 h after the first launch at 3h: 51h–171h on the clock.
    let schema = """
      { version: 1, coarseValue: [{ value: "low", sessionsAtLeast: 1 }],
        lock: [{ window: 2, hoursSinceInstallAtLeast: 72 }] }
      """
    let times = try closeTimes(
      schema: schema, steps: "{ at: \"63h\", action: \"launch\" }, { at: \"83h\", action: \"launch\" },")
    #expect(times[1] == 83, "60 h after the first launch is too early; 80 h locks")
  }

  @Test("a bit layout packs a revenue bucket, a capped event count and a day counter, and unpacks them")
  func bitLayout() throws {
    let schema = try TestScenarios.schema(
      """
      { version: 1, fineValue: { fields: [
        { bits: [0, 1], revenue: [1, 10] },
        { bits: [2, 3], eventCount: "level_up" },
        { bits: [4, 5], count: "daysSinceInstall" },
      ] } }
      """)
    var state = MeasurementState(window: 0, sinceFirstLaunch: .hours(50), eventCount: schema.eventNames.count)
    state.inWindow.purchaseRevenue[0] = 3
    state.inWindow.eventCounts[schema.eventNames.firstIndex(of: "level_up")!] = 5
    // Bucket 1 (1–10), five level-ups capped at 3, day 2: 1 + 3·4 + 2·16.
    #expect(schema.update(for: state)?.fine == 45)
    let decoded = try #require(schema.decode(fine: 45, window: 0))
    #expect(decoded.ranges[.revenue(.all)] == ValueRange(atLeast: 1, below: 10))
    #expect(decoded.ranges[.eventCount(schema.eventNames.firstIndex(of: "level_up")!)] == ValueRange(atLeast: 3), "the cap means 3 or more")
    #expect(decoded.ranges[.daysSinceInstall] == ValueRange(atLeast: 2, below: 3))
    #expect(decoded.revenueEstimate == 5.5)
  }

  @Test("active days count distinct days since the first launch with an app open")
  func activeDays() throws {
    let schema = "{ version: 1, fineValue: { fields: [{ bits: [0, 2], count: \"activeDays\" }] } }"
    // First launch 3h (day 0), again 5h (day 0), 28h (day 1): two active days.
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(
        version: "4.0", users: TestScenarios.clicker(then: "{ at: \"5h\", action: \"launch\" }, { at: \"28h\", action: \"launch\" },"),
        extra: "schema: \(schema),"))
    let first = try #require(run.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 0 })
    #expect(first.fields["conversion-value"] == 2)
  }

  @Test("coarse rules per window: each window reads its own rules")
  func perWindowCoarse() throws {
    let schema = """
      { version: 1, coarseValue: {
          window1: [{ value: "high", sessionsAtLeast: 1 }],
          window2: [{ value: "low", sessionsAtLeast: 1 }],
      } }
      """
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(
        version: "4.0", users: TestScenarios.clicker(then: "{ at: \"4d\", action: \"launch\" }, { at: \"10d\", action: \"launch\" },"),
        privacy: "{ forceTier: 1 }", extra: "schema: \(schema),"))
    let sent = run.postbacks.filter { $0.recipient == .adNetwork }
    #expect(sent.first { $0.sequenceIndex == 0 }?.fields["coarse-conversion-value"] == "high")
    #expect(sent.first { $0.sequenceIndex == 1 }?.fields["coarse-conversion-value"] == "low")
    #expect(!sent.contains { $0.sequenceIndex == 2 }, "window 3 has no rules: the app makes no call, so no postback (§5.2)")
  }

  @Test("revenue in other currencies converts at the schema's rates into the report's truth and the value")
  func currencies() throws {
    let schema = "{ version: 1, currency: \"USD\", exchangeRates: { EUR: 1.1 }, fineValue: { revenueBuckets: [10.5] } }"
    // The tutorial carries no revenue: its default currency (USD) is not one the scenario uses.
    let steps = "{ at: \"4h\", action: \"event\", name: \"tutorial\" }, { at: \"5h\", action: \"event\", name: \"purchase\", revenue: 10, currency: \"EUR\" },"
    let run = try TestScenarios.run(
      TestScenarios.multiNetwork(version: "4.0", users: TestScenarios.clicker(then: steps), extra: "schema: \(schema),"))
    let first = try #require(run.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 0 })
    #expect(first.fields["conversion-value"] == 1, "10 EUR is 11 USD, over the 10.5 bound")
    #expect(run.summary.decoding?.orderedRows.first?.trueRevenue == 11)
    let missing = TestScenarios.diagnostics(
      TestScenarios.multiNetwork(
        version: "4.0", users: TestScenarios.clicker(then: steps), extra: "schema: { version: 1, fineValue: { revenueBuckets: [1] } },"))
    #expect(missing.contains { $0.contains("schema: revenue comes in EUR, which the schema (in USD) cannot convert: add exchangeRates.EUR") })
  }
}
