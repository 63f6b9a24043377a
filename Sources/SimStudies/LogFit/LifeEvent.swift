import SimEngine
import SimModel

/// One happening of a user's in-app life, as fits and their checks read it: when after the
/// first launch, what it was, and the revenue it brought.
package struct LifeEvent: Sendable, Equatable {
  /// What a happening is to the figures.
  package enum Kind: Sendable, Equatable {
    /// The first launch or a later app open.
    case session
    /// In-app revenue (negative for a refund).
    case purchase
    /// Ad revenue.
    case ad
    /// Any other event.
    case event
  }

  /// Milliseconds after the first launch.
  package var offset: Int64
  package var kind: Kind
  /// The event's name; nil for sessions and for ad revenue recorded beside its event.
  package var name: String?
  package var revenue: Double

  /// A happening with every field given.
  package init(offset: Int64, kind: Kind, name: String? = nil, revenue: Double = 0) {
    self.offset = offset
    self.kind = kind
    self.name = name
    self.revenue = revenue
  }

  /// Logged user `user`'s life.
  package static func life(of user: Int, in users: LoggedUsers) -> [LifeEvent] {
    users.eventIndices(of: user).map { index in
      let event = users.event(index)
      let kind: Kind =
        switch event.kind {
        case .firstLaunch, .session: .session
        case .purchase: .purchase
        case .adRevenue: .ad
        case .event: .event
        }
      return LifeEvent(offset: event.offset.milliseconds, kind: kind, name: users.eventNames[event.name], revenue: event.revenue)
    }
  }

  /// A simulated user's life from their actions: those from their first launch on, timed from it
  /// (empty when they never launch). An event with revenue is a purchase; ad revenue recorded
  /// beside its event is ad revenue.
  package static func life(of actions: [TimedAction]) -> [LifeEvent] {
    guard let launch = actions.first(where: { $0.action == .launch })?.at else { return [] }
    return actions.compactMap { timed in
      guard timed.at >= launch else { return nil }
      let offset = (timed.at - launch).milliseconds
      switch timed.action {
      case .launch: return LifeEvent(offset: offset, kind: .session)
      case .event(let name, let revenue?, _): return LifeEvent(offset: offset, kind: .purchase, name: name, revenue: revenue)
      case .event(let name, nil, _): return LifeEvent(offset: offset, kind: .event, name: name)
      case .revenue(let amount, .ad, _): return LifeEvent(offset: offset, kind: .ad, revenue: amount)
      case .revenue(let amount, _, _): return LifeEvent(offset: offset, kind: .purchase, revenue: amount)
      default: return nil
      }
    }
  }

  /// The days 0…`lastDay` a life is active on: any happening that day (day 0 always, the first launch).
  package static func activeDays(_ life: [LifeEvent], lastDay: Int) -> [Bool] {
    var active = Array(repeating: false, count: lastDay + 1)
    active[0] = true
    for event in life where event.offset >= 0 && event.offset / 86_400_000 <= Int64(lastDay) {
      active[Int(event.offset / 86_400_000)] = true
    }
    return active
  }
}
