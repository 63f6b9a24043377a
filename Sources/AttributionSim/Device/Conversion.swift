import SimEngine

/// An attributed install on one device, from install to its last postback.
struct Conversion {
  /// The winning impression.
  var winner: StoredImpression
  /// Impressions of other networks that get a non-winning postback (3.0+), best first.
  var runnerUps: [RunnerUp]
  /// When the app was installed.
  var installTime: SimTime
  /// Whether it was a redownload.
  var redownload: Bool
  /// When the window clock started (first launch), once it has.
  var windowStart: SimTime?
  /// Everything measured since the first launch, kept alongside each window's own measures.
  var sinceInstall: Measures
  /// The last day (24 h periods since the first launch) with an app open, for active days
  /// since install.
  var lastActiveDay: Int64?
  /// 2.2/3.0: when the conversion-value timer expires; each increase moves it.
  var timerDeadline: SimTime?
  /// Why it produced no postbacks, when it did not.
  var dropReason: String?
  /// The conversion windows: three for 4.0, one for earlier versions.
  var windows: [ConversionWindow]
  /// The second SDK's last fine value sent through the old API.
  var legacySdkFine: Int?
  /// The stream for this conversion's privacy draws (delays, transaction IDs).
  var stream: RandomStream
}

/// A non-winning impression and its postback (rulebook §3.3).
struct RunnerUp {
  /// The impression.
  var impression: StoredImpression
  /// The postback prepared with the winner's first postback, until sent.
  var postback: PostbackDraft?
  /// When that postback was (or will be) sent.
  var sendTime: SimTime?
}
