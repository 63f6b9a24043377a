/// Which revenue a revenue measure counts.
public enum RevenueSource: String, CaseIterable, Hashable, Sendable {
  /// In-app purchases and ads together.
  case all
  /// In-app purchases.
  case iap
  /// Ads shown in the app.
  case ad
}
