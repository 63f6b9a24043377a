import SimEngine

/// How long one paid period of a subscription lasts: a whole number of days, or of calendar
/// months (renewing on the same day of the month as the purchase, or the month's last day).
public enum SubscriptionPeriod: Hashable, Sendable {
  /// A fixed number of days (a week is 7).
  case days(Int)
  /// A number of calendar months (a year is 12).
  case months(Int)

  /// The end of period `number` (1-based) of a subscription that started at `start`, where
  /// virtual time zero is `epoch`. Calendar months count from the start, not from the previous
  /// renewal, so a subscription bought on the 31st renews on the 28th in February and the 31st
  /// in March, as the App Store does.
  public func end(of number: Int, startingAt start: SimTime, epoch: Epoch) -> SimTime {
    switch self {
    case .days(let days):
      return start + .days(Int64(days * number))
    case .months(let months):
      let unix = epoch.unixMilliseconds(after: (start - SimTime.zero).milliseconds)
      let day = unix >= 0 ? unix / 86_400_000 : (unix - 86_399_999) / 86_400_000
      let timeOfDay = unix - day * 86_400_000
      let civil = Epoch.civilFromDays(day)
      let monthIndex = civil.year * 12 + (civil.month - 1) + Int64(months * number)
      let year = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
      let month = monthIndex - year * 12 + 1
      let dayOfMonth = min(civil.day, Epoch.daysIn(month: month, year: year))
      let endUnix = Epoch.daysFromCivil(year: year, month: month, day: dayOfMonth) * 86_400_000 + timeOfDay
      return SimTime.zero + .milliseconds(endUnix - epoch.unixMilliseconds)
    }
  }

  /// The shortest the period can be, for checking that a trial fits in it.
  public var shortest: SimDuration {
    switch self {
    case .days(let days): .days(Int64(days))
    case .months(let months): .days(Int64(28 * months + (months / 12) * 29))
    }
  }

  /// How the period reads in messages.
  public var description: String {
    switch self {
    case .days(7): "week"
    case .days(let days): "\(days) days"
    case .months(1): "month"
    case .months(12): "year"
    case .months(let months): "\(months) months"
    }
  }
}
