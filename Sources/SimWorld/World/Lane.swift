/// One of several worlds simulating a run's users side by side in one process: every
/// `count`-th user by ordinal, starting at `index`. Interleaving keeps the lanes at the same
/// virtual time, so their drafts can be merged as they come.
package struct Lane: Sendable, Equatable {
  /// Which lane, from 0.
  package let index: Int
  /// How many lanes share the users.
  package let count: Int

  /// Lane `index` of `count`; nil unless 0 ≤ index < count.
  package init?(index: Int, count: Int) {
    guard count > 0, (0..<count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// The only lane, simulating every user: a world on its own.
  package static let whole = Lane(index: 0, count: 1)!

  /// Whether the user with `ordinal` is simulated in this lane.
  package func contains(_ ordinal: Int) -> Bool { ordinal % count == index }

  /// How many ordinals of `range` this lane simulates, counted, not walked.
  package func count(in range: Range<Int>) -> Int {
    // Ordinals below `bound` in the lane: index, index + count, …
    func below(_ bound: Int) -> Int { bound <= index ? 0 : (bound - index - 1) / count + 1 }
    return below(range.upperBound) - below(range.lowerBound)
  }
}
