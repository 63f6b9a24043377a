/// A predicted-LTV model the app runs on the device: from what a user did since install, the
/// revenue it expects from them up to a horizon (day 7, 35, …), which a schema encodes instead
/// of (or beside) the revenue seen so far (`revenueSource: "predicted"`, `predictedRevenue…`
/// conditions).
///
/// It is a table: buckets checked in order, the first whose condition holds giving the
/// prediction, the way MMP pLTV products and LTV-bucket schemas ship it. Conditions read the
/// measures since install (not the window's): revenue, events, sessions, active days and time.
/// `attrsim schema train` learns one from the scenario's own users; a user may write their own.
public struct RevenuePredictor: Hashable, Sendable {
  /// One bucket: where it applies and what it predicts.
  public struct Bucket: Hashable, Sendable {
    /// Which users it covers (measures since install).
    public var condition: Condition
    /// The predicted revenue to the horizon, in the schema's currency.
    public var predicted: Double
    /// Training users behind the figure, when it was learned; nil for a bucket written by hand.
    public var installs: Int?
    /// JSON path of the bucket in its file, for lint findings; empty when built in code.
    public var source: String

    /// A bucket predicting `predicted` where `condition` holds.
    public init(condition: Condition, predicted: Double, installs: Int? = nil, source: String = "") {
      self.condition = condition
      self.predicted = predicted
      self.installs = installs
      self.source = source
    }
  }

  /// The day since install the predictions run to.
  public var horizonDays: Int
  /// The buckets, in the order they are checked.
  public var buckets: [Bucket]
  /// What training reported, when it was learned (kept in the file for people; changes no value).
  public var training: String

  /// A predictor from its parts.
  public init(horizonDays: Int, buckets: [Bucket], training: String = "") {
    self.horizonDays = horizonDays
    self.buckets = buckets
    self.training = training
  }

  /// The prediction for `values` (measures since install): the first holding bucket's, or 0
  /// when none holds (lint warns of a table without a catch-all last bucket).
  public func predict(_ values: MeasureValues) -> Double {
    for bucket in buckets where bucket.condition.holds(values) { return bucket.predicted }
    return 0
  }

  /// The prediction a value standing for predictions in `range` means: the mean of the
  /// buckets' predictions that lie in it, weighted by their training users where every one
  /// states them; nil when none lies in it. (`attrsim schema train` gives each distinct
  /// prediction a value of its own, so this is that prediction.)
  public func prediction(in range: ValueRange) -> Double? {
    let inside = buckets.filter { range.contains($0.predicted) }
    guard !inside.isEmpty else { return nil }
    let weights = inside.map { $0.installs.map(Double.init) ?? 1 }
    let total = weights.reduce(0, +)
    guard inside.allSatisfy({ $0.installs != nil }), total > 0 else {
      return inside.reduce(0) { $0 + $1.predicted } / Double(inside.count)
    }
    return zip(inside, weights).reduce(0) { $0 + $1.0.predicted * $1.1 } / total
  }

  /// Whether some bucket holds whatever the measures (so every user gets a prediction).
  public var hasCatchAll: Bool { buckets.contains { $0.condition.isAlways } }
}
