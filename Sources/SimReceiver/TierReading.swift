import SimJSON
import SimPlatform

/// What a received winning postback 1 shows of crowd anonymity (rulebook §6): its version, the
/// campaign it reports, and the ``TierSigns`` its body carries. The evidence `attrsim privacy fit`
/// reads thresholds from; other postbacks (later windows, non-winning) show too little to count.
public struct TierReading: Hashable, Sendable {
  /// `2.2`, `3.0`, `4.0`, or `AdAttributionKit`.
  public var version: String
  /// Whether the version has tiers (4.0, AdAttributionKit) rather than one privacy threshold.
  public var tiered: Bool
  /// `ad-network-id` (`ad-network-identifier`).
  public var network: String
  /// The campaign as every tier shows it: the rightmost two digits of `source-identifier`, or
  /// `campaign-id` before 4.0.
  public var campaign: String
  /// `app-id` (`advertised-item-identifier`).
  public var appId: Int64
  public var signs: TierSigns

  /// Why a body gives no reading.
  public enum Skip: Error, Equatable, Sendable {
    /// A later window's postback, or a non-winning network's: its content never depends on more than tier 0/1.
    case notWinningFirst
    /// Not a postback body: what is missing or wrong.
    case notPostback(String)
  }

  /// The reading of `body`: an SKAdNetwork postback, or an AdAttributionKit one (its JWS payload
  /// and the unsigned fields beside it; the signature is not checked here).
  public static func read(_ body: JSONValue) -> Result<TierReading, Skip> {
    guard case .object(var fields) = body else { return .failure(.notPostback("expected a JSON object")) }
    let aak = fields["jws-string"] != nil
    if case .string(let text)? = fields["jws-string"] {
      guard let jws = try? CompactJWS(parsing: text) else { return .failure(.notPostback("its jws-string is not a compact JWS")) }
      fields.merge(jws.payload) { _, signed in signed }
    }
    let version = aak ? "AdAttributionKit" : fields["version"].flatMap(Self.text)
    guard let version else { return .failure(.notPostback("no 'version'")) }
    guard let network = fields[aak ? "ad-network-identifier" : "ad-network-id"].flatMap(Self.text) else {
      return .failure(.notPostback("no '\(aak ? "ad-network-identifier" : "ad-network-id")'"))
    }
    guard let appText = fields[aak ? "advertised-item-identifier" : "app-id"].flatMap(Self.text), let appId = Int64(appText)
    else { return .failure(.notPostback("no '\(aak ? "advertised-item-identifier" : "app-id")'")) }
    let tiered = aak || !["1.0", "2.0", "2.1", "2.2", "3.0"].contains(version)
    let campaign: String
    if tiered {
      guard let source = fields["source-identifier"].flatMap(Self.text) else { return .failure(.notPostback("no 'source-identifier'")) }
      campaign = String(source.suffix(2))
    } else {
      guard let id = fields["campaign-id"].flatMap(Self.text) else { return .failure(.notPostback("no 'campaign-id'")) }
      campaign = id
    }
    // 2.2 has no did-win: every postback it sends is the winner's.
    if case .bool(false)? = fields["did-win"] { return .failure(.notWinningFirst) }
    if let index = fields["postback-sequence-index"].flatMap(Self.text), index != "0" { return .failure(.notWinningFirst) }
    let present = { (key: String) in fields[key].map { $0 != .null } ?? false }
    let signs = TierSigns(
      publisher: present("source-app-id") || present("source-domain") || present("publisher-item-identifier"),
      fineValue: present("conversion-value"), coarseValue: present("coarse-conversion-value"))
    return .success(TierReading(version: version, tiered: tiered, network: network, campaign: campaign, appId: appId, signs: signs))
  }

  /// A string or integer field as text.
  private static func text(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text): text
    case .int(let number): String(number)
    default: nil
    }
  }
}
