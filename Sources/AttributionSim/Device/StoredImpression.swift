import SimEngine

/// An impression the device keeps for attribution.
struct StoredImpression {
  var network: Int32
  var campaign: Int32
  var publisher: Int32
  /// 1 for StoreKit-rendered (clicked) ads, 0 for view-through.
  var fidelityType: UInt8
  /// The impression's timestamp.
  var time: SimTime
  /// When it can no longer win an install.
  var expires: SimTime
  /// Order of recording on the device: the documented tie-break between equal timestamps.
  var sequence: Int32
}
