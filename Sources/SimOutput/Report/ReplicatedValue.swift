/// A headline figure over replicate runs, as a report's tile shows it: the mean with its 95 %
/// interval, from which the tile's verdict is taken.
package struct ReplicatedValue: Sendable, Equatable {
  /// The mean and interval as people read them: "108.1% [97.6%, 118.5%]".
  package var text: String
  /// The interval's ends; nil when there were too few replicates for one.
  package var lower: Double?
  package var upper: Double?
  /// Replicates the figure had a value in.
  package var replicates: Int

  /// Each stored property as given.
  package init(text: String, lower: Double?, upper: Double?, replicates: Int) {
    self.text = text
    self.lower = lower
    self.upper = upper
    self.replicates = replicates
  }
}
