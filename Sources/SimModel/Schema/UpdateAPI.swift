/// Which conversion-value API a call goes through (rulebook §4).
public enum UpdateAPI: String, CaseIterable, Sendable {
  /// `updatePostbackConversionValue(_:coarseValue:lockWindow:)`: fine, coarse and lock.
  case current
  /// The single-value APIs (`updateConversionValue(_:)`, `updatePostbackConversionValue(_:)`):
  /// a fine value only; on 4.0 ads it affects window 1 alone.
  case legacy
}
