/// The report's section on coarse values: how often winning postbacks carrying only a coarse
/// value said low, medium or high, in each conversion window.
package enum CoarseValueSection {
  /// The section for `counts` (`[window][low, medium, high]`).
  package static func make(_ counts: [[Int]]) -> ReportSection {
    let names = ["low", "medium", "high"]
    let title = "Coarse values by window"
    let caption = "Winning postbacks that carried a coarse value (and no fine value), by the value and window:"
      + " what an ad network reads from a window when crowd anonymity or a later window leaves no fine value."
    let any = counts.joined().contains { $0 > 0 }
    let chart = BarChart(
      title: title, xLabel: "Conversion window", yLabel: "Winning postbacks", caption: caption,
      categories: counts.indices.map { "window \($0 + 1)" },
      series: names.indices.map { value in
        BarChart.Series(name: names[value], values: any ? counts.map { Double($0[value]) } : [])
      })
    let table = [["window", "postbacks"] + names] + counts.indices.map { window in
      let total = counts[window].reduce(0, +)
      return ["window \(window + 1)", ReportFormat.count(total)]
        + counts[window].map { "\(ReportFormat.count($0)) (\(ReportFormat.share($0, of: total)))" }
    }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }
}
