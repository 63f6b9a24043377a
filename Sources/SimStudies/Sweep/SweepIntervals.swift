import SimModel
import SimRecords

/// `sweep-points.csv`: per point, for every figure of `sweep-long.csv`, the mean over the
/// replicates, their standard deviation and the 95 % interval of the mean
/// (``ConfidenceInterval``: Student t, cut to the figure's range; none under three replicates).
package enum SweepIntervals {
  /// The columns after the point's, its parameters' and the figure's (campaign, window, metric).
  package static let statisticColumns = ["replicates", "mean", "sd", "lower", "upper"]

  /// The table, from `sweep-long.csv`'s (so that a merged sweep, which has only its shards'
  /// files, gives the same bytes as a whole one): figures in the order the long table first has
  /// them, points in order.
  package static func table(_ sweep: Sweep, long: SweepTable) -> SweepTable {
    let columns = SweepParameterColumns(sweep.parameters)
    let settings = Dictionary(sweep.points.map { ($0.index, $0.settings) }, uniquingKeysWith: { a, _ in a })
    var table = SweepTable(columns: ["point"] + columns.names + ["campaign", "window", "metric"] + statisticColumns)
    var point: Int?
    var order: [[String]] = []
    var values: [[String]: [Double]] = [:]
    func flush() {
      guard let point else { return }
      let lead = [("point", SweepCell.whole(Int64(point)))] + (settings[point].map(columns.cells) ?? columns.emptyCells)
      for key in order {
        let interval = ConfidenceInterval(values[key]!, range: SweepFigure.range(ofMetric: key[2]))
        let figure = [("campaign", SweepCell.text(key[0])), ("window", .text(key[1])), ("metric", .text(key[2]))]
        table.append(lead + figure + cells(interval))
      }
      order.removeAll()
      values.removeAll()
    }
    for cells in long.rows {
      guard let number = cells[0].integer else { continue }
      if number != point {
        flush()
        point = number
      }
      let key = cells[2...4].map(\.text)
      if values[key] == nil {
        order.append(key)
        values[key] = []
      }
      if let value = cells[5].number { values[key]!.append(value) }
    }
    flush()
    return table
  }

  /// Replicates with a value, mean, sd, lower, upper; empty where there is no such figure.
  private static func cells(_ interval: ConfidenceInterval?) -> [(column: String, cell: SweepCell)] {
    func decimal(_ value: Double?) -> SweepCell { value.map { .fixed($0, places: 6) } ?? .empty }
    guard let interval else { return [("replicates", .whole(0)), ("mean", .empty), ("sd", .empty), ("lower", .empty), ("upper", .empty)] }
    return [
      ("replicates", .whole(Int64(interval.count))), ("mean", decimal(interval.mean)), ("sd", decimal(interval.standardDeviation)),
      ("lower", decimal(interval.lower)), ("upper", decimal(interval.upper)),
    ]
  }
}
