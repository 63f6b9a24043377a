import SimEngine

/// Identifies one conversion across drafts: a user's conversions are numbered in order.
struct ConversionKey: Hashable, Sendable {
  /// The user's ordinal.
  var ordinal: Int
  /// The install (or re-engagement) time.
  var installTime: SimTime
  /// Its number among the user's conversions.
  var conversion: Int
}
