import SimRecords

/// `decoded.csv` of a decoded table: a header and one line of text cells per campaign and
/// window. A column is its name in ``header(hasTruth:calibrated:spend:eventNames:)`` and its
/// cell in ``cells``, side by side here; the table's `Row` keeps the figures.
public struct DecodedCSV: Sendable {
  /// The table rendered.
  public let table: DecodedTable

  /// The CSV of `table`.
  public init(_ table: DecodedTable) { self.table = table }

  /// The column names of `decoded.csv` (lowerCamelCase; events by their schema names after a dot).
  static func header(hasTruth: Bool, calibrated: Bool, spend: Bool, eventNames: [String]) -> [String] {
    var header = ["network", "campaign", "window"]
    if hasTruth { header.append("installs") }
    header += ["postbacks", "fine", "coarse", "none", "unknown"]
    let split = calibrated ? ["measuredRevenue", "imputedRevenue"] : []
    header += hasTruth ? ["trueRevenue"] + split + ["decodedRevenue", "revenueDifference"] : split + ["decodedRevenue"]
    if spend { header += DecodedTable.spendHeader }
    for name in eventNames { header += (hasTruth ? ["trueUsers.\(name)"] : []) + ["decodedUsers.\(name)"] }
    return header
  }

  /// The rows as text cells under a header; truth columns only when the table has truth.
  /// Windows are numbered 1–3 for people (the postback sequence index plus one).
  public var cells: [[String]] {
    let hasTruth = table.hasTruth
    let calibrated = table.calibrated != nil
    let eventNames = table.eventNames
    let priced = table.hasSpend ? table.economics : nil
    var lines = [
      Self.header(hasTruth: hasTruth, calibrated: calibrated, spend: priced != nil, eventNames: eventNames)
    ]
    for row in table.orderedRows {
      var fields = [row.network, row.campaign, String(row.window + 1)]
      if hasTruth { fields.append(String(row.installs)) }
      fields += [String(row.postbacks), String(row.fine), String(row.coarse), String(row.none), String(row.unknown)]
      let parts = calibrated ? [CSVField.money(row.measuredRevenue), CSVField.money(row.imputedRevenue)] : []
      fields +=
        hasTruth
        ? [CSVField.money(row.trueRevenue)] + parts + [
          CSVField.money(row.decodedRevenue), CSVField.money(row.decodedRevenue - row.trueRevenue),
        ] : parts + [CSVField.money(row.decodedRevenue)]
      if let priced { fields += table.spendCells(row, economics: priced) }
      for index in eventNames.indices {
        fields += (hasTruth ? [String(row.trueEventUsers[index])] : []) + [String(row.decodedEventUsers[index])]
      }
      lines.append(fields)
    }
    return lines
  }

  /// The file's text. Text cells that look like numbers (a campaign named "2024", unmatched
  /// digits) are quoted, so readers that honour quotes keep them as text (Docs/outputs.md gives
  /// the dtypes).
  public var text: String {
    let textColumns = 2  // network, campaign
    return cells.enumerated().map { line, cells in
      cells.enumerated().map { column, cell in
        line > 0 && column < textColumns ? CSVField.identifier(cell) : CSVField.text(cell)
      }.joined(separator: ",")
    }.joined(separator: "\n") + "\n"
  }
}
