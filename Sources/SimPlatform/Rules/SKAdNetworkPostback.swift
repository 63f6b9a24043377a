import SimJSON
import SimModel

/// An SKAdNetwork postback body exactly as the device POSTs it (rulebook §6, §7.1).
public struct SKAdNetworkPostback: Sendable {
  /// What a postback carries besides identifiers, decided by tier and window.
  public enum ValueContent: String, Sendable {
    case fine, coarse, none
  }

  /// Everything a postback is built from.
  public struct Facts: Sendable {
    /// The version ads were signed with.
    public var version: SKAdNetworkVersion
    /// `ad-network-id`.
    public var networkIdentifier: String
    /// The campaign's source identifier (4.0) or `campaign-id` (2.2, 3.0).
    public var sourceIdentifier: Int
    /// `app-id`.
    public var appId: Int64
    /// `transaction-id`.
    public var transactionId: String
    /// `redownload`.
    public var redownload: Bool
    /// The publisher app or website.
    public var source: PublisherApp.Source
    /// `fidelity-type`: 1 StoreKit-rendered or web, 0 view-through.
    public var fidelityType: Int
    /// `did-win` (3.0+).
    public var didWin: Bool
    /// `postback-sequence-index` (4.0).
    public var sequenceIndex: Int
    /// The crowd-anonymity decision for this postback's conversion.
    public var tier: TierDecision
    /// The window's fine value.
    public var fine: Int?
    /// The window's coarse value (4.0).
    public var coarse: CoarseValue?
    /// Install country.
    public var country: String
    /// Settings for the uncertain content rules.
    public var rules: PlatformRules

    /// The facts of one postback.
    public init(
      version: SKAdNetworkVersion, networkIdentifier: String, sourceIdentifier: Int, appId: Int64,
      transactionId: String, redownload: Bool, source: PublisherApp.Source, fidelityType: Int, didWin: Bool,
      sequenceIndex: Int, tier: TierDecision, fine: Int?, coarse: CoarseValue?, country: String,
      rules: PlatformRules = PlatformRules()
    ) {
      self.version = version
      self.networkIdentifier = networkIdentifier
      self.sourceIdentifier = sourceIdentifier
      self.appId = appId
      self.transactionId = transactionId
      self.redownload = redownload
      self.source = source
      self.fidelityType = fidelityType
      self.didWin = didWin
      self.sequenceIndex = sequenceIndex
      self.tier = tier
      self.fine = fine
      self.coarse = coarse
      self.country = country
      self.rules = rules
    }
  }

  /// The JSON body.
  public var payload: JSONValue
  /// Which kind of conversion value it carries.
  public var content: ValueContent

  /// A body its framework's rules have built.
  package init(payload: JSONValue, content: ValueContent) {
    self.payload = payload
    self.content = content
  }

  /// The rightmost `digits` digits of a 4-digit source identifier, zero-padded (`5239` → `39`).
  public static func sourceIdentifier(_ value: Int, digits: Int) -> String {
    let text = String(value % TierDecision.modulus(digits: digits))
    return String(repeating: "0", count: digits - text.count) + text
  }
}
