import SimModel

/// The report's grid of the fine values first postbacks carried.
package enum FineValueSection {
  /// The section; with no fine value at all, the grid says "no data" and the table has no rows.
  package static func make(_ counts: [Int]) -> ReportSection {
    let total = counts.reduce(0, +)
    let used = counts.filter { $0 > 0 }.count
    let title = "Fine values in first postbacks"
    let caption =
      "How often each of the 64 fine values was carried by a winning first postback (\(DigitGrouping.text(total)) in all; "
      + "\(used) of 64 values used). Darker is more often; a dashed square was never carried."
    var table = [["values"] + (0..<8).map { "+\($0)" }]
    for row in 0..<8 where total > 0 {
      table.append(["\(row * 8)–\(row * 8 + 7)"] + (0..<8).map { DigitGrouping.text(counts[row * 8 + $0]) })
    }
    return ReportSection(title: title, caption: caption, chart: ValueGrid(title: title, caption: caption, counts: counts), table: table)
  }
}
