import DidYouMean
import SimEngine
import SimJSON
import SimModel

extension TierEvidence {
  /// Judges each cell of postbacks at its campaign's installs the day before, from `volumes`,
  /// after checking that they can be the postbacks' installs: every campaign the postbacks name is
  /// listed, none has more winning postbacks than installs, and none arrived before its first
  /// install day.
  public mutating func judge(by volumes: [InstallVolume], scenario: Scenario, file: String) throws(ScenarioDiagnostic) {
    func problem(_ line: Int?, _ message: String) -> ScenarioDiagnostic {
      ScenarioDiagnostic(file: file, location: line.map { SourceLocation(line: $0, column: 1) }, path: "", message: message)
    }
    var byDay: [CrowdCell: Int] = [:]
    var totals: [CrowdCell: (installs: Int, first: Int, line: Int)] = [:]
    for volume in volumes {
      guard let network = scenario.adNetworks.first(where: { $0.identifier == volume.network || $0.name == volume.network }) else {
        let names = scenario.adNetworks.flatMap { [$0.identifier, $0.name] }
        let hint = Suggestion.closest(to: volume.network, among: names).map { "; did you mean '\($0)'?" } ?? ""
        throw problem(volume.line, "the scenario has no ad network \(Excerpt.quoted(volume.network))\(hint)")
      }
      let campaign = CrowdCell.shownCampaign(volume.campaign, tiered: tiered)
      byDay[CrowdCell(network: network.identifier, campaign: campaign, day: volume.day), default: 0] += volume.installs
      let key = CrowdCell(network: network.identifier, campaign: campaign, day: nil)
      let total = totals[key] ?? (0, volume.day, volume.line)
      totals[key] = (total.installs + volume.installs, min(total.first, volume.day), total.line)
    }
    var postbacks: [CrowdCell: Int] = [:]
    for (cell, counts) in cells.sorted(by: { $0.key < $1.key }) where !cell.isAnyCampaign {
      let key = CrowdCell(network: cell.network, campaign: cell.campaign, day: nil)
      guard let total = totals[key] else {
        throw problem(nil, "the postbacks include campaign \(cell.campaign) of \(cell.network), which the volumes never list: list its installs")
      }
      if let day = cell.day, day < total.first {
        throw problem(
          total.line,
          "postbacks of campaign \(cell.campaign) of \(cell.network) arrived on \(Self.date(day)), before the first day the volumes list installs for it (\(Self.date(total.first)))")
      }
      postbacks[key, default: 0] += counts.reduce(0, +)
    }
    for (key, count) in postbacks.sorted(by: { $0.key < $1.key }) where count > totals[key]!.installs {
      throw problem(
        totals[key]!.line,
        "the volumes list \(totals[key]!.installs) installs for campaign \(key.campaign) of \(key.network), fewer than its \(count) winning postbacks: "
          + "every winning postback is an install")
    }
    for cell in cells.keys.sorted() where !cell.isAnyCampaign {
      let before = cell.day.map { CrowdCell(network: cell.network, campaign: cell.campaign, day: $0 - 1) }
      judge(cell, atInstalls: before.flatMap { byDay[$0] } ?? 0)
    }
  }

  /// `day` (days since 1970-01-01) as YYYY-MM-DD.
  private static func date(_ day: Int) -> String {
    String(Epoch(unixMilliseconds: 0).iso8601(after: Int64(day) * 86_400_000).prefix(10))
  }

}
