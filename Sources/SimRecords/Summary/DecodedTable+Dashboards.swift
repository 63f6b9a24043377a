import SimEngine
import SimJSON
import SimModel

extension DecodedTable {
  /// Counts a winning postback that arrived at `time` into its network's dashboard: on it or
  /// not yet (its settings' delivery and view time), with the revenue its value stands for under
  /// the schema's own mapping (`revenue`, nil without a value) or, without a value, what value 0
  /// stands for (`zeroRevenue`).
  package mutating func dashboardReceives(
    _ key: Key, at time: SimTime, outcome: DecodingOutcome, revenue: Double?, zeroRevenue: Double
  ) {
    guard networks.indices.contains(key.network) else { return }
    let settings = networks[key.network].dashboard
    var cell = dashboards[key] ?? DashboardCell()
    if settings.shows(time) {
      cell.delayMilliseconds += (settings.shownAt(time) - time).milliseconds
      switch outcome {
      case .decoded:
        cell.valued += 1
        cell.valuedRevenue += revenue ?? 0
      case .none:
        cell.nulls += 1
        cell.nullsAsZeroRevenue += zeroRevenue
      case .unknown:
        cell.unknown += 1
      }
    } else {
      cell.notYetShown += 1
    }
    dashboards[key] = cell
  }

  /// Each scenario campaign as its network's dashboard reports it, in scenario order: those with
  /// postbacks or true revenue; empty without the run's truth.
  public var dashboardFigures: [DashboardFigures] {
    guard hasTruth else { return [] }
    let spends = Dictionary(economics.map { ("\($0.network)\u{0}\($0.campaign)", $0.spend) }) { a, _ in a }
    var figures: [DashboardFigures] = []
    for (n, network) in networks.enumerated() {
      for (c, campaign) in network.campaigns.enumerated() {
        let cells = (0..<windows).compactMap { dashboards[Key(network: n, campaign: c, window: $0)] }
        let own = orderedRows.filter { $0.network == network.name && $0.campaign == campaign.name }
        let trueRevenue = own.reduce(0) { $0 + $1.trueRevenue }
        guard !cells.isEmpty || trueRevenue > 0 else { continue }
        let shown = cells.reduce(0) { $0 + $1.shown }
        let first = dashboards[Key(network: n, campaign: c, window: 0)] ?? DashboardCell()
        let nulls = cells.reduce(0) { $0 + $1.nulls }
        let delay = cells.reduce(Int64(0)) { $0 + $1.delayMilliseconds }
        figures.append(
          DashboardFigures(
            network: network.name, campaign: campaign.name, settings: network.dashboard, installs: first.shown,
            postbacksShown: shown, postbacksNotYetShown: cells.reduce(0) { $0 + $1.notYetShown },
            nullShare: shown > 0 ? Double(nulls) / Double(shown) : nil,
            revenue: DashboardFigures.revenue(cells, nulls: network.dashboard.nulls), trueRevenue: trueRevenue,
            decodedRevenue: own.reduce(0) { $0 + $1.decodedRevenue }, spend: spends["\(network.name)\u{0}\(campaign.name)"] ?? nil,
            meanDelayHours: shown > 0 ? Double(delay) / Double(shown) / 3_600_000 : nil))
      }
    }
    return figures
  }

  /// Σ |dashboard − true| ÷ Σ true over `network`'s campaigns (each weighs as its true revenue):
  /// how far its dashboard's campaign revenue (so ROAS) is off; nil without true revenue.
  public func dashboardErrorWeighted(network: String) -> Double? {
    let own = dashboardFigures.filter { $0.network == network }
    let truth = own.reduce(0) { $0 + $1.trueRevenue }
    return truth > 0 ? own.reduce(0) { $0 + abs($1.revenue - $1.trueRevenue) } / truth : nil
  }
}
