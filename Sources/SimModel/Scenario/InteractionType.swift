/// How a user met an ad: AdAttributionKit's `ad-interaction-type` (rulebook §2.1, §7.5).
public enum InteractionType: String, CaseIterable, Hashable, Sendable {
  /// A tap: custom click (`handleTap`) or a tapped StoreKit-rendered ad.
  case click
  /// A view: custom view (`beginView`/`endView`, `handleView`) or StoreKit-rendered ad on screen 2 s.
  case view
}

/// What kind of conversion a postback reports: AdAttributionKit's `conversion-type` (rulebook §3.4).
public enum ConversionType: String, CaseIterable, Hashable, Sendable {
  /// A first install of the app on the account.
  case download
  /// An install by an account that installed the app before.
  case redownload
  /// A tap that opened the already installed app (§3.5).
  case reengagement = "re-engagement"
}

/// The framework an ad network serves its ads with.
public enum AdFramework: String, CaseIterable, Hashable, Sendable {
  /// SKAdNetwork: ads signed with the scenario's version (§7.3).
  case skAdNetwork = "skadnetwork"
  /// AdAttributionKit: JWS impressions (§2.4).
  case adAttributionKit = "adattributionkit"
}
