import SimEngine
import SimModel
import SimRecords

/// The outcome columns of `sweep.csv` for one run, from its summary (rulebook §6 figures and the
/// decoded table).
public struct SweepMetrics: Sendable, Equatable {
  /// Column names, in order.
  public static let names: [String] = SweepColumns.metrics

  /// One outcome: its column's name and its value, nil where a share has nothing to share (no
  /// postbacks) or the run had no decoding.
  public struct Outcome: Sendable, Equatable {
    public var name: String
    public var value: Double?
  }

  /// The outcomes, in the order of ``names``.
  public var outcomes: [Outcome]

  /// The values, in the order of ``names``.
  public var values: [Double?] { outcomes.map(\.value) }

  /// The figures of a finished run of `scenario`.
  public init(summary: RunSummary, scenario: Scenario) {
    func share(_ part: Int, of whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
    var outcomes: [Outcome] = []
    func add(_ name: String, _ value: Double?) { outcomes.append(Outcome(name: name, value: value)) }
    let conversions = summary.conversionsByTier.reduce(0, +)
    add("users", Double(summary.users))
    add("attributedInstalls", Double(summary.attributedInstalls))
    add("installsPerCampaignPerDay", Double(summary.attributedInstalls) / Self.campaignDays(scenario))
    for (tier, count) in summary.conversionsByTier.enumerated() { add("tier\(tier)Share", share(count, of: conversions)) }
    // Counts by content are [fine, coarse, none].
    for (index, counts) in summary.postbacks.enumerated() {
      let total = counts.reduce(0, +)
      add("postbacks\(index + 1)", Double(total))
      for (kind, count) in counts.enumerated() { add(["fineShare", "coarseShare", "nullShare"][kind] + "\(index + 1)", share(count, of: total)) }
    }
    let digits = summary.sourceIdentifierDigits.reduce(0, +)
    add("withheldPostbacks", Double(summary.windowsWithoutPostback))
    let perInstall = summary.postbacksPerInstall
    add("postbacksPerInstall", perInstall?.total)
    for window in 0..<3 { add("postbacksPerInstall\(window + 1)", perInstall?.byWindow[window]) }
    // Counts by digits are [2 digits, 3, 4].
    for (index, count) in summary.sourceIdentifierDigits.enumerated() { add("digits\(index + 2)Share", share(count, of: digits)) }
    let decoding = summary.decoding
    let errors = decoding?.campaigns.compactMap(\.revenueError).map(abs) ?? []
    add("trueRevenue", decoding?.trueRevenue)
    add("decodedRevenue", decoding?.decodedRevenue)
    add("revenueError", decoding.flatMap { $0.trueRevenue > 0 ? ($0.decodedRevenue - $0.trueRevenue) / $0.trueRevenue : nil })
    add("campaignRevenueError", decoding == nil || errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count))
    let early = decoding?.earlyDecisions ?? []
    for index in 0..<3 {
      let decision = early.indices.contains(index) ? early[index] : nil
      add("earlyError\(index + 1)", decision?.meanAbsError)
      add("earlyOrderedShare\(index + 1)", decision?.orderedPairShare)
    }
    self.outcomes = outcomes
  }

  /// Campaigns that cohorts are exposed to, times the days users arrive over (at least one):
  /// installs divided by this is the crowd a campaign gathers per day, the figure thresholds
  /// are compared with.
  package static func campaignDays(_ scenario: Scenario) -> Double {
    var campaigns = Set<[Int]>()
    for cohort in scenario.cohorts where cohort.count > 0 {
      for exposure in cohort.exposures { campaigns.insert([exposure.network, exposure.campaign]) }
    }
    let populated = scenario.cohorts.filter { $0.count > 0 }
    let start = populated.map(\.arrivalStart).min() ?? .zero
    let end = populated.map { $0.arrivalStart + $0.arrivalSpread }.max() ?? .zero
    let days = max(Double((end - start).milliseconds) / Double(SimDuration.days(1).milliseconds), 1)
    return Double(max(campaigns.count, 1)) * days
  }
}
