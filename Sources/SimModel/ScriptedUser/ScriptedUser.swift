import SimEngine

/// A user whose every action is written out in the scenario, for regression cases and teaching.
public struct ScriptedUser: Hashable, Sendable {
  /// A scripted user; `timeline` must be in time order.
  public init(name: String, country: String, timeline: [TimedAction], trackingAuthorized: Bool = false) {
    self.name = name
    self.country = country
    self.timeline = timeline
    self.trackingAuthorized = trackingAuthorized
  }

  /// The user's name in outputs.
  public var name: String
  /// Install country (ISO 3166 alpha-2).
  public var country: String
  /// The user's actions, in time order (ties keep file order).
  public var timeline: [TimedAction]
  /// Whether the user allows the app to track (App Tracking Transparency): Apple Ads records
  /// are then detailed (§8).
  public var trackingAuthorized: Bool
}

/// An action at an offset from virtual time zero.
public struct TimedAction: Hashable, Sendable {
  /// An action at an offset from the epoch.
  public init(at: SimDuration, action: UserAction) {
    self.at = at
    self.action = action
  }

  /// When the action happens, from the scenario epoch.
  public var at: SimDuration
  /// What happens.
  public var action: UserAction
}

/// Something a user (or the app on their device) does.
public enum UserAction: Hashable, Sendable {
  /// The user sees or taps an ad.
  case impression(AdExposure)
  /// The user taps or sees an Apple Ads ad in the App Store (§8).
  case appleAds(AppleAdsInteraction)
  /// The user installs the advertised app: a download, a redownload, or a pre-order's download
  /// on release.
  case install(redownload: Bool, preOrder: Bool = false)
  /// The user opens the app (the first open is the first launch).
  case launch
  /// The app records an in-app event, optionally with purchase revenue in `currency`.
  case event(name: String, revenue: Double?, currency: String = "USD")
  /// The app records revenue in `currency`: in-app purchase or ad revenue.
  case revenue(amount: Double, kind: RevenueKind, currency: String = "USD")
  /// The app calls a conversion-value API directly, bypassing the schema.
  case conversionValueUpdate(ConversionUpdate, api: UpdateAPI, routing: UpdateRouting = UpdateRouting())
  /// The user moves the device's clock by this much (negative: back). Only the app's SDK reads
  /// the device clock; the platform's timers run on their own.
  case clockChange(by: SimDuration)
}

/// Where revenue comes from.
public enum RevenueKind: String, Hashable, Sendable {
  /// In-app purchase.
  case inAppPurchase = "iap"
  /// Advertising shown in the app.
  case ad = "ad"
}

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

/// Which of an app's active AdAttributionKit conversions an update is for (rulebook §3.5).
public struct UpdateRouting: Hashable, Sendable {
  /// `PostbackUpdate(conversionTag:)`: only the conversion opened with this tag; nil for the
  /// most recent conversion.
  public var tag: String?
  /// The tag of the user's n-th re-engagement (1-based), as the app read it from the URL that
  /// opened it: the system draws tags, so a scripted timeline names them this way.
  public var tagOfReengagement: Int?
  /// `PostbackUpdate.conversionTypes`: install conversions, re-engagement conversions, or nil
  /// for both.
  public var types: Set<Kind>?

  /// The kinds `conversionTypes` names.
  public enum Kind: String, CaseIterable, Hashable, Sendable {
    /// Download and redownload conversions.
    case install
    /// Re-engagement conversions.
    case reengagement = "re-engagement"
  }

  /// Routing as given; the default is the most recent conversion of any type.
  public init(tag: String? = nil, tagOfReengagement: Int? = nil, types: Set<Kind>? = nil) {
    self.tag = tag
    self.tagOfReengagement = tagOfReengagement
    self.types = types
  }
}
