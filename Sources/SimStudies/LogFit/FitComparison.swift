import Foundation

/// Observed figures of a log's users against the same figures simulated over replicates: each
/// observed figure with its 95 % sampling interval, each simulated one with the 95 % range a
/// group of that many simulated users falls in, and whether the observed lies inside it.
///
/// The observed interval is Wilson's for a share and Student's t for a mean. The simulated range
/// is a prediction interval over the replicates, mean ± t(0.975, r − 1) · s · √(1 + 1/r) for r
/// replicates of standard deviation s, cut to the figure's range: where one more group of that
/// size would fall 95 % of the time if the simulation were the truth.
public struct FitComparison: Sendable {
  /// One figure.
  public struct Row: Sendable, Equatable {
    /// `retention day 7`, `payer share by day 35`, …
    public var figure: String
    public var observed: Double
    public var observedLow: Double
    public var observedHigh: Double
    /// Users the observed figure is of.
    public var observedUsers: Int
    public var simulated: Double
    public var simulatedLow: Double
    public var simulatedHigh: Double
    /// Whether the simulation extrapolated this figure's days (no user was watched through them).
    public var extrapolated: Bool
    /// Whether the observed figure lies in the simulated range.
    public var inside: Bool { observed >= simulatedLow && observed <= simulatedHigh }
  }

  public var rows: [Row] = []
  /// Replicates simulated.
  public var replicates: Int

  /// How the intervals are made, in the outputs' words.
  public static let method =
    "observed: 95 % Wilson interval (shares) or Student t interval (revenue per user); simulated: the mean over "
    + "replicates of as many users as observed, and the 95 % prediction interval mean ± t(0.975, r − 1) · s · √(1 + 1/r), "
    + "cut to the figure's range"

  /// The days retention is compared on.
  public static let retentionDays = [1, 2, 3, 7, 14, 21, 28, 34]

  /// `observed` against `replicates`; figures past `extrapolatedFrom` days are marked.
  public init(observed: LifeFigures, replicates: [LifeFigures], extrapolatedDays: Set<Int> = []) {
    self.replicates = replicates.count
    func add(_ name: String, _ figure: (LifeFigures) -> (Double, Double, Double, Int)?, share: Bool, day: Int) {
      guard let (value, low, high, users) = figure(observed) else { return }
      let simulated = replicates.compactMap { figure($0)?.0 }
      guard !simulated.isEmpty else { return }
      let (mean, lower, upper) = Self.prediction(simulated, share: share)
      rows.append(
        Row(
          figure: name, observed: value, observedLow: low, observedHigh: high, observedUsers: users, simulated: mean,
          simulatedLow: lower, simulatedHigh: upper, extrapolated: extrapolatedDays.contains { $0 <= day }))
    }
    func share(_ pick: @escaping (LifeFigures) -> LifeFigures.Share?) -> (LifeFigures) -> (Double, Double, Double, Int)? {
      { figures in
        pick(figures).map { share in
          let (low, high) = Self.wilson(share)
          return (share.value, low, high, share.total)
        }
      }
    }
    for day in Self.retentionDays where day < observed.horizonDays {
      add("retention day \(day)", share { $0.retention(day: day) }, share: true, day: day)
    }
    for checkpoint in LifeFigures.checkpoints where checkpoint <= observed.horizonDays {
      add("payer share by day \(checkpoint)", share { $0.payerShare(by: checkpoint) }, share: true, day: checkpoint)
      add("repeat-purchase share by day \(checkpoint)", share { $0.repeatShare(by: checkpoint) }, share: true, day: checkpoint)
      add(
        "revenue per user by day \(checkpoint)",
        { figures in
          figures.revenuePerUser(by: checkpoint).map { revenue in
            let half = revenue.users > 1
              ? StudentT.quantile(0.975, degreesOfFreedom: revenue.users - 1) * revenue.standardDeviation / Double(revenue.users).squareRoot()
              : 0
            return (revenue.mean, max(0, revenue.mean - half), revenue.mean + half, revenue.users)
          }
        }, share: false, day: checkpoint)
    }
  }

  /// Whether every figure the simulation did not extrapolate lies in its range.
  public var allInside: Bool { rows.allSatisfy { $0.inside || $0.extrapolated } }

  /// Wilson's 95 % interval for a share.
  static func wilson(_ share: LifeFigures.Share) -> (Double, Double) { wilson(share.value, of: Double(share.total)) }

  /// Wilson's 95 % interval for a share `p` of `n` (an estimate need not be a whole count).
  static func wilson(_ p: Double, of n: Double) -> (Double, Double) {
    let z = 1.959_963_984_540_054
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
    return (max(0, centre - half), min(1, centre + half))
  }

  /// The mean of `values` and their 95 % prediction interval, cut to [0, 1] for a share and to
  /// 0 or more otherwise.
  static func prediction(_ values: [Double], share: Bool) -> (Double, Double, Double) {
    let r = Double(values.count)
    let mean = values.reduce(0, +) / r
    guard values.count > 1 else { return (mean, mean, mean) }
    let s = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (r - 1)).squareRoot()
    let half = StudentT.quantile(0.975, degreesOfFreedom: values.count - 1) * s * (1 + 1 / r).squareRoot()
    return (mean, max(0, mean - half), share ? min(1, mean + half) : mean + half)
  }
}
