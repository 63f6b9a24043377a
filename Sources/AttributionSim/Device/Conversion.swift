import SimEngine

/// An attributed install, or an AdAttributionKit re-engagement, on one device, from its start
/// to its last postback.
struct Conversion {
  /// Its place among the user's conversions, in order of creation.
  var number: Int
  /// Download, redownload or re-engagement.
  var type: ConversionType
  /// The winning impression.
  var winner: StoredImpression
  /// Impressions of other networks that get a non-winning postback (3.0+), best first.
  var runnerUps: [RunnerUp]
  /// When the app was installed, or the re-engagement tap happened.
  var installTime: SimTime
  /// Whether it was a redownload.
  var redownload: Bool { type == .redownload }
  /// The conversion tag of an overlapping re-engagement (§3.5).
  var tag: String?
  /// The URL a re-engagement opened the app with.
  var openURL: String?
  /// Whether a newer conversion locked it and replaced its later windows (§3.5).
  var superseded = false
  /// When the window clock started (first launch, or a re-engagement's first update), once it has.
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
