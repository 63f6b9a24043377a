/// Which revenue a revenue measure counts.
public enum RevenueSource: String, CaseIterable, Hashable, Sendable {
  /// In-app purchases and ads together.
  case all
  /// In-app purchases.
  case iap
  /// Ads shown in the app.
  case ad
  /// Revenue to the schema predictor's horizon, as the predictor expects it from what the user
  /// did since install (``RevenuePredictor``): computed on the device, never measured.
  case predicted
}
