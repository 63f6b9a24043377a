/// Where revenue comes from.
public enum RevenueKind: String, Hashable, Sendable {
  /// In-app purchase.
  case inAppPurchase = "iap"
  /// Advertising shown in the app.
  case ad = "ad"
}
