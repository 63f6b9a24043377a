import SimBehaviour
import SimEngine

/// All cohorts' arrivals in one time order, numbered: drawn as the run advances, so memory holds
/// one pending arrival per cohort, not one per user.
///
/// Cohorts' streams (``CohortArrivals``) are merged by (time, cohort, index), and ordinals count
/// the merged order from the first cohort user. Every world walks the same stream, whatever its
/// shard or lane, and so numbers users alike; it admits only its own ordinals.
package struct ArrivalStream {
  /// One cohort user's arrival and their place among all the scenario's users.
  package struct Arrival: Equatable {
    package let time: SimTime
    package let cohort: Int32
    package let index: Int32
    package let ordinal: Int
  }

  private var cohorts: [CohortArrivals]
  /// Each cohort's next arrival, nil once the cohort is exhausted.
  private var heads: [(index: Int, time: SimTime)?]
  private var nextOrdinal: Int

  /// The arrivals of `behaviours`' cohorts; the first is numbered `firstOrdinal` (after the
  /// scripted users).
  package init(_ behaviours: [CohortBehaviour], firstOrdinal: Int) {
    cohorts = behaviours.map { $0.arrivals() }
    heads = []
    heads.reserveCapacity(cohorts.count)
    for position in cohorts.indices { heads.append(cohorts[position].next()) }
    nextOrdinal = firstOrdinal
  }

  /// The next arrival over all cohorts; nil once every cohort user has arrived.
  package mutating func next() -> Arrival? {
    // Cohorts are few: a scan beats a heap. Strict `<` breaks ties of time to the lower cohort.
    var best = -1
    var bestTime = SimTime.zero
    for cohort in heads.indices {
      guard let head = heads[cohort] else { continue }
      if best < 0 || head.time < bestTime {
        best = cohort
        bestTime = head.time
      }
    }
    guard best >= 0, let head = heads[best] else { return nil }
    heads[best] = cohorts[best].next()
    defer { nextOrdinal += 1 }
    return Arrival(time: head.time, cohort: Int32(best), index: Int32(head.index), ordinal: nextOrdinal)
  }

  /// The next arrival whose ordinal `admits` says yes to, skipping others, and stopping (nil) at
  /// the first ordinal at or past `end`.
  package mutating func next(before end: Int, where admits: (Int) -> Bool) -> Arrival? {
    while let arrival = next() {
      guard arrival.ordinal < end else { return nil }
      if admits(arrival.ordinal) { return arrival }
    }
    return nil
  }
}
