import SimEngine
import SimPlatform

/// What the world hands on: a run's outputs before crowd anonymity has decided what they carry.
///
/// Tiers depend on every user's installs, so the world, which may see only a shard of the users,
/// leaves them to a ``TierStage`` that sees all installs in time order.
///
/// Indirect: drafts wait in chunks between threads, and inline, each took the room of the
/// largest (about a kilobyte), which made those chunks a third of a run's memory.
package indirect enum RunDraft: Sendable {
  /// An attributed install, counted towards its crowds and given its tiers.
  case install(InstallDraft)
  /// A window of a conversion closed with a postback to send (windows 2–3 only), so that a
  /// tier-0 conversion's withheld postback is counted when the window closes.
  case windowClosed(installTime: SimTime, window: Int, user: String, conversion: Int)
  /// A postback at its send time, awaiting its tier.
  case postback(PostbackDraft)
  /// A finished conversion's truth, awaiting its tiers.
  case conversion(ConversionRecord)
  /// A platform decision.
  case trace(TraceRecord)
  /// A call of the advertiser's server to Apple's attribution API (§8); tiers do not touch it.
  case adServices(AdServicesExchange)
  /// The client SDK's metadata after an activity (issue 9); tiers do not touch it.
  case sdk(SDKTraceRecord)
  /// A user's in-app happening for `events.csv`, drafted only when a sink wants the event log;
  /// tiers do not touch it.
  case inApp(InAppEventRecord)
}
