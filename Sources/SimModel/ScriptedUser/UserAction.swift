import SimEngine

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
