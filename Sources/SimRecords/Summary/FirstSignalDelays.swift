/// Hours from install to each conversion's first winning postback with a value the schema
/// decodes: how many, their mean, median and a whole-hour histogram, the figures of
/// `summary.json`'s `firstSignal` and the report's chart.
///
/// A run keeps each delay to find the median; a merge of finalised shards keeps none (the
/// shards keep theirs, sorted, and the merge is given the median), so its memory does not grow
/// with users.
public struct FirstSignalDelays: Sendable {
  /// Whole hours the histogram counts one by one; longer delays count in the last.
  package static let histogramHours = 336
  /// How many conversions had a first signal.
  public private(set) var count = 0
  /// The delays in hours, summed in the order conversions finished (a floating-point sum
  /// depends on its order, and outputs must not depend on sharding).
  public private(set) var hoursSum = 0.0
  /// Conversions by whole hours of delay, 0 to ``histogramHours`` − 1; the last also counts
  /// every longer delay, the first every negative one.
  public private(set) var byHour = Array(repeating: 0, count: histogramHours)
  /// Every delay in milliseconds, when the median is worked out here.
  private var kept: [Int64]?
  /// The median in milliseconds, when it was worked out elsewhere.
  private var givenMedian: Int64?

  /// No delays yet; `keepsEach` false for a merge that will be given the median.
  package init(keepsEach: Bool = true) {
    kept = keepsEach ? [] : nil
  }

  /// Adds one conversion's delay.
  package mutating func add(milliseconds: Int64) {
    let hours = Double(milliseconds) / 3_600_000
    count += 1
    hoursSum += hours
    byHour[min(max(Int(hours), 0), Self.histogramHours - 1)] += 1
    kept?.append(milliseconds)
  }

  /// The kept delays in milliseconds, shortest first (a shard's phase 2 writes them).
  package var sortedMilliseconds: [Int64] { (kept ?? []).sorted() }

  /// Sets the median, in milliseconds, found elsewhere from every delay sorted (element
  /// `count / 2`), for a report that keeps none.
  package mutating func setMedian(milliseconds: Int64?) { givenMedian = milliseconds }

  /// The median delay in hours (element `count / 2` of the sorted delays); nil without any.
  public var medianHours: Double? {
    if let givenMedian { return Double(givenMedian) / 3_600_000 }
    guard let kept, !kept.isEmpty else { return nil }
    var sorted = kept
    sorted.sort()
    return Double(sorted[sorted.count / 2]) / 3_600_000
  }

  /// The mean delay in hours; nil without any.
  public var meanHours: Double? { count > 0 ? hoursSum / Double(count) : nil }
}

extension FirstSignalDelays: Equatable {
  /// Equal when their figures are, whether or not each delay is kept.
  public static func == (a: FirstSignalDelays, b: FirstSignalDelays) -> Bool {
    a.count == b.count && a.hoursSum == b.hoursSum && a.byHour == b.byHour && a.medianHours == b.medianHours
  }
}
