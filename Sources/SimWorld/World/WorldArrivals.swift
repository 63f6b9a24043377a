import SimBehaviour
import SimEngine
import SimModel

/// The users one world admits, in arrival order: its shard's and lane's scripted users, then its
/// cohort users as they arrive, each with their plan, drawn as the run advances so that memory
/// holds the users in flight, not all users.
///
/// Ordinals follow arrival order over all users, so every shard and lane numbers users alike.
package struct WorldArrivals {
  private let behaviours: [CohortBehaviour]
  /// All cohort users in arrival order; this world admits its own.
  private var stream: ArrivalStream
  /// This world's next cohort user to arrive, nil once all have.
  private var upcoming: ArrivalStream.Arrival?
  /// Ordinals of the users this world simulates: the shard's, or one lane of them.
  private let ordinals: Range<Int>
  private let lane: Lane
  /// How many of this world's cohort users have arrived.
  package private(set) var arrived = 0
  /// How many of this world's cohort users arrive in all.
  package let total: Int
  /// How many users this world simulates, scripted ones included.
  package let userCount: Int

  /// The arrivals of `scenario`'s users in `shard` and `lane`.
  package init(scenario: Scenario, shard: Shard, lane: Lane) {
    let root = RandomStream(seed: scenario.seed)
    behaviours = scenario.cohorts.map { CohortBehaviour(cohort: $0, scenario: scenario, root: root) }
    let scripted = scenario.scriptedUsers.count
    let range = shard.range(of: scenario.userCount)
    stream = ArrivalStream(behaviours, firstOrdinal: scripted)
    ordinals = range
    total = lane.count(in: max(range.lowerBound, scripted)..<max(range.upperBound, scripted))
    userCount = lane.count(in: range)
    self.lane = lane
  }

  /// The plans of `scenario`'s scripted users this world simulates, with their ordinals.
  package func scriptedUsers(of scenario: Scenario) -> [(plan: UserPlan, ordinal: Int)] {
    let root = RandomStream(seed: scenario.seed)
    return scenario.scriptedUsers.enumerated().compactMap { ordinal, user in
      guard ordinals.contains(ordinal), lane.contains(ordinal) else { return nil }
      let plan = UserPlan(
        name: UserName(base: user.name), country: user.country, actions: user.timeline,
        stream: root.child("user").child(user.name), trackingAuthorized: user.trackingAuthorized)
      return (plan, ordinal)
    }
  }

  /// Draws this world's first cohort arrival and returns its time; nil when it has none.
  package mutating func first() -> SimTime? {
    upcoming = nextOwn()
    return upcoming?.time
  }

  /// The cohort user due now, with their plan, and the time of the next arrival (nil when none).
  package mutating func admit() -> (plan: UserPlan, ordinal: Int, next: SimTime?) {
    guard let arrival = upcoming else { preconditionFailure("an arrival event with no arrival pending") }
    upcoming = nextOwn()
    arrived += 1
    let plan = behaviours[Int(arrival.cohort)].plan(of: Int(arrival.index), arrival: arrival.time)
    return (plan, arrival.ordinal, upcoming?.time)
  }

  /// The next cohort user of this world's shard and lane, walking past the others'.
  private mutating func nextOwn() -> ArrivalStream.Arrival? {
    let (ordinals, lane) = (ordinals, lane)
    return stream.next(before: ordinals.upperBound) { ordinal in
      ordinal >= ordinals.lowerBound && lane.contains(ordinal)
    }
  }
}
