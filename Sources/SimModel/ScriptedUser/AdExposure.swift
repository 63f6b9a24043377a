import SimEngine

/// One ad shown to a user.
public struct AdExposure: Hashable, Sendable {
  /// An exposure by indices into the scenario's networks, campaigns and publishers.
  public init(
    network: Int, campaign: Int, publisher: Int, kind: Kind, signatureValid: Bool = true,
    presentation: Presentation = .custom, impressionAge: SimDuration = .zero, reengagementURL: String? = nil
  ) {
    self.network = network
    self.campaign = campaign
    self.publisher = publisher
    self.kind = kind
    self.signatureValid = signatureValid
    self.presentation = presentation
    self.impressionAge = impressionAge
    self.reengagementURL = reengagementURL
  }

  /// How an AdAttributionKit ad is presented (rulebook §2.1); SKAdNetwork clicks are always
  /// StoreKit-rendered and its views custom.
  public enum Presentation: String, CaseIterable, Hashable, Sendable {
    /// The app draws the ad: `handleTap` for a click, `beginView`/`endView` for a view.
    case custom
    /// `SKOverlay` or `SKStoreProductViewController` with the impression: a view after 2 s on
    /// screen, a click when tapped.
    case storeKit = "storekit"
  }

  /// How the ad was presented.
  public enum Kind: Hashable, Sendable {
    /// A view-through ad on screen for the given time (`fidelity-type` 0).
    case view(duration: SimDuration)
    /// A StoreKit-rendered ad the user tapped (`fidelity-type` 1).
    case click
  }

  /// Index into the scenario's ad networks.
  public var network: Int
  /// Index into that network's campaigns.
  public var campaign: Int
  /// Index into the scenario's publishers.
  public var publisher: Int
  /// View or click.
  public var kind: Kind
  /// Whether the network's signature over the ad verifies; the device ignores the ad when not (§7.3).
  public var signatureValid: Bool
  /// AdAttributionKit: custom or StoreKit-rendered.
  public var presentation: Presentation
  /// AdAttributionKit custom clicks: how long before the tap the `AppImpression` was created;
  /// `handleTap` fails once it is older than the validity setting (§2.4 [U]).
  public var impressionAge: SimDuration
  /// AdAttributionKit re-engagement: the universal link a tap on an installed app opens (§3.5).
  public var reengagementURL: String?
}
