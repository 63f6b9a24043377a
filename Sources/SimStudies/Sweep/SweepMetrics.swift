import SimEngine
import SimModel
import SimRecords

/// The outcome columns of `sweep.csv` for one run, from its summary (rulebook §6 figures and the
/// decoding report).
public struct SweepMetrics: Sendable, Equatable {
  /// Column names, in order.
  public static let names: [String] = SweepColumns.metrics

  /// One value per name; nil where a share has nothing to share (no postbacks) or the run had
  /// no decoding.
  public var values: [Double?]

  /// The figures of a finished run of `scenario`.
  public init(summary: RunSummary, scenario: Scenario) {
    func share(_ part: Int, of whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
    let conversions = summary.conversionsByTier.reduce(0, +)
    var values: [Double?] = [
      Double(summary.users), Double(summary.attributedInstalls),
      Double(summary.attributedInstalls) / Self.campaignDays(scenario),
    ]
    values += summary.conversionsByTier.map { share($0, of: conversions) }
    for counts in summary.postbacks {
      let total = counts.reduce(0, +)
      values += [Double(total)] + counts.map { share($0, of: total) }
    }
    let digits = summary.sourceIdentifierDigits.reduce(0, +)
    values += [Double(summary.windowsWithoutPostback)] + summary.sourceIdentifierDigits.map { share($0, of: digits) }
    if let decoding = summary.decoding {
      let errors = decoding.campaigns.compactMap(\.revenueError).map(abs)
      values += [
        decoding.trueRevenue, decoding.decodedRevenue,
        decoding.trueRevenue > 0 ? (decoding.decodedRevenue - decoding.trueRevenue) / decoding.trueRevenue : nil,
        errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count),
      ]
    } else {
      values += [nil, nil, nil, nil]
    }
    self.values = values
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
