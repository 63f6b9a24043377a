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

  /// Whether the user with `ordinal` is simulated in this lane.
  package func contains(_ ordinal: Int) -> Bool { ordinal % count == index }
}
