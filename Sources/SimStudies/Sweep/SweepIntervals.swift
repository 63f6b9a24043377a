import SimModel
import SimRecords

/// `sweep-points.csv`: per point, for every figure of `sweep-long.csv`, the mean over the
/// replicates, their standard deviation and the 95 % interval of the mean
/// (``ConfidenceInterval``: Student t, cut to the figure's range; none under three replicates).
package enum SweepIntervals {
  /// The columns after the point's, its parameters' and the figure's (campaign, window, metric).
  package static let statisticColumns = ["replicates", "mean", "sd", "lower", "upper"]

  /// The file, from the text of `sweep-long.csv` (so that a merged sweep, which has only that
  /// text, gives the same bytes as a whole one): figures in the order the long file first has
  /// them, points in order.
  package static func csv(_ sweep: Sweep, long: String) -> String {
    let columns = SweepParameterColumns(sweep.parameters)
    let settings = Dictionary(sweep.points.map { ($0.index, $0.settings) }, uniquingKeysWith: { a, _ in a })
    var text = (["point"] + columns.names + ["campaign", "window", "metric"] + statisticColumns).map(CSVField.text)
      .joined(separator: ",") + "\n"
    var point: Int?
    var order: [[String]] = []
    var values: [[String]: [Double]] = [:]
    func flush() {
      guard let point else { return }
      let lead = ["\(point)"] + (settings[point].map(columns.cells) ?? columns.names.map { _ in "" })
      for key in order {
        let interval = ConfidenceInterval(values[key]!, range: SweepFigure.range(ofMetric: key[2]))
        text += (lead + key + cells(interval)).map(CSVField.text).joined(separator: ",") + "\n"
      }
      order.removeAll()
      values.removeAll()
    }
    for line in long.split(separator: "\n").dropFirst() {
      let cells = CSVLine.cells(String(line))
      // A damaged line (from a hand-edited shard) is left out rather than read out of range.
      guard cells.count == SweepFigure.longColumns.count, let number = Int(cells[0]) else { continue }
      if number != point {
        flush()
        point = number
      }
      let key = Array(cells[2...4])
      if values[key] == nil {
        order.append(key)
        values[key] = []
      }
      if let value = Double(cells[5]) { values[key]!.append(value) }
    }
    flush()
    return text
  }

  /// Replicates with a value, mean, sd, lower, upper; empty where there is no such figure.
  private static func cells(_ interval: ConfidenceInterval?) -> [String] {
    func decimal(_ value: Double?) -> String { value.map { CSVField.decimal($0, places: 6) } ?? "" }
    guard let interval else { return ["0", "", "", "", ""] }
    return [
      "\(interval.count)", decimal(interval.mean), decimal(interval.standardDeviation), decimal(interval.lower),
      decimal(interval.upper),
    ]
  }
}
