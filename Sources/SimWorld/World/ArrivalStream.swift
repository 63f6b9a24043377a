import SimBehaviour
import SimEngine

/// All cohorts' arrivals in one time order, numbered, handed out as the run advances: memory
/// holds one window of arrivals at a time, not every user's.
///
/// Each user's arrival is drawn from their own stream (``CohortBehaviour/arrival(of:)``), so adding
/// a user moves no one else. The period is cut into windows of at most about `windowSize`
/// arrivals (a first pass counts arrivals in fine time buckets); each window is gathered by
/// drawing every user's arrival again and keeping those inside it, then sorted by (time, cohort,
/// index), 8 bytes an arrival. Ordinals count that order from the first cohort user, so every
/// world, whatever its shard or lane, walks the same stream, numbers users alike and admits only
/// its own.
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

  /// About this many arrivals are held at once (8 bytes each) by default: 16 MiB, and a run of
  /// N users draws every arrival 1 + N ÷ 2 M times (once when it holds them all).
  package static let defaultWindowSize = 1 << 21
  private let behaviours: [CohortBehaviour]
  /// Each cohort's first user's number among all cohort users (its index + this).
  private let cohortStarts: [Int]
  /// Where each window ends (exclusive), ascending; the first starts at `start`.
  private var ends: [SimTime] = []
  private let start: SimTime
  private var window = 0
  /// The window being handed out: each arrival packed in one word, its time after
  /// `windowStart` above `indexBits` bits of its number among all cohort users. Sorting the
  /// words sorts by (time, cohort, index), as cohorts number their users one after another.
  private var buffer: [UInt64] = []
  private var windowStart = SimTime.zero
  private let indexBits: Int
  private var position = 0
  private var nextOrdinal: Int

  /// The arrivals of `behaviours`' cohorts; the first is numbered `firstOrdinal` (after the
  /// scripted users).
  package init(_ behaviours: [CohortBehaviour], firstOrdinal: Int, windowSize: Int = defaultWindowSize) {
    self.behaviours = behaviours
    nextOrdinal = firstOrdinal
    var starts: [Int] = []
    var total = 0
    for behaviour in behaviours {
      starts.append(total)
      total += behaviour.cohort.count
    }
    cohortStarts = starts
    indexBits = max(1, Int.bitWidth - max(total - 1, 0).leadingZeroBitCount)
    let periods = behaviours.filter { $0.cohort.count > 0 }
      .map { (SimTime.zero + $0.cohort.arrivalStart, SimTime.zero + $0.cohort.arrivalStart + $0.cohort.arrivalSpread) }
    start = periods.map(\.0).min() ?? .zero
    // Arrivals fall before the period's end; one past it keeps a zero-length period inside.
    let end = SimTime(milliseconds: (periods.map(\.1).max() ?? .zero).milliseconds + 1)
    // The longest window whose times fit beside the numbers in a word.
    let longest = indexBits >= 63 ? 0 : Int64.max >> Int64(indexBits - 1)
    precondition(indexBits < 63 && (end.milliseconds - start.milliseconds) / 4_096 < longest, "too many users over too long a period")
    guard total > windowSize || end.milliseconds - start.milliseconds > longest else {
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
    // Buckets side by side up to the window size (or the longest window); a bucket fuller than
    // that is a window alone.
    var held = 0
    var opened = start.milliseconds
    for (bucket, count) in counts.enumerated() where count > 0 {
      let bucketStart = start.milliseconds + Int64(bucket) * width
      // A window may be empty: one that would reach too far is cut even before its first bucket.
      let full = held > 0 && held + count > windowSize
      if bucketStart > opened, full || bucketStart + width - opened > longest {
        ends.append(SimTime(milliseconds: bucketStart))
        held = 0
        opened = bucketStart
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
    let word = buffer[position]
    position += 1
    let number = Int(word & (UInt64(1) << UInt64(indexBits) - 1))
    // Cohorts are few: the last one starting at or before the number holds it.
    var cohort = cohortStarts.count - 1
    while cohortStarts[cohort] > number { cohort -= 1 }
    let time = SimTime(milliseconds: windowStart.milliseconds + Int64(word >> UInt64(indexBits)))
    defer { nextOrdinal += 1 }
    return Arrival(time: time, cohort: Int32(cohort), index: Int32(number - cohortStarts[cohort]), ordinal: nextOrdinal)
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
    windowStart = lower
    for (cohort, behaviour) in behaviours.enumerated() {
      let first = cohortStarts[cohort]
      for index in 0..<behaviour.cohort.count {
        let time = behaviour.arrival(of: index)
        if lower <= time, time < upper {
          buffer.append(UInt64(time.milliseconds - lower.milliseconds) << UInt64(indexBits) | UInt64(first + index))
        }
      }
    }
    buffer.sort()
  }
}
