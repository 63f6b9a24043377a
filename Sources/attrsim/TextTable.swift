import Foundation

/// Left-aligned columns separated by two spaces, for terminal tables.
enum TextTable {
  static func render(_ rows: [[String]], indent: Int = 0) -> String {
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
    let margin = String(repeating: " ", count: indent)
    return rows.map { row in
      var line = row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
        .joined(separator: "  ")
      while line.hasSuffix(" ") { line.removeLast() }
      return margin + line
    }.joined(separator: "\n")
  }
}
