import AttributionCrypto
import SimJSON
import SimModel

/// The fields an ad network signs for an SKAdNetwork impression, and the string it signs
/// (rulebook §7.3; A12, A13, A14, A21).
public struct ImpressionSignature: Sendable, Equatable {
  /// The version the ad is signed with: "2.0", "2.2", "3.0" or "4.0".
  public var version: String
  /// `ad-network-id`.
  public var adNetworkId: String
  /// The campaign-id (before 4.0) or source identifier (4.0).
  public var sourceIdentifier: Int64
  /// The advertised app's `itunes-item-id`.
  public var itemId: Int64
  /// The nonce (a lowercase UUID).
  public var nonce: String
  /// The publisher: an app's item ID (0 for a development app), or a website's domain.
  public var source: Source
  /// 1 for StoreKit-rendered and web ads, 0 for view-through.
  public var fidelityType: Int
  /// Milliseconds since 1970.
  public var timestamp: Int64
  /// The base64 DER signature.
  public var signature: String

  /// App or website, as for publishers.
  public typealias Source = PublisherApp.Source

  /// The signed string: fields in the version's order joined by U+2063.
  public var signingString: String {
    var fields = [version, adNetworkId, String(sourceIdentifier), String(itemId), nonce]
    switch source {
    case .app(let id): fields.append(String(id))
    case .web(let domain): fields.append(domain)
    }
    // 2.0 predates fidelity types; from 2.2 the type comes before the timestamp.
    if version != "2.0" { fields.append(String(fidelityType)) }
    fields.append(String(timestamp))
    return fields.joined(separator: PostbackSigningString.separator)
  }

  /// Whether the signature verifies with the ad network's key.
  public func verifies(with key: ECPublicKey) -> Bool {
    guard let der = try? Base64.decode(signature) else { return false }
    return key.isValidSignature(der, for: Array(signingString.utf8))
  }

  /// Reads an impression in any of the shapes ad networks hand to StoreKit: `SKAdImpression`
  /// properties (view-through), `SKStoreProductParameter…` keys (StoreKit-rendered), or the
  /// web-ad payload's snake_case keys. Nil when the shape is not one of these.
  public init?(json: [String: JSONValue]) {
    func string(_ key: String) -> String? {
      if case .string(let value) = json[key] { return value }
      return nil
    }
    func integer(_ key: String) -> Int64? {
      switch json[key] {
      case .int(let value): return value
      case .string(let text): return Int64(text)
      default: return nil
      }
    }
    if let network = string("adNetworkIdentifier") {
      guard let version = string("version"), let source = integer("sourceIdentifier"),
        let item = integer("advertisedAppStoreItemIdentifier"), let nonce = string("adImpressionIdentifier"),
        let app = integer("sourceAppStoreItemIdentifier"), let time = integer("timestamp"), let signature = string("signature")
      else { return nil }
      self.init(
        version: version, adNetworkId: network, sourceIdentifier: source, itemId: item, nonce: nonce, source: .app(app),
        fidelityType: 0, timestamp: time, signature: signature)
    } else if let network = string("SKStoreProductParameterAdNetworkIdentifier") {
      let prefix = "SKStoreProductParameterAdNetwork"
      guard let version = string(prefix + "Version"),
        let source = integer(prefix + "SourceIdentifier") ?? integer(prefix + "CampaignIdentifier"),
        let item = integer("SKStoreProductParameterITunesItemIdentifier"), let nonce = string(prefix + "Nonce"),
        let app = integer(prefix + "SourceAppStoreIdentifier"), let time = integer(prefix + "Timestamp"),
        let signature = string(prefix + "AttributionSignature")
      else { return nil }
      self.init(
        version: version, adNetworkId: network, sourceIdentifier: source, itemId: item, nonce: nonce, source: .app(app),
        fidelityType: 1, timestamp: time, signature: signature)
    } else if let network = string("ad_network_id") {
      guard let version = string("version"), let source = integer("source_identifier"), let item = integer("itunes_item_id"),
        let nonce = string("nonce"), let domain = string("source_domain"), let time = integer("timestamp"),
        let signature = string("signature")
      else { return nil }
      self.init(
        version: version, adNetworkId: network, sourceIdentifier: source, itemId: item, nonce: nonce,
        source: .web(domain: domain), fidelityType: 1, timestamp: time, signature: signature)
    } else {
      return nil
    }
  }

  /// An impression with all its parts.
  public init(
    version: String, adNetworkId: String, sourceIdentifier: Int64, itemId: Int64, nonce: String, source: Source,
    fidelityType: Int, timestamp: Int64, signature: String
  ) {
    self.version = version
    self.adNetworkId = adNetworkId
    self.sourceIdentifier = sourceIdentifier
    self.itemId = itemId
    self.nonce = nonce
    self.source = source
    self.fidelityType = fidelityType
    self.timestamp = timestamp
    self.signature = signature
  }
}
