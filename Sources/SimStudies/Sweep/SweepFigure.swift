import SimModel
import SimRecords

/// One figure of one run as a line of `sweep-long.csv`: a metric over the whole run or one
/// campaign, over all windows or one (numbered 1 to 3).
public struct SweepFigure: Sendable, Equatable {
  /// `network/campaign`, or nil for the whole run.
  public var campaign: String?
  /// The postback window, 1 to 3, or nil for all of them.
  public var window: Int?
  /// The metric's name: a `sweep.csv` outcome column, without its window digit when it has one.
  public var metric: String
  /// Nil where there is nothing to measure (a share of no postbacks, a run without decoding).
  public var value: Double?

  /// The columns of `sweep-long.csv`.
  public static let longColumns = ["point", "replicate", "campaign", "window", "metric", "value"]

  /// Each stored property as given.
  public init(campaign: String? = nil, window: Int? = nil, metric: String, value: Double?) {
    self.campaign = campaign
    self.window = window
    self.metric = metric
    self.value = value
  }

  /// Every figure of a run: its `sweep.csv` outcomes (those of one window with the window
  /// apart), then per campaign and window what the receivers decoded against the truth.
  package static func figures(metrics: SweepMetrics, summary: RunSummary) -> [SweepFigure] {
    var figures: [SweepFigure] = []
    for outcome in metrics.outcomes {
      let name = outcome.name
      if let window = name.last?.wholeNumberValue, perWindow.contains(String(name.dropLast())) {
        figures.append(SweepFigure(window: window, metric: String(name.dropLast()), value: outcome.value))
      } else {
        figures.append(SweepFigure(metric: name, value: outcome.value))
      }
    }
    guard let decoding = summary.decoding else { return figures }
    func share(_ part: Int, of whole: Int) -> Double? { whole > 0 ? Double(part) / Double(whole) : nil }
    func error(_ decoded: Double, _ truth: Double) -> Double? { truth > 0 ? (decoded - truth) / truth : nil }
    let rows = decoding.orderedRows
    var start = rows.startIndex
    while start < rows.endIndex {
      let first = rows[start]
      let end = rows[start...].firstIndex { $0.network != first.network || $0.campaign != first.campaign } ?? rows.endIndex
      let campaign = "\(first.network)/\(first.campaign)"
      let windows = rows[start..<end]
      // Summed in row order, as the decoded table sums: the figures must not depend on order.
      let truth = windows.reduce(0) { $0 + $1.trueRevenue }, decoded = windows.reduce(0) { $0 + $1.decodedRevenue }
      figures += [
        SweepFigure(campaign: campaign, metric: "installs", value: Double(first.installs)),
        SweepFigure(campaign: campaign, metric: "postbacks", value: Double(windows.reduce(0) { $0 + $1.postbacks })),
        SweepFigure(campaign: campaign, metric: "trueRevenue", value: truth),
        SweepFigure(campaign: campaign, metric: "decodedRevenue", value: decoded),
        SweepFigure(campaign: campaign, metric: "revenueError", value: error(decoded, truth)),
      ]
      for row in windows {
        let window = row.window + 1
        figures += [
          SweepFigure(campaign: campaign, window: window, metric: "postbacks", value: Double(row.postbacks)),
          SweepFigure(campaign: campaign, window: window, metric: "fineShare", value: share(row.fine, of: row.postbacks)),
          SweepFigure(campaign: campaign, window: window, metric: "coarseShare", value: share(row.coarse, of: row.postbacks)),
          SweepFigure(campaign: campaign, window: window, metric: "nullShare", value: share(row.none, of: row.postbacks)),
          SweepFigure(campaign: campaign, window: window, metric: "trueRevenue", value: row.trueRevenue),
          SweepFigure(campaign: campaign, window: window, metric: "decodedRevenue", value: row.decodedRevenue),
          SweepFigure(campaign: campaign, window: window, metric: "revenueError", value: error(row.decodedRevenue, row.trueRevenue)),
        ]
      }
      start = end
    }
    return figures
  }

  /// The `sweep.csv` outcomes that come one per window.
  private static let perWindow: Set<String> = ["postbacks", "fineShare", "coarseShare", "nullShare"]

  /// The value as `sweep.csv` writes its metric: money with two decimals, shares, errors and
  /// rates with six, counts whole; empty for nil.
  package static func cell(_ value: Double?, metric: String) -> SweepCell {
    guard let value else { return .empty }
    if metric.hasSuffix("Revenue") { return .fixed(value, places: 2) }
    if metric.contains("Share") || metric.hasSuffix("Error") || metric == "installsPerCampaignPerDay" {
      return .fixed(value, places: 6)
    }
    return .whole(Int64(value))
  }

  /// The values metric `metric` can take, which its interval keeps within: shares 0 to 1, the
  /// signed revenue error −1 or more, every other figure (counts, revenue, the mean absolute
  /// campaign error) 0 or more.
  package static func range(ofMetric metric: String) -> FigureRange {
    if metric.contains("Share") { return .unit }
    return metric == "revenueError" ? .relativeError : .nonNegative
  }

  /// The line's cells after point and replicate, each with its column's name.
  package var cells: [(column: String, cell: SweepCell)] {
    [
      ("campaign", campaign.map(SweepCell.text) ?? .empty), ("window", window.map { .whole(Int64($0)) } ?? .empty),
      ("metric", .text(metric)), ("value", Self.cell(value, metric: metric)),
    ]
  }
}
