import SimModel
import SimRecords
import SimRun

/// Checks a schema against what a scenario's users do (`attrsim schema lint --scenario`): values
/// whose calibrated estimate falls outside the revenue range the schema claims for them, fine
/// values the cohort never or hardly ever ends window 1 with, and events mapped to fine values
/// that mostly happen after window 1, where fine values are not sent.
///
/// The cohort is the calibration's: runs of the scenario under ``Calibrator/seed(scenarioSeed:run:)``
/// pooled until ``CalibrationSettings`` are met.
public struct BehaviourLint: Sendable {
  /// The share of installs under which a fine value counts as hardly ever produced.
  public static let rareShare = 0.001

  /// The schema checked.
  public let schema: ConversionSchema
  /// The scenario's name, for messages.
  public let scenarioName: String
  /// Postback windows of the scenario's framework (3 from SKAdNetwork 4.0, else 1).
  public let windowCount: Int
  /// What the cohort did.
  public let facts: CohortFacts

  /// A lint of `schema` against `facts` gathered from scenario `scenarioName`.
  public init(schema: ConversionSchema, scenarioName: String, windowCount: Int, facts: CohortFacts) {
    self.schema = schema
    self.scenarioName = scenarioName
    self.windowCount = windowCount
    self.facts = facts
  }

  /// Why `scenario` cannot be simulated for the lint, or nil when it can.
  public static func obstacle(_ scenario: Scenario) -> String? { Calibrator.obstacle(scenario) }

  /// Simulates `scenario` with `schema` (its own schema replaced) and gathers the facts.
  public static func gather(
    _ scenario: Scenario, schema: ConversionSchema, settings: CalibrationSettings = CalibrationSettings()
  ) -> CohortFacts {
    var base = scenario
    base.schema = schema
    let windowCount = base.attributionFramework.windowCount
    var calibrations: [CalibrationSink] = []
    var cohort = CohortSink(windowCount: windowCount, eventCount: schema.eventNames.count)
    var installs = 0
    var seeds: [UInt64] = []
    // Runs in seed order until the settings are met: the same facts on any machine.
    while seeds.count < settings.maximumRuns {
      var run = base
      run.seed = Calibrator.seed(scenarioSeed: scenario.seed, run: seeds.count)
      var sink = TeeSink(CalibrationSink(scenario: run, schema: schema), cohort)
      _ = ScenarioRunner.run(run, sink: &sink, receive: false)
      calibrations.append(sink.first)
      cohort = sink.second
      seeds.append(run.seed)
      installs += sink.first.installs
      if seeds.count >= settings.minimumRuns, installs >= settings.installs { break }
    }
    let cells = CalibrationCell.summing(calibrations.lazy.map(\.cells), eventCount: schema.eventNames.count)
    let calibration = Calibration(
      scenario: scenario.name, schemaDigest: schema.digest, currency: schema.currencies.base,
      eventNames: schema.eventNames, windowCount: windowCount, minimumInstalls: settings.minimumCellInstalls,
      seeds: seeds, installs: installs, cells: cells)
    return CohortFacts(
      calibration: calibration, installs: cohort.installs, fineCounts: cohort.fineCounts, eventCounts: cohort.eventCounts)
  }

  /// Every finding, all warnings: ranges first, then rare values, then late events.
  public var findings: [SchemaFinding] {
    rangeFindings() + rareValueFindings() + lateEventFindings()
  }

  private var cohortName: String {
    "the calibration cohort of '\(scenarioName)' (\(facts.calibration.seeds.count) runs)"
  }

  // MARK: - Calibrated estimates against claimed ranges

  /// The total-revenue range a decoded value claims: its `revenue` range, or its purchase and ad
  /// ranges added; nil when it claims nothing about all of the revenue.
  static func claimedRevenue(_ value: DecodedValue) -> ValueRange? {
    if let all = value.ranges[.revenue(.all)] { return all }
    guard let iap = value.ranges[.revenue(.iap)], let ad = value.ranges[.revenue(.ad)] else { return nil }
    let below = iap.below.flatMap { a in ad.below.map { a + $0 } }
    return ValueRange(atLeast: iap.atLeast + ad.atLeast, below: below)
  }

  private func rangeFindings() -> [SchemaFinding] {
    var findings: [SchemaFinding] = []
    let currency = schema.currencies.base
    func check(_ decoded: DecodedValue?, window: Int, signal: CalibrationSignal, name: String, path: String) {
      guard let decoded, let claimed = Self.claimedRevenue(decoded),
        let estimate = facts.calibration.estimate(window: window, signal: signal, source: nil)
      else { return }
      // Half a cent of slack: revenue is counted in cents.
      let below = estimate.revenue < claimed.atLeast - 0.005
      let above = claimed.below.map { estimate.revenue >= $0 + 0.005 } ?? false
      guard below || above else { return }
      findings.append(
        SchemaFinding(
          .warning, path,
          "\(name) claims revenue \(Self.text(claimed, currency: currency)) in window \(window + 1), but the "
            + "\(estimate.installs) installs of \(cohortName) whose postback carried it brought "
            + "\(Self.money(estimate.revenue)) \(currency) on average in that window: "
            + (above
              ? "revenue keeps coming after the value is set (a lock or an early last update), so decoding by its range undercounts"
              : "fewer users reach the range than the value says, so decoding by its range overcounts")))
    }
    for value in 0...63 {
      check(schema.decode(fine: value, window: 0), window: 0, signal: .fine(value), name: "fine value \(value)", path: finePath(value))
    }
    for window in 0..<windowCount {
      for coarse in CoarseValue.allCases {
        let rule = schema.coarse[window].first { $0.value == coarse }
        check(
          schema.decode(coarse: coarse, window: window), window: window, signal: .coarse(coarse),
          name: "coarse value '\(coarse.rawValue)'", path: rule?.source ?? "coarseValue")
      }
    }
    return findings
  }

  // MARK: - Fine values the cohort hardly ever ends window 1 with

  private func rareValueFindings() -> [SchemaFinding] {
    guard facts.installs > 0 else { return [] }
    let producible = (0...63).filter { value in
      guard schema.decode(fine: value, window: 0) != nil else { return false }
      // Table values whose rule never applies are already errors of the static lint.
      if let rules = schema.fineValueRules { return rules.contains { $0.value == value } }
      return true
    }
    let never = producible.filter { facts.fineCounts[$0] == 0 }
    let rare = producible.filter { facts.fineCounts[$0] > 0 && Double(facts.fineCounts[$0]) < Self.rareShare * Double(facts.installs) }
    var findings: [SchemaFinding] = []
    let path = fineMappingPath
    if !never.isEmpty {
      findings.append(
        SchemaFinding(
          .warning, never.count == 1 ? finePath(never[0]) : path,
          "fine value\(never.count == 1 ? "" : "s") \(Self.list(never)) never end\(never.count == 1 ? "s" : "") window 1 "
            + "for any of the \(facts.installs) installs of \(cohortName): values spent on users the scenario does not have"
            + constantFields(among: producible).map { "; \($0)" }.joined()))
    }
    if !rare.isEmpty {
      let shares = rare.map { "\($0) (\(facts.fineCounts[$0]), \(Self.percent(Double(facts.fineCounts[$0]) / Double(facts.installs))))" }
      findings.append(
        SchemaFinding(
          .warning, rare.count == 1 ? finePath(rare[0]) : path,
          "fine value\(rare.count == 1 ? "" : "s") \(shares.joined(separator: ", ")) end\(rare.count == 1 ? "s" : "") window 1 "
            + "for under 0.1 % of the \(facts.installs) installs of \(cohortName): too rare to pass crowd anonymity "
            + "or to tell campaigns apart"))
    }
    return findings
  }

  /// The bit fields whose value is the same in every fine value the cohort ended window 1 with
  /// (a flag every user sets, say): each halves the values in use, and is why the others never
  /// occur. None for a value table.
  private func constantFields(among producible: [Int]) -> [String] {
    guard case .bits(let fields) = schema.fine else { return [] }
    let seen = producible.filter { facts.fineCounts[$0] > 0 }
    guard let first = seen.first else { return [] }
    return fields.compactMap { field in
      let value = (first & field.mask) >> field.low
      guard seen.allSatisfy({ ($0 & field.mask) >> field.low == value }) else { return nil }
      let bits = field.width == 1 ? "bit \(field.low)" : "bits \(field.low)–\(field.low + field.width - 1)"
      let name = field.source.isEmpty ? "the field at \(bits)" : "\(field.source) (\(bits))"
      return "\(name) is \(value) for every install, so fine values where it is not \(value) never occur"
    }
  }

  // MARK: - Events the fine value cannot carry

  /// Indices of the events the fine mapping reads.
  var fineEvents: [Int] {
    var events = Set<Int>()
    if let rules = schema.fineValueRules {
      for rule in rules {
        for measure in rule.condition.ranges.keys {
          if case .eventCount(let event) = measure { events.insert(event) }
          if case .eventValue(let event) = measure { events.insert(event) }
        }
      }
    } else if case .bits(let fields) = schema.fine {
      for field in fields {
        switch field.content {
        case .flag(let event): events.insert(event)
        case .count(.eventCount(let event)): events.insert(event)
        default: break
        }
      }
    }
    return events.sorted()
  }

  private func lateEventFindings() -> [SchemaFinding] {
    guard windowCount == 3, facts.eventCounts.count == 3 else { return [] }
    return fineEvents.compactMap { event in
      guard schema.eventNames.indices.contains(event), facts.eventCounts[0].indices.contains(event) else { return nil }
      let first = facts.eventCounts[0][event]
      let later = facts.eventCounts[1][event] + facts.eventCounts[2][event]
      // "Mostly": more than half of its occurrences.
      guard later > first else { return nil }
      let share = Double(later) / Double(first + later)
      return SchemaFinding(
        .warning, eventPath(event),
        "event '\(schema.eventNames[event])' is mapped to fine values, but \(Self.percent(share)) of its \(first + later) "
          + "occurrences in \(cohortName) happen after window 1 (from day 2), when postbacks carry coarse values only: "
          + "the fine value cannot carry them, only windows 2–3's coarse values can")
    }
  }

  // MARK: - Paths and text

  /// The `fineValue` object, or a value table's `valueTable.window1` (under `schema.` when the
  /// schema is inline in a scenario).
  private var fineMappingPath: String {
    let first: String?
    if let rules = schema.fineValueRules {
      first = rules.first?.source
    } else if case .bits(let fields) = schema.fine {
      first = fields.first?.source
    } else {
      first = nil
    }
    let key = schema.table[0].isEmpty ? "fineValue" : "valueTable.window1"
    guard let first, let end = first.range(of: key)?.upperBound else { return key }
    return String(first[..<end])
  }

  /// The rule giving fine value `value`, or the revenue field of a bit layout.
  private func finePath(_ value: Int) -> String {
    if let rules = schema.fineValueRules { return rules.first { $0.value == value }?.source ?? fineMappingPath }
    if case .bits(let fields) = schema.fine {
      for field in fields {
        if case .revenueBucket = field.content { return field.source }
      }
    }
    return fineMappingPath
  }

  /// The fine rule or field reading event `index`.
  private func eventPath(_ index: Int) -> String {
    if let rules = schema.fineValueRules {
      let reads = { (rule: ValueRule) in rule.condition.ranges[.eventCount(index)] != nil || rule.condition.ranges[.eventValue(index)] != nil }
      if let rule = rules.first(where: reads) { return rule.source }
    } else if case .bits(let fields) = schema.fine {
      for field in fields {
        switch field.content {
        case .flag(let event) where event == index: return field.source
        case .count(.eventCount(let event)) where event == index: return field.source
        default: continue
        }
      }
    }
    return fineMappingPath
  }

  /// "3, 5–7, 9": values with runs of three or more collapsed.
  static func list(_ values: [Int]) -> String {
    var parts: [String] = []
    var start = 0
    while start < values.count {
      var end = start
      while end + 1 < values.count, values[end + 1] == values[end] + 1 { end += 1 }
      if end - start >= 2 {
        parts.append("\(values[start])–\(values[end])")
      } else {
        parts += values[start...end].map(String.init)
      }
      start = end + 1
    }
    return parts.joined(separator: ", ")
  }

  static func text(_ range: ValueRange, currency: String) -> String {
    guard let below = range.below else { return "of at least \(money(range.atLeast)) \(currency)" }
    return "from \(money(range.atLeast)) to under \(money(below)) \(currency)"
  }

  static func money(_ value: Double) -> String { CSVField.money(value) }

  /// A share as a percentage for people: "0.05 %", "72.4 %".
  static func percent(_ share: Double) -> String {
    share < 0.01 ? CSVField.decimal(100 * share, places: 2) + " %" : CSVField.decimal(100 * share, places: 1) + " %"
  }
}
