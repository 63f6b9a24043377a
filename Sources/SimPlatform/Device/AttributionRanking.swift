import SimModel

/// How impressions compete for an install (rulebook §3.2).
public enum AttributionRanking: Sendable {
  /// SKAdNetwork 1.0–2.1: the most recent impression wins.
  case mostRecent
  /// SKAdNetwork 2.2 and later: fidelity-type 1 beats 0 whatever their ages, then the most recent.
  case fidelityThenRecency

  /// Networks besides the winner that get a non-winning postback, at most (3.0+, §3.3).
  public static let maximumRunnerUps = 5

  /// `impressions` best first; equal timestamps are ordered by recording order per `tieBreak`.
  package func ranked(_ impressions: [StoredImpression], tieBreak: PlatformRules.TieBreak) -> [StoredImpression] {
    impressions.sorted { a, b in
      if self == .fidelityThenRecency, a.fidelityType != b.fidelityType { return a.fidelityType > b.fidelityType }
      if a.time != b.time { return a.time > b.time }
      return tieBreak == .recordedLast ? a.sequence > b.sequence : a.sequence < b.sequence
    }
  }
}
