/// A cohort whose users' in-app lives come from an app's event log: the ad side (exposures,
/// installs, first launches) stays the cohort's; after the first launch each user lives a
/// logged user's timeline, shifted to their own first launch.
public struct CohortLog: Hashable, Sendable {
  /// How the cohort's users take logged timelines.
  public enum Use: Hashable, Sendable {
    /// User `i` lives logged user `i`'s timeline, once each: the cohort has as many users as the log.
    case replay
    /// Each user draws a logged user's whole timeline (whales stay whales, correlations survive)
    /// from their own stream; with `stratifyByCountry`, among logged users of their own country
    /// (all of them when the log has none there).
    case resample(stratifyByCountry: Bool)
  }

  /// Where the log came from and how it was read.
  public var source: EventLogSource
  public var use: Use
  /// The log's users, loaded.
  public var users: LoggedUsers
  /// Where logged users came from in the scenario's terms: with `resample`, a user draws among
  /// those who came the way their own install did (empty: from all, or their country's).
  public var sources = LogSourceMapping()
  /// What loading the log kept and left out.
  public var report = EventLogReport()

  /// A log used as `use`.
  public init(source: EventLogSource, use: Use, users: LoggedUsers) {
    self.source = source
    self.use = use
    self.users = users
  }
}
