import SimEngine

/// One SKAdNetwork 4 conversion window of a conversion: its values and what was measured.
struct ConversionWindow {
  /// The last fine value set (window 0 only).
  var fine: Int?
  /// The last coarse value set.
  var coarse: CoarseValue?
  /// Whether the app called the update API during the window.
  var updated = false
  /// When the window closed (by lock or by its end), or nil while it is open.
  var closedAt: SimTime?
  /// Whether the app locked it.
  var locked = false
  /// What the app measured in it.
  var measurement: MeasurementState
  /// The postback prepared when the window closed, until it is sent.
  var postback: SKAdNetworkPostback?
  /// When that postback was (or will be) sent.
  var sendTime: SimTime?
}
