import SimBehaviour
import SimEngine

/// All cohorts' arrivals in one time order, numbered, handed out as the run advances: memory
/// holds one window of arrivals at a time, not every user's.
///
/// Each user's arrival is drawn from their own stream (``CohortBehaviour/arrival(of:)``), so adding
/// a user moves no one else. The period is cut into windows of at most about `windowSize`
/// arrivals (a first pass counts arrivals in fine time buckets); each window is gathered by
/// drawing every user's arrival again and keeping those inside it, then sorted by (time, cohort,
/// index). Ordinals count that order from the first cohort user, so every world, whatever its
/// shard or lane, walks the same stream, numbers users alike and admits only its own.
package struct ArrivalStream {
  /// One cohort user's arrival and their place among all the scenario's users.
  package struct Arrival: Equatable {
    package let time: SimTime
    package let cohort: Int32
    package let index: Int32
    package let ordinal: Int

    package init(time: SimTime, cohort: Int32, index: Int32, ordinal: Int) {
      (self.time, self.cohort, self.index, self.ordinal) = (time, cohort, index, ordinal)
    }
  }

  /// About this many arrivals are held at once (16 bytes each) by default.
  package static let defaultWindowSize = 1 << 20
  private let behaviours: [CohortBehaviour]
  /// Where each window ends (exclusive), ascending; the first starts at `start`.
  private var ends: [SimTime] = []
  private let start: SimTime
  private var window = 0
  private var buffer: [(time: SimTime, cohort: Int32, index: Int32)] = []
  private var position = 0
  private var nextOrdinal: Int

  /// The arrivals of `behaviours`' cohorts; the first is numbered `firstOrdinal` (after the
  /// scripted users).
  package init(_ behaviours: [CohortBehaviour], firstOrdinal: Int, windowSize: Int = defaultWindowSize) {
    self.behaviours = behaviours
    nextOrdinal = firstOrdinal
    let periods = behaviours.filter { $0.cohort.count > 0 }
      .map { (SimTime.zero + $0.cohort.arrivalStart, SimTime.zero + $0.cohort.arrivalStart + $0.cohort.arrivalSpread) }
    start = periods.map(\.0).min() ?? .zero
    // Arrivals fall before the period's end; one past it keeps a zero-length period inside.
    let end = SimTime(milliseconds: (periods.map(\.1).max() ?? .zero).milliseconds + 1)
    let total = behaviours.reduce(0) { $0 + $1.cohort.count }
    guard total > windowSize else {
      ends = total > 0 ? [end] : []
      return
    }
    let bucketCount = 4_096
    let width = max(1, (end.milliseconds - start.milliseconds + Int64(bucketCount) - 1) / Int64(bucketCount))
    var counts = [Int](repeating: 0, count: bucketCount)
    for behaviour in behaviours {
      for index in 0..<behaviour.cohort.count {
        counts[Int((behaviour.arrival(of: index).milliseconds - start.milliseconds) / width)] += 1
      }
    }
    // Buckets side by side up to the window size; a bucket fuller than that is a window alone.
    var held = 0
    for (bucket, count) in counts.enumerated() where count > 0 {
      if held > 0, held + count > windowSize {
        ends.append(SimTime(milliseconds: start.milliseconds + Int64(bucket) * width))
        held = 0
      }
      held += count
    }
    ends.append(end)
  }

  /// The next arrival over all cohorts; nil once every cohort user has arrived.
  package mutating func next() -> Arrival? {
    while position == buffer.count {
      guard window < ends.count else { return nil }
      gather(from: window == 0 ? start : ends[window - 1], to: ends[window])
      window += 1
    }
    let (time, cohort, index) = buffer[position]
    position += 1
    defer { nextOrdinal += 1 }
    return Arrival(time: time, cohort: cohort, index: index, ordinal: nextOrdinal)
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

  /// Fills the buffer with the arrivals in `lower..<upper`, in order.
  private mutating func gather(from lower: SimTime, to upper: SimTime) {
    buffer.removeAll(keepingCapacity: true)
    position = 0
    for (cohort, behaviour) in behaviours.enumerated() {
      for index in 0..<behaviour.cohort.count {
        let time = behaviour.arrival(of: index)
        if lower <= time, time < upper { buffer.append((time, Int32(cohort), Int32(index))) }
      }
    }
    buffer.sort { ($0.time, $0.cohort, $0.index) < ($1.time, $1.cohort, $1.index) }
  }
}
