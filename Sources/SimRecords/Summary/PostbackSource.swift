import SimModel
import SimPlatform

/// Names the source a winning postback points at as ``DecodedTable`` names its rows: the
/// network's name (or its identifier when unknown) and the campaign its source-identifier
/// digits or campaign-id match, or "?" plus the digits when they match no campaign or several.
/// The calibration cohort's cells use these names, so a calibrated decoder looks its cells up
/// by the row a postback lands in.
package struct PostbackSource {
  private let networks: [AdNetwork]
  private let networkIndex: [String: Int]

  /// A namer for postbacks to `networks`.
  package init(networks: [AdNetwork]) {
    self.networks = networks
    networkIndex = Dictionary(networks.enumerated().map { ($0.element.identifier, $0.offset) }) { a, _ in a }
  }

  /// The source of `body`, or nil when it names no ad network.
  package func source(of body: PostbackFields) -> CalibrationCell.Source? {
    guard let networkId = body.networkId else { return nil }
    guard let known = networkIndex[networkId] else {
      // The decoded table keys an unknown network's rows by its identifier and the raw digits or id.
      let campaign = body.sourceIdentifier ?? body.campaignId.map { String($0) } ?? "?"
      return CalibrationCell.Source(network: networkId, campaign: campaign)
    }
    let network = networks[known]
    let campaigns = network.campaigns
    let mark = campaigns.isEmpty ? "" : "?"
    // Source identifiers have 2 to 4 digits (§7.1); anything else matches no campaign.
    if let digits = body.sourceIdentifier, (2...4).contains(digits.count), let value = Int(digits) {
      let modulus = TierDecision.modulus(digits: digits.count)
      let matches = campaigns.filter { $0.sourceIdentifier % modulus == value }
      return CalibrationCell.Source(network: network.name, campaign: matches.count == 1 ? matches[0].name : mark + digits)
    }
    if let id = body.campaignId {
      let match = campaigns.first { $0.sourceIdentifier == Int(id) }
      return CalibrationCell.Source(network: network.name, campaign: match?.name ?? mark + String(id))
    }
    return CalibrationCell.Source(network: network.name, campaign: "?")
  }
}
