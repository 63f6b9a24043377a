/// How arrivals spread over the arrival period when not uniformly: a weight per weekday and a
/// weight per calendar day, multiplied; within a day arrivals stay uniform.
public struct ArrivalSeasonality: Hashable, Sendable {
  /// Relative volume on each weekday, Monday first (7 values, UTC calendar days).
  public var dayOfWeek: [Double]
  /// Relative volume on each UTC calendar day of the period, the day holding its start first;
  /// the last value repeats.
  public var daily: [Double]

  /// Each stored property as given; empty lists weigh every day alike.
  public init(dayOfWeek: [Double] = [], daily: [Double] = []) {
    self.dayOfWeek = dayOfWeek
    self.daily = daily
  }

  /// The weight of the `index`-th calendar day of the period, which falls on `weekday` (0 is Monday).
  public func weight(day index: Int, weekday: Int) -> Double {
    let byWeekday = dayOfWeek.isEmpty ? 1 : dayOfWeek[weekday]
    let byDay = daily.isEmpty ? 1 : daily[min(index, daily.count - 1)]
    return byWeekday * byDay
  }
}
