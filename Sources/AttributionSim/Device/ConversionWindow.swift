import SimEngine

/// One conversion window of a conversion: its values and what was measured. Before 4.0 a
/// conversion has a single window that ends when the value timer expires.
struct ConversionWindow {
  /// The last fine value set (window 0 only).
  var fine: Int?
  /// Which API set `fine` last.
  var fineSetBy: UpdateAPI?
  /// The last coarse value set.
  var coarse: CoarseValue?
  /// What the app's own SDK last asked for: it remembers its calls, it cannot read the values.
  var appFine: Int?, appCoarse: CoarseValue?
  /// Whether the window saw a registration or a current-API call (what postbacks 2 and 3 need).
  var updated = false
  /// Whether the app called the current API itself (registration aside).
  var calledCurrentAPI = false
  /// Whether the old single-value API was called.
  var calledLegacyAPI = false
  /// When the window closed (by lock, end or timer), or nil while it is open.
  var closedAt: SimTime?
  /// Whether the app locked it.
  var locked = false
  /// What the app measured in it.
  var measures: Measures
  /// The last day (24 h periods since the first launch) with an app open in this window.
  var lastActiveDay: Int64?
  /// The postback prepared when the window closed, until it is sent.
  var postback: PostbackDraft?
  /// When that postback was (or will be) sent.
  var sendTime: SimTime?
}
