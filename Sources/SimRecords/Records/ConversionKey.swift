import SimEngine

/// Identifies one conversion across drafts: a user's conversions are numbered in order.
package struct ConversionKey: Hashable, Sendable {
  /// The user's ordinal.
  package var ordinal: Int
  /// The install (or re-engagement) time.
  package var installTime: SimTime
  /// Its number among the user's conversions.
  package var conversion: Int

  /// Each stored property as given; other targets of the package build it too.
  package init(ordinal: Int, installTime: SimTime, conversion: Int) {
    self.ordinal = ordinal
    self.installTime = installTime
    self.conversion = conversion
  }
}
