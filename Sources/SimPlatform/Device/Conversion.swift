import SimEngine
import SimModel

/// An attributed install, or an AdAttributionKit re-engagement, on one device, from its start
/// to its last postback.
package struct Conversion {
  /// Its place among the user's conversions, in order of creation.
  package var number: Int
  /// Download, redownload or re-engagement.
  package var type: ConversionType
  /// The winning impression.
  package var winner: StoredImpression
  /// Impressions of other networks that get a non-winning postback (3.0+), best first.
  package var runnerUps: [RunnerUp]
  /// When the app was installed, or the re-engagement tap happened.
  package var installTime: SimTime
  /// Whether it was a redownload.
  package var redownload: Bool { type == .redownload }
  /// The conversion tag of an overlapping re-engagement (§3.5).
  package var tag: String?
  /// The URL a re-engagement opened the app with.
  package var openURL: String?
  /// Whether a newer conversion locked it and replaced its later windows (§3.5).
  package var superseded = false
  /// When the window clock started (first launch, or a re-engagement's first update), once it has.
  package var windowStart: SimTime?
  /// Everything measured since the first launch, kept alongside each window's own measures.
  package var sinceInstall: Measures
  /// The last day (24 h periods since the first launch) with an app open, for active days
  /// since install.
  package var lastActiveDay: Int64?
  /// 2.2/3.0: when the conversion-value timer expires; each increase moves it.
  package var timerDeadline: SimTime?
  /// Why it produced no postbacks, when it did not.
  package var dropReason: String?
  /// The conversion windows: three for 4.0, one for earlier versions.
  package var windows: [ConversionWindow]
  /// The second SDK's last fine value sent through the old API.
  package var legacySdkFine: Int?
  /// The stream for this conversion's privacy draws (delays, transaction IDs).
  package var stream: RandomStream

  /// Each stored property as given; other targets of the package build it too.
  package init(
    number: Int,
    type: ConversionType,
    winner: StoredImpression,
    runnerUps: [RunnerUp],
    installTime: SimTime,
    tag: String? = nil,
    openURL: String? = nil,
    superseded: Bool = false,
    windowStart: SimTime? = nil,
    sinceInstall: Measures,
    lastActiveDay: Int64? = nil,
    timerDeadline: SimTime? = nil,
    dropReason: String? = nil,
    windows: [ConversionWindow],
    legacySdkFine: Int? = nil,
    stream: RandomStream
  ) {
    self.number = number
    self.type = type
    self.winner = winner
    self.runnerUps = runnerUps
    self.installTime = installTime
    self.tag = tag
    self.openURL = openURL
    self.superseded = superseded
    self.windowStart = windowStart
    self.sinceInstall = sinceInstall
    self.lastActiveDay = lastActiveDay
    self.timerDeadline = timerDeadline
    self.dropReason = dropReason
    self.windows = windows
    self.legacySdkFine = legacySdkFine
    self.stream = stream
  }
}
