/// What one network's dashboard was handed for one campaign in one window (the campaign as the
/// network matches postbacks to it, by their source identifier), counted as postbacks arrive.
package struct DashboardCell: Sendable, Equatable {
  /// Postbacks on the dashboard when the marketer looks: with a value the schema knows, without
  /// a value, with a value it does not know.
  package var valued = 0, nulls = 0, unknown = 0
  /// Postbacks received but not yet on the dashboard (a daily batch still to come).
  package var notYetShown = 0
  /// The revenue the shown values stand for under the schema's own mapping (no calibration: a
  /// network knows the values' meaning, not the app's users).
  package var valuedRevenue = 0.0
  /// What the shown postbacks without a value would add as conversion value 0.
  package var nullsAsZeroRevenue = 0.0
  /// Summed time from arrival to the dashboard, over shown postbacks.
  package var delayMilliseconds: Int64 = 0

  /// Nothing handed over yet.
  package init() {
  }

  /// Postbacks on the dashboard.
  package var shown: Int { valued + nulls + unknown }
}
