/// What became of one conversion window's postback, as the device saw it: the tier stage then
/// decides whether a sent later postback is withheld (tier 0, rulebook §6).
package enum WindowFate: String, Sendable, CaseIterable {
  /// Its postback was handed over at its send time.
  case sent
  /// Postbacks 2 and 3 need an update during their window (§5.2); this one had none.
  case noUpdate
  /// The window closed, but the run's horizon came before its postback's send time.
  case duePastHorizon
  /// The run's horizon came before the window closed.
  case pastHorizon
  /// A newer conversion locked the conversion and replaced this window (§3.5).
  case superseded
  /// The windows never started: no first launch (within 60 days, §2.2, or before the horizon).
  case notLaunched
}
