import SimEngine
import SimJSON
import SimModel

/// One attribution framework's rules, each a pure function from facts to a decision; the world
/// asks and records the answer.
///
/// SKAdNetwork 2.2, 3.0 and 4.0 (``SKAdNetworkFramework``) and AdAttributionKit implement it;
/// versions share rules through ``ValueTimerRules`` (2.2, 3.0) and ``ConversionWindowRules``
/// (4.0, AdAttributionKit). ``AttributionFrameworks`` is the one place that picks the rules a
/// scenario, or one ad network's ads, run under.
package protocol AttributionFramework: Sendable {
  /// The SKAdNetwork version the rules are named by in postbacks and signatures; AdAttributionKit
  /// follows 4.0's windows and tiers (§3.6).
  var version: SKAdNetworkVersion { get }

  // MARK: Impressions and attribution (§2, §3)

  /// How impressions compete for an install (§3.2).
  var ranking: AttributionRanking { get }
  /// Whether networks besides the winner get non-winning postbacks (§3.3).
  var sendsRunnerUpPostbacks: Bool { get }
  /// Whether a tap on an ad of the installed app re-engages it (§3.5) instead of being kept for
  /// a later install.
  var reengagesInstalledApp: Bool { get }
  /// Whether a re-engagement tap can start a conversion: one needs conversion windows (§3.5).
  var createsReengagementConversions: Bool { get }
  /// Whether a custom-presentation tap fails once its AppImpression is older than its validity
  /// (§2.4 [U]).
  var expiresAppImpressions: Bool { get }
  /// Whether the device accepts the ad's signature, checked the way the framework signs (§2.4, §7.3).
  func impressionSignatureVerifies(_ impression: ServedImpression, signer: ImpressionSigner) -> Bool

  // MARK: Conversion values and windows (§4, §5)

  /// How the platform treats conversion values (§4).
  var valueRules: MeasurementState.ValueRules { get }
  /// How many windows a conversion measures: three, or one under the value timer.
  var windowCount: Int { get }
  /// The window an update `elapsed` after the window clock started lands in; nil after the last.
  func window(at elapsed: SimDuration, in schedule: WindowSchedule) -> Int?
  /// What starts when a conversion registers (§5.1, §5.2).
  func windowClock(_ schedule: WindowSchedule) -> WindowClock
  /// Whether a window end at `now` is stale: a value timer that a later increase moved (§5.1).
  func windowEndIsStale(timerDeadline: SimTime?, at now: SimTime) -> Bool
  /// The random send delay range (ms) after `window` closes; `legacyPageFirstDelay` when the
  /// first window was set only through the old API and the rules read the old API's page (§5.2 [D]).
  func sendDelay(window: Int, in schedule: WindowSchedule, legacyPageFirstDelay: Bool) -> ClosedRange<Int64>
  /// What a call with `update` through `api` does to `window` (open) of a conversion with
  /// these `windows` (§4, §5).
  func decideUpdate(
    _ update: ConversionUpdate, api: UpdateAPI, window: Int, windows: [ConversionWindow], rules: PlatformRules
  ) -> ValueUpdateDecision
  /// Why an update to a closed window is ignored.
  func closedWindowNote(window: Int) -> RuleNote
  /// What prepared a postback: its window closing (`window`, 0-based) or the value timer
  /// running out, at `time` (§5.1, §5.2).
  func postbackPreparedNote(window: Int, at time: String) -> RuleNote

  // MARK: Tiers and postbacks (§6, §7)

  /// The source-identifier forms with crowds of their own (§6).
  var sourceIdentifierDigitForms: [Int] { get }
  /// Whether postback 1 keeps as many of the source identifier's digits as its tier allows, a
  /// number conversion records and summaries report (§6).
  var truncatesSourceIdentifier: Bool { get }
  /// A conversion record's campaign fields: the 4-digit `sourceIdentifier`, or a plain
  /// `campaignId` where the campaign has no digits to truncate; the other is null.
  func recordedCampaign(_ sourceIdentifier: Int) -> (sourceIdentifier: JSONValue, campaignId: JSONValue)
  /// The signed body of a postback with what its tier allows, and the value it carries.
  func signedPostback(
    of draft: PostbackDraft, tier: TierDecision, in scenario: Scenario, signers: PostbackSigners
  ) -> (body: JSONValue, content: SKAdNetworkPostback.ValueContent)
  /// Whether a winning postback is copied to the developer (§3.5, §7.6).
  func copiesToDeveloper(_ draft: PostbackDraft, in scenario: Scenario) -> Bool
  /// The app's endpoint developer copies go to, as the app gives it; nil when it gives none (§7.6).
  func developerCopyEndpoint(of app: AdvertisedApp) -> String?
  /// The well-known path developer copies are POSTed to under that endpoint's domain (§7.6).
  var developerCopyPath: String { get }
  /// The framework's name in messages.
  var name: String { get }
  /// What the ad network's key signs, as `keys.json` describes it (§2.4, §7.3).
  var impressionSigning: String { get }
}
