/// One row of aggregate tier evidence (`attrsim privacy fit --observations`): campaigns of
/// `installsPerDay` installs a day, and how many of their winning postbacks 1 showed each lowest
/// tier (published figures, or a network's own counts).
public struct TierObservation: Hashable, Sendable {
  /// Installs per campaign per day: the size of the cell the postbacks fell into.
  public var installsPerDay: Int
  /// Postbacks whose lowest tier shown is 0 (no value), 1 (coarse), 2 (fine) and 3 (publisher).
  public var counts: [Int]
  /// Whether the file gave the count the shares are of (else one day's postbacks, `installsPerDay`).
  public var countGiven: Bool
  /// The row's line in its file.
  public var line: Int

  /// An observation with every part given.
  public init(installsPerDay: Int, counts: [Int], countGiven: Bool, line: Int) {
    self.installsPerDay = installsPerDay
    self.counts = counts
    self.countGiven = countGiven
    self.line = line
  }
}
