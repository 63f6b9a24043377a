import SimEngine

/// Identifies one conversion across drafts: a user installs at most once at a given time.
struct ConversionKey: Hashable, Sendable {
  /// The user's ordinal.
  var ordinal: Int
  /// The install time.
  var installTime: SimTime
}
