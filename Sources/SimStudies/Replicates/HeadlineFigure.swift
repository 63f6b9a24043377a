import SimModel
import SimRecords

/// A figure a marketer reads off a run, by name, taken from its summary: the figures replicated
/// runs report as a mean with an interval and `compare` differences.
///
/// New figures are added in ``all(for:)`` alone; `replicates.json`, the tables and the report
/// pick them up from there.
public struct HeadlineFigure: Sendable {
  /// How a figure is shown to people; machine files always hold the plain number (a fraction
  /// for shares and ratios).
  public enum Kind: Sendable, Equatable {
    /// A number of things (users, installs, postbacks).
    case count
    /// A fraction shown as a percentage; differences in percentage points.
    case share
    /// A relative error: a signed fraction, shown as a signed percentage.
    case relativeError
    /// An amount in the schema's currency.
    case money(currency: String)
    /// Hours.
    case hours
  }

  /// The key in `replicates.json` (camel case; a fraction's name ends in `Share` or `Ratio`).
  public var name: String
  /// What people read: "revenue captured".
  public var label: String
  public var kind: Kind
  /// The figure in one run's summary; nil where it has nothing to measure (no decoding, no
  /// postbacks to share).
  public var value: @Sendable (RunSummary) -> Double?

  /// Each stored property as given.
  public init(name: String, label: String, kind: Kind, value: @escaping @Sendable (RunSummary) -> Double?) {
    self.name = name
    self.label = label
    self.kind = kind
    self.value = value
  }

  /// The headline figures of `scenario`'s runs, in the order tables show them.
  public static func all(for scenario: Scenario) -> [HeadlineFigure] {
    @Sendable func share(_ part: Int, of whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
    let windows = scenario.attributionFramework.windowCount
    let money = Kind.money(currency: scenario.schema.currencies.base)
    var figures = [
      HeadlineFigure(name: "users", label: "users", kind: .count) { Double($0.users) },
      HeadlineFigure(name: "installs", label: "installs", kind: .count) { Double($0.installs) },
      HeadlineFigure(name: "attributedInstalls", label: "attributed installs", kind: .count) {
        Double($0.attributedInstalls)
      },
    ]
    for window in 0..<windows {
      let label = windows == 1 ? "postbacks" : "postbacks, window \(window + 1)"
      figures.append(HeadlineFigure(name: "postbacksWindow\(window + 1)", label: label, kind: .count) {
        Double($0.postbacks[window].reduce(0, +))
      })
    }
    for (content, name) in ["fine", "coarse", "none"].enumerated() {
      let label = "postback 1 with \(name == "none" ? "no" : "a \(name)") value"
      figures.append(HeadlineFigure(name: "postback1\(name.capitalized)Share", label: label, kind: .share) {
        let first = $0.postbacks[0]
        return share(first[content], of: first.reduce(0, +))
      })
    }
    for tier in 0..<4 {
      figures.append(HeadlineFigure(name: "tier\(tier)Share", label: "conversions in tier \(tier)", kind: .share) {
        share($0.conversionsByTier[tier], of: $0.conversionsByTier.reduce(0, +))
      })
    }
    figures += [
      HeadlineFigure(name: "trueRevenue", label: "true revenue", kind: money) { $0.decoding?.trueRevenue },
      HeadlineFigure(name: "decodedRevenue", label: "decoded revenue", kind: money) { $0.decoding?.decodedRevenue },
      HeadlineFigure(name: "revenueCapturedRatio", label: "revenue captured", kind: .share) {
        $0.decoding?.revenueCaptured
      },
      HeadlineFigure(
        name: "campaignRevenueErrorMeanAbsRatio", label: "mean absolute campaign revenue error", kind: .share
      ) { summary in
        let errors = summary.decoding?.campaigns.compactMap(\.revenueError).map(abs) ?? []
        return errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count)
      },
      // Weighted by true revenue, so a campaign with a few dollars does not dominate: the sum of
      // campaigns' absolute errors over their true revenue. Spend is the same under any
      // estimator, so this is also the weighted ROAS error.
      HeadlineFigure(
        name: "campaignRevenueErrorWeightedMeanAbsRatio", label: "campaign error weighted by true revenue",
        kind: .share
      ) { summary in
        guard let campaigns = summary.decoding?.campaigns.filter({ $0.trueRevenue > 0 }), !campaigns.isEmpty else {
          return nil
        }
        let truth = campaigns.reduce(0) { $0 + $1.trueRevenue }
        return campaigns.reduce(0) { $0 + abs($1.decodedRevenue - $1.trueRevenue) } / truth
      },
    ]
    // Where decoded − true revenue comes from, summed over campaigns and windows.
    for (index, part) in DecodingErrorParts().named.enumerated() {
      figures.append(
        HeadlineFigure(name: "errorFrom\(part.name.prefix(1).uppercased())\(part.name.dropFirst())", label: "error from \(part.label)", kind: money) {
          $0.decoding?.errorParts?.named[index].value
        })
    }
    figures += [
      HeadlineFigure(name: "unknownValues", label: "unknown values", kind: .count) {
        $0.decoding.map { Double($0.unknownValues) }
      },
      HeadlineFigure(name: "firstSignalMedianHours", label: "first signal, median", kind: .hours) {
        $0.decoding?.firstSignalMedianHours
      },
    ]
    // Each campaign's revenue error, as `compare` has always shown it.
    for network in scenario.adNetworks {
      for campaign in network.campaigns {
        let (networkName, campaignName) = (network.name, campaign.name)
        figures.append(
          HeadlineFigure(
            name: "revenueErrorRatio.\(networkName)/\(campaignName)",
            label: "revenue error \(networkName)/\(campaignName)", kind: .relativeError
          ) { summary in
            summary.decoding?.campaigns.first { $0.network == networkName && $0.campaign == campaignName }?.revenueError
          })
      }
    }
    return figures
  }
}
