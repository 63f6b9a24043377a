import SimModel
import SimPlatform
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
    /// A coefficient such as a rank correlation, −1 to 1, shown signed with three decimals.
    case coefficient
    /// Things per thing (postbacks per install), 0 or more, shown with two decimals.
    case rate
  }

  /// The key in `replicates.json` (camel case; a fraction's name ends in `Share` or `Ratio`).
  public var name: String
  /// What people read: "revenue captured".
  public var label: String
  public var kind: Kind
  /// The values it can take, which its interval keeps within.
  public var range: FigureRange
  /// The figure in one run's summary; nil where it has nothing to measure (no decoding, no
  /// postbacks to share).
  public var value: @Sendable (RunSummary) -> Double?

  /// Each stored property as given; `range` by default a share's [0, 1], a relative error's −1
  /// or more, an amount's any value, and 0 or more for the rest.
  public init(
    name: String, label: String, kind: Kind, range: FigureRange? = nil, value: @escaping @Sendable (RunSummary) -> Double?
  ) {
    self.name = name
    self.label = label
    self.kind = kind
    self.range = range ?? kind.range
    self.value = value
  }

  /// A name as part of a camel-case key: letters and digits only, each word after the first
  /// capitalised ("Meta Ads" → "metaAds").
  static func keyPart(_ name: String) -> String {
    let words = name.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard let first = words.first else { return "network" }
    return first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
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
    if windows == 3 {
      // What networks receive beyond postback 1: a schema that silences low-value installs in
      // windows 2 and 3 buys accuracy with the signal networks' bidding reads.
      figures.append(
        HeadlineFigure(name: "postbacksKeptShare", label: "postbacks 2 and 3 per install with postback 1", kind: .share) {
          $0.postbacksKeptShare
        })
    }
    // How far each network's dashboard is off (Docs/dashboards.md).
    for network in scenario.adNetworks {
      let name = network.name
      figures.append(
        HeadlineFigure(
          name: "\(Self.keyPart(name))DashboardErrorWeightedAbsRatio", label: "\(name) dashboard (\(network.dashboard.name)): weighted revenue error",
          kind: .share, range: .nonNegative
        ) { $0.decoding?.dashboardErrorWeighted(network: name) })
    }
    // What practitioners benchmark: winning postbacks per attributed install, at most one per window.
    figures.append(
      HeadlineFigure(
        name: "postbacksPerInstall", label: "postbacks per attributed install", kind: .rate,
        range: FigureRange(lower: 0, upper: Double(windows))
      ) { $0.postbacksPerInstall?.total })
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
      HeadlineFigure(name: "trueRevenue", label: "true revenue", kind: money, range: .nonNegative) {
        $0.decoding?.trueRevenue
      },
      HeadlineFigure(name: "decodedRevenue", label: "decoded revenue", kind: money, range: .nonNegative) {
        $0.decoding?.decodedRevenue
      },
      // A ratio, not a share: decoding can find more revenue than there was.
      HeadlineFigure(name: "revenueCapturedRatio", label: "revenue captured", kind: .share, range: .nonNegative) {
        $0.decoding?.revenueCaptured
      },
      HeadlineFigure(
        name: "campaignRevenueErrorMeanAbsRatio", label: "mean absolute campaign revenue error", kind: .share,
        range: .nonNegative
      ) { summary in
        let errors = summary.decoding?.campaigns.compactMap(\.revenueError).map(abs) ?? []
        return errors.isEmpty ? nil : errors.reduce(0, +) / Double(errors.count)
      },
      // Weighted by true revenue, so a campaign with a few dollars does not dominate: the sum of
      // campaigns' absolute errors over their true revenue. Spend is the same under any
      // estimator, so this is also the weighted ROAS error.
      HeadlineFigure(
        name: "campaignRevenueErrorWeightedMeanAbsRatio", label: "campaign error weighted by true revenue",
        kind: .share, range: .nonNegative
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
    figures += economics(scenario, money: money)
    figures += early(windows: windows)
    return figures
  }

  /// After postback 1, 1–2 and 1–3, how far the campaigns' estimates of horizon revenue (=
  /// ROAS) are from the truth and how often they order campaigns right (``EarlyDecision``).
  private static func early(windows: Int) -> [HeadlineFigure] {
    let days = EarlyEstimate.days(windowCount: windows)
    var figures: [HeadlineFigure] = []
    for (index, day) in days.enumerated() {
      let key = day.map { "day\($0)" } ?? "postback1"
      let arrived = index == 0 ? "postback 1" : "postbacks 1–\(index + 1)"
      let when = day.map { "by day \($0) (\(arrived))" } ?? "from postback 1"
      @Sendable func decision(_ summary: RunSummary) -> EarlyDecision? {
        summary.decoding.flatMap { $0.earlyDecisions.indices.contains(index) ? $0.earlyDecisions[index] : nil }
      }
      figures += [
        HeadlineFigure(
          name: "\(key)ErrorMeanAbsRatio", label: "horizon ROAS error \(when), mean absolute", kind: .share,
          range: .nonNegative
        ) { decision($0)?.meanAbsError },
        HeadlineFigure(
          name: "\(key)ErrorWeightedAbsRatio", label: "horizon ROAS error \(when), weighted by revenue", kind: .share,
          range: .nonNegative
        ) { decision($0)?.weightedAbsError },
        HeadlineFigure(name: "\(key)WithinTenPercentShare", label: "campaigns within 10 % \(when)", kind: .share) {
          decision($0)?.withinToleranceShare
        },
        HeadlineFigure(name: "\(key)RoasPairsOrderedShare", label: "campaign pairs ordered right \(when)", kind: .share) {
          decision($0)?.orderedPairShare
        },
      ]
    }
    return figures
  }

  /// Per priced campaign its spend, CPI, true and decoded ROAS and ROAS error, then Kendall's
  /// tau-b of decoded against true ROAS: the rows `compare` shows for one run, so replicated
  /// comparisons have them too. None when no campaign states spend.
  private static func economics(_ scenario: Scenario, money: Kind) -> [HeadlineFigure] {
    let priced = scenario.adNetworks.flatMap { network in
      network.campaigns.filter { $0.spend != nil }.map { (network.name, $0.name) }
    }
    guard !priced.isEmpty else { return [] }
    var figures: [HeadlineFigure] = []
    for (network, campaign) in priced {
      let name = "\(network)/\(campaign)"
      @Sendable func economics(_ summary: RunSummary) -> CampaignEconomics? {
        summary.decoding?.economics.first { $0.network == network && $0.campaign == campaign }
      }
      figures += [
        HeadlineFigure(name: "spend.\(name)", label: "spend \(name)", kind: money, range: .nonNegative) {
          economics($0)?.spend
        },
        HeadlineFigure(name: "cpi.\(name)", label: "CPI \(name)", kind: money, range: .nonNegative) { economics($0)?.cpi },
        HeadlineFigure(name: "trueRoasRatio.\(name)", label: "true ROAS \(name)", kind: .share, range: .nonNegative) {
          economics($0)?.trueRoas
        },
        HeadlineFigure(name: "decodedRoasRatio.\(name)", label: "decoded ROAS \(name)", kind: .share, range: .nonNegative) {
          economics($0)?.decodedRoas
        },
        HeadlineFigure(name: "roasErrorRatio.\(name)", label: "ROAS error \(name)", kind: .relativeError) {
          economics($0)?.roasError
        },
      ]
    }
    figures.append(
      HeadlineFigure(
        name: "roasRankTauB", label: "ROAS ranking, Kendall's tau-b", kind: .coefficient,
        range: FigureRange(lower: -1, upper: 1)
      ) { summary in
        summary.decoding.flatMap { CampaignEconomics.rankCorrelation($0.economics).tau }
      })
    return figures
  }
}

extension HeadlineFigure.Kind {
  /// The values a figure of this kind can take, unless it says otherwise.
  fileprivate var range: FigureRange {
    switch self {
    case .share: .unit
    case .relativeError: .relativeError
    case .money: .unbounded
    case .coefficient: FigureRange(lower: -1, upper: 1)
    case .count, .hours, .rate: .nonNegative
    }
  }
}
