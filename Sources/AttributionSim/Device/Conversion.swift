import SimEngine

/// An attributed install on one device, from install to its last postback.
struct Conversion {
  /// The winning impression.
  var winner: StoredImpression
  /// When the app was installed.
  var installTime: SimTime
  /// Whether it was a redownload.
  var redownload: Bool
  /// The tier decided at install.
  var tier: TierDecision
  /// When the window clock started (first launch), once it has.
  var windowStart: SimTime?
  /// Why it produced no postbacks, when it did not.
  var dropReason: String?
  /// The three conversion windows.
  var windows: [ConversionWindow]
  /// The stream for this conversion's privacy draws (delays, transaction IDs).
  var stream: RandomStream
}
