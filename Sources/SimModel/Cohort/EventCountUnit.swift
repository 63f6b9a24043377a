/// What an event's count distribution counts per: each active day, or each session.
public enum EventCountUnit: String, CaseIterable, Hashable, Sendable {
  /// One draw per active day, its occurrences spread over that day's sessions.
  case day
  /// One draw per session, its occurrences within that session.
  case session
}
