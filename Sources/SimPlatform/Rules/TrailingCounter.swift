import SimEngine

/// Counts events in a trailing period of virtual time; times arrive in non-decreasing order.
package struct TrailingCounter {
  private var times: [SimTime] = []
  private var start = 0

  /// Adds an event at `time`.
  package mutating func add(_ time: SimTime) { times.append(time) }

  /// Events later than each of `cutoffs`, forgetting those no later than the earliest for good.
  package mutating func counts(after cutoffs: [SimTime]) -> [Int] {
    _ = count(after: cutoffs.min()!)
    return cutoffs.map { cutoff in
      // The first kept time later than `cutoff` (times are sorted).
      var (low, high) = (start, times.count)
      while low < high {
        let middle = (low + high) / 2
        if times[middle] <= cutoff { low = middle + 1 } else { high = middle }
      }
      return times.count - low
    }
  }

  /// Events later than `cutoff`, forgetting older ones for good.
  package mutating func count(after cutoff: SimTime) -> Int {
    while start < times.count, times[start] <= cutoff { start += 1 }
    // Compact once the forgotten prefix dominates, so memory follows the period, not the run.
    if start > 64, start * 2 > times.count {
      times.removeFirst(start)
      start = 0
    }
    return times.count - start
  }
}
