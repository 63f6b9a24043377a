import SimPlatform
import SimRecords

/// The report's LTV curve: true against decoded cumulative revenue per install at the end of
/// each conversion window (days 2, 7 and 35 after install), with the spread over replicates
/// when there are several.
package enum RevenueCurveSection {
  /// The section's title, by which a report finds it among its leading sections.
  package static let title = "Revenue per install by day (LTV curve)"
  /// Days from install to each window's end (SKAdNetwork 4.0, AdAttributionKit).
  package static let windowEnds = WindowSchedule.productionEndDays

  /// One point of the curve: cumulative revenue per install by a window's end.
  package struct Point: Sendable, Equatable {
    package var day: Int
    package var trueRevenue: Double, decodedRevenue: Double
  }

  /// The curve of one run: per install of the scenario's campaigns, true and decoded revenue
  /// summed up to each window's end (NaN without installs, which the chart shows as no data);
  /// nil before 4.0 (one window, no fixed end) and for postbacks decoded without truth.
  package static func points(_ decoding: DecodedTable) -> [Point]? {
    guard decoding.hasTruth else { return nil }
    let rows = decoding.orderedRows
    let installs = rows.filter { $0.window == 0 }.reduce(0) { $0 + $1.installs }
    let windows = decoding.windows
    guard windows == windowEnds.count else { return nil }
    let start = installs > 0 ? 0.0 : .nan
    var points = [Point(day: 0, trueRevenue: start, decodedRevenue: start)]
    var trueSum = 0.0, decodedSum = 0.0
    for window in 0..<windows {
      for row in rows where row.window == window {
        trueSum += row.trueRevenue
        decodedSum += row.decodedRevenue
      }
      points.append(
        Point(day: windowEnds[window], trueRevenue: trueSum / Double(installs), decodedRevenue: decodedSum / Double(installs)))
    }
    return points
  }

  /// The section for one run's `points`; with `bands` (per point, the decoded curve's 95 %
  /// interval over replicates, and the true curve's), the intervals as lines of their own.
  package static func make(
    _ points: [Point], currency: String,
    bands: (decoded: [ClosedRange<Double>?], truth: [ClosedRange<Double>?])? = nil, note: String = ""
  ) -> ReportSection {
    let caption = "Cumulative revenue per install of the campaigns by the end of each conversion window (days after install):"
      + " what users really paid against what the postbacks decode to, over the same installs."
      + (note.isEmpty ? "" : " " + note)
    var series = [
      LineChart.Series(name: "true", points: points.map { LineChart.Point(x: Double($0.day), y: $0.trueRevenue) }),
      LineChart.Series(name: "decoded", points: points.map { LineChart.Point(x: Double($0.day), y: $0.decodedRevenue) }),
    ]
    if let bands {
      func line(_ name: String, _ ranges: [ClosedRange<Double>?], _ end: KeyPath<ClosedRange<Double>, Double>) -> LineChart.Series {
        LineChart.Series(
          name: name,
          points: zip(points, ranges).map { LineChart.Point(x: Double($0.day), y: $1?[keyPath: end] ?? .nan) })
      }
      series += [
        line("decoded, 95 % interval low", bands.decoded, \.lowerBound),
        line("decoded, 95 % interval high", bands.decoded, \.upperBound),
      ]
    }
    let chart = LineChart(
      title: title, xLabel: "Days after install", yLabel: "Revenue per install (\(currency))", caption: caption,
      series: series)
    func money(_ value: Double) -> String { value.isFinite ? ReportFormat.money(value, currency: currency) : "–" }
    func range(_ value: ClosedRange<Double>?) -> String { value.map { "\(money($0.lowerBound)) – \(money($0.upperBound))" } ?? "–" }
    var header = ["day", "true", "decoded", "decoded ÷ true"]
    if bands != nil { header += ["true, 95 % interval", "decoded, 95 % interval"] }
    let table = [header] + points.indices.map { index in
      let point = points[index]
      var line = [
        String(point.day), money(point.trueRevenue), money(point.decodedRevenue),
        point.trueRevenue > 0 ? ReportFormat.percent(point.decodedRevenue / point.trueRevenue) : "–",
      ]
      if let bands { line += [range(bands.truth[index]), range(bands.decoded[index])] }
      return line
    }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }
}
