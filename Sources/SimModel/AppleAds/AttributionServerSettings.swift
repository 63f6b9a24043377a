import SimEngine

/// How the advertiser's server exchanges tokens (§8).
public struct AttributionServerSettings: Hashable, Sendable {
  /// Default settings: first call within a minute of the first launch, at most 3 retries after
  /// 404s in a row, retries every 10 minutes after a 500, at most 5 times.
  public init() {}

  /// From the first launch (when the app gets its token) to the server's first call, in
  /// milliseconds: the app sending the token to the server, and the server's queue.
  public var firstCallDelay: Distribution = .uniform(lower: 1_000, upper: 60_000)
  /// After a 500, when the server tries again ("retry later", §8).
  public var unavailableRetryDelay = SimDuration.minutes(10)
  /// How many times the server retries after 500 answers before giving up.
  public var unavailableRetries = 5
  /// How many times in a row the server retries after 404 answers, 5 s apart, before giving
  /// up. Apple's AdServices guide (C1): "retry at intervals of 5 seconds with a max retry of 3
  /// attempts", which its Chinese edition states as at most 3 retries: one call and three
  /// retries. The rulebook's "max 3 attempts" (§8) reads as three calls in all; that reading is
  /// `notFoundRetries: 2`.
  public var notFoundRetries = 3
}
