import SimEngine
import SimModel

/// Everything one user will do, in time order, taken one action at a time as the run advances.
///
/// Behaviour does not depend on attribution, so it can be drawn from the user's own random stream
/// before the platform meets it; the platform rules then react to it as it unfolds. A cohort
/// user's days of activity after the first launch are drawn only when the run reaches them (each
/// day draws from its own child stream, so when it is drawn changes nothing), and actions are
/// dropped once taken: an installer holds a day or so of actions, not five weeks of them.
package struct UserPlan {
  /// The user's name in outputs.
  package var name: UserName
  /// Install country. Fixed: the days still to be drawn read it (their ad revenue's eCPM).
  package private(set) var country: String
  /// The stream the platform's draws for this user derive from.
  package var stream: RandomStream
  /// Whether the user allows tracking (ATT): Apple Ads records are detailed (§8).
  package var trackingAuthorized = false
  /// Actions drawn, with absolute times from virtual time zero, sorted (ties keep the order they
  /// were drawn in); the first `taken` of them are taken and dropped at the next draw.
  private var drawn: [TimedAction]
  private var taken: Int32 = 0
  /// Where the days of activity come from, nil once every day is drawn (or the user has none),
  /// and the next day to draw: shared and immutable, so a copy of the plan draws the same days.
  private var days: ActivityDays?
  private var nextDay: Int32 = 0
  /// Whether every action has been taken and no day is left to draw. Stored, so that reading it
  /// does not copy the plan.
  package private(set) var isDone = false

  /// Each stored property as given; other targets of the package build it too. `actions` must be
  /// in time order.
  package init(
    name: UserName,
    country: String,
    actions: [TimedAction],
    stream: RandomStream,
    trackingAuthorized: Bool = false
  ) {
    self.init(name: name, country: country, actions: actions, days: nil, stream: stream, trackingAuthorized: trackingAuthorized)
  }

  /// A plan whose `days` are drawn as the run reaches them; `actions` are the ones drawn up front.
  init(
    name: UserName, country: String, actions: [TimedAction], days: ActivityDays?, stream: RandomStream,
    trackingAuthorized: Bool
  ) {
    self.name = name
    self.country = country
    drawn = actions
    self.days = days
    self.stream = stream
    self.trackingAuthorized = trackingAuthorized
    drawDaysBeforeNext()
  }

  /// The next action; nil when the plan is done.
  package var next: TimedAction? { Int(taken) < drawn.count ? drawn[Int(taken)] : nil }

  /// Takes the next action; there must be one (``next`` says).
  package mutating func take() -> TimedAction {
    guard let action = next else { preconditionFailure("no action left in the plan") }
    taken += 1
    drawDaysBeforeNext()
    return action
  }

  /// Takes the next action (there must be one) and says when the one after it comes, if any: one
  /// access for the world's hot path, where reading ``next`` after ``take()`` copied the plan.
  package mutating func takeWithNextTime() -> (taken: TimedAction, nextTime: SimDuration?) {
    let action = take()
    return (action, isDone ? nil : drawn[Int(taken)].at)
  }

  /// Draws days of activity until no undrawn day can come before the next drawn action. Kept
  /// after every change, so that ``next`` is always the next action.
  private mutating func drawDaysBeforeNext() {
    // An undrawn day's actions come at or after its start, and after every action drawn before
    // them at the same instant: the buffered action is next unless it is later than that start.
    while let pending = days, Int(taken) == drawn.count || drawn[Int(taken)].at > pending.start(of: Int(nextDay)) {
      drawNextDay()
    }
    isDone = Int(taken) == drawn.count
    // A finished plan holds nothing: its user may wait weeks for their postbacks.
    if isDone, !drawn.isEmpty {
      drawn = []
      taken = 0
    }
  }

  /// The actions still to come, in order, drawing every remaining day on a copy (the plan itself
  /// is unchanged): a full redraw, for tests and tools, not for the run's hot path.
  package func remainingActions() -> [TimedAction] {
    var rest = self
    var actions: [TimedAction] = []
    while rest.next != nil { actions.append(rest.take()) }
    return actions
  }

  /// Whether every action still to come is an ad impression, with no day left to draw: a user
  /// who will never install.
  package var onlyImpressionsLeft: Bool {
    guard days == nil else { return false }
    for index in Int(taken)..<drawn.count {
      guard case .impression = drawn[index].action else { return false }
    }
    return true
  }

  /// How many actions the plan holds now, taken ones included until the next draw drops them.
  package var heldActions: Int { drawn.count }

  /// The actions still to come with every day drawn at once and sorted (ties in the order drawn):
  /// the order ``take()`` must give. Tests compare the two.
  package var actionsDrawnAtOnce: [TimedAction] {
    var all = Array(drawn[Int(taken)...])
    if let days {
      for day in Int(nextDay)..<days.dayCount { days.behaviour.appendDay(day, of: days, country: country, to: &all) }
    }
    return CohortBehaviour.stableSorted(all)
  }

  /// Draws the next day with any actions and merges them into the drawn ones (stable: a drawn
  /// action goes before a new one at the same instant, as it was drawn first).
  private mutating func drawNextDay() {
    guard let pending = days else { return }
    var fresh: [TimedAction] = []
    while fresh.isEmpty, Int(nextDay) < pending.dayCount {
      pending.behaviour.appendDay(Int(nextDay), of: pending, country: country, to: &fresh)
      nextDay += 1
    }
    if Int(nextDay) == pending.dayCount { days = nil }
    guard !fresh.isEmpty else { return }
    fresh = CohortBehaviour.stableSorted(fresh)
    // A new array of just the actions still to come: appending to the old one kept what was
    // taken and grew by doubling, and installers in flight held about a third of it unused.
    var merged: [TimedAction] = []
    merged.reserveCapacity(drawn.count - Int(taken) + fresh.count)
    var (old, new) = (Int(taken), 0)
    taken = 0
    while old < drawn.count, new < fresh.count {
      if drawn[old].at <= fresh[new].at {
        merged.append(drawn[old])
        old += 1
      } else {
        merged.append(fresh[new])
        new += 1
      }
    }
    merged += drawn[old...]
    merged += fresh[new...]
    drawn = merged
  }
}

/// Where a cohort user's days of activity after the first launch come from. A class: only
/// installers who open the app have one, and a plan of any other user stays small.
final class ActivityDays {
  let behaviour: CohortBehaviour
  /// The parent of the days' streams: each day draws from its own child of it.
  let stream: RandomStream
  let firstLaunch: SimTime
  /// How many days there are.
  let dayCount: Int
  /// The logged user whose timeline the days replay (an index into the cohort's log); nil when
  /// the days are drawn from the cohort's model.
  let logged: Int?

  init(behaviour: CohortBehaviour, stream: RandomStream, firstLaunch: SimTime, dayCount: Int, logged: Int? = nil) {
    self.behaviour = behaviour
    self.stream = stream
    self.firstLaunch = firstLaunch
    self.dayCount = dayCount
    self.logged = logged
  }

  /// The earliest an action of `day` can happen: the day's start.
  func start(of day: Int) -> SimDuration { (firstLaunch + SimDuration.days(1) * Int64(day)) - .zero }
}
