import SimModel

/// Postbacks judged together by the privacy fit: those of one network's campaign (as every
/// tier shows it: two digits of the source identifier, or the campaign id), on one UTC day of
/// receipt when the evidence has times. Observed and simulated postbacks fall into cells by the
/// same rule, so the simulation stands in for the unknown crowds behind each observed cell.
public struct CrowdCell: Hashable, Sendable, Comparable {
  public var network: String
  public var campaign: String
  /// Days since 1970-01-01 (UTC) the postback arrived on; nil when the evidence has no times.
  public var day: Int?

  /// A cell with every part given.
  public init(network: String, campaign: String, day: Int?) {
    self.network = network
    self.campaign = campaign
    self.day = day
  }

  /// A campaign as its postbacks show it: the rightmost two digits of the source identifier with
  /// tiers (zero-padded, as in `source-identifier`), the whole campaign id before 4.0.
  public static func shownCampaign(_ sourceIdentifier: Int, tiered: Bool) -> String {
    guard tiered else { return String(sourceIdentifier) }
    let digits = sourceIdentifier % 100
    return digits < 10 ? "0\(digits)" : String(digits)
  }

  /// The cell of row `row` of aggregate observations: no network or campaign (it stands for
  /// campaigns of its size in any), numbered by its row in place of a day.
  public static func anyCampaign(row: Int) -> CrowdCell {
    CrowdCell(network: "", campaign: "", day: row)
  }

  /// Whether the cell is a row of aggregate observations, judged against any campaign.
  public var isAnyCampaign: Bool { network.isEmpty }

  /// The UTC day of `unixMilliseconds`.
  public static func day(ofUnixMilliseconds milliseconds: Int64) -> Int {
    Epoch(unixMilliseconds: milliseconds).utcDay
  }

  public static func < (left: CrowdCell, right: CrowdCell) -> Bool {
    (left.network, left.campaign, left.day ?? Int.min) < (right.network, right.campaign, right.day ?? Int.min)
  }
}
