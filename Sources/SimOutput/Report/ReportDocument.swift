/// A report as a value: a title, a line of facts, headline figures and sections, written either
/// as one self-contained HTML page or as Markdown with the same sections in the same order.
package struct ReportDocument: Sendable {
  /// The page's heading.
  package var title: String
  /// What the report is about, in one line: scenario, seed, platform.
  package var subtitle: String
  /// The figures that open the report, each a label and its value.
  package var headline: [(label: String, value: String)]
  /// The sections, in order.
  package var sections: [ReportSection]
  /// Whether a headline figure is good enough to decide on, by its label; figures without a
  /// verdict have no mark.
  package var verdicts: [String: Verdict] = [:]

  /// A headline figure's mark, with the reason people read beside it.
  package enum Verdict: Sendable, Equatable {
    /// Within what a decision needs, by its whole interval: "95 % interval within 90–110 %".
    case good(String)
    /// Outside it, by its whole interval.
    case poor(String)
    /// Neither can be said: one draw, or an interval reaching both sides of the bound.
    case open(String)

    var className: String {
      switch self {
      case .good: "good"
      case .poor: "poor"
      case .open: "open"
      }
    }
    var text: String {
      switch self {
      case .good(let why): "good: \(why)"
      case .poor(let why): "poor: \(why)"
      case .open(let why): "no verdict: \(why)"
      }
    }
  }

  /// The HTML page: inline CSS and inline SVG, no scripts and nothing fetched, so it opens the
  /// same from a disk, a mail or a CI artifact.
  package var html: String {
    var lines = [
      "<!DOCTYPE html>", #"<html lang="en">"#, "<head>", #"<meta charset="utf-8">"#,
      #"<meta name="viewport" content="width=device-width, initial-scale=1">"#,
      "<title>\(escaped(title))</title>", "<style>", Self.css, "</style>", "</head>", "<body>", "<header>",
      "<h1>\(escaped(title))</h1>", "<p>\(escaped(subtitle))</p>", "</header>",
    ]
    if !headline.isEmpty {
      lines.append(#"<section class="headline">"#)
      for (label, value) in headline {
        if let verdict = verdicts[label] {
          lines.append(
            #"<div class="stat \#(verdict.className)"><b>\#(escaped(value))</b><span>\#(escaped(label))</span>"#
              + #"<em>\#(escaped(verdict.text))</em></div>"#)
        } else {
          lines.append(#"<div class="stat"><b>\#(escaped(value))</b><span>\#(escaped(label))</span></div>"#)
        }
      }
      lines.append("</section>")
    }
    lines.append(#"<section class="charts">"#)
    for (index, section) in sections.enumerated() {
      if let chart = section.chart {
        lines.append("<figure>")
        lines.append(Self.uniqueIDs(chart.inlineSVG(), prefix: "chart\(index + 1)-").trimmingSuffix("\n"))
        if !section.table.isEmpty {
          lines += ["<details>", "<summary>Figures</summary>"] + htmlTable(section.table, poor: section.poorCells)
            + ["</details>"]
        }
        lines.append("</figure>")
      } else {
        lines += [#"<div class="table">"#, "<h2>\(escaped(section.title))</h2>", "<p>\(escaped(section.caption))</p>"]
        lines += [#"<div class="scroll">"#] + htmlTable(section.table, poor: section.poorCells) + ["</div>", "</div>"]
      }
    }
    lines += ["</section>", "</body>", "</html>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The Markdown: the headline as a table, then each section's heading, caption and table.
  package var markdown: String {
    var blocks = ["# \(markdownText(title))", markdownText(subtitle)]
    if !headline.isEmpty {
      // A verdict column only when some figure has one, so other reports keep their two columns.
      let marked = !verdicts.isEmpty
      blocks.append(
        markdownTable(
          [["figure", "value"] + (marked ? ["verdict"] : [])]
            + headline.map { [$0.label, $0.value] + (marked ? [verdicts[$0.label]?.text ?? ""] : []) }))
    }
    for section in sections {
      blocks.append("## \(markdownText(section.title))")
      if !section.caption.isEmpty { blocks.append(markdownText(section.caption)) }
      var table = section.table
      for cell in section.poorCells where table.indices.contains(cell.row) && table[cell.row].indices.contains(cell.column) {
        table[cell.row][cell.column] += " ⚠"
      }
      blocks.append(table.count > 1 ? markdownTable(table) : "No data.")
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  private func escaped(_ text: String) -> String { SVGWriter.escaped(text) }

  /// A table whose first column names the row and whose other columns hold figures.
  private func htmlTable(_ rows: [[String]], poor: Set<ReportSection.TableCell> = []) -> [String] {
    guard let header = rows.first else { return [] }
    var lines = ["<table>", "<tr>" + header.map { "<th>\(escaped($0))</th>" }.joined() + "</tr>"]
    for (index, row) in rows.enumerated().dropFirst() {
      let cells = row.indices.map { column in
        poor.contains(ReportSection.TableCell(row: index, column: column))
          ? #"<td class="poor">\#(escaped(row[column]))</td>"# : "<td>\(escaped(row[column]))</td>"
      }
      lines.append("<tr>" + cells.joined() + "</tr>")
    }
    if rows.count == 1 { lines.append(#"<tr><td colspan="\#(header.count)">no data</td></tr>"#) }
    lines.append("</table>")
    return lines
  }

  private func markdownTable(_ rows: [[String]]) -> String {
    guard let header = rows.first else { return "" }
    let rule = ["---"] + Array(repeating: "---:", count: max(header.count - 1, 0))
    return ([header, rule] + rows.dropFirst()).map { row in
      "| " + row.map(markdownText).joined(separator: " | ") + " |"
    }.joined(separator: "\n")
  }

  /// `text` on one line, with the characters Markdown would read as table or emphasis markup escaped.
  private func markdownText(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "|", "*", "_", "`", "\\", "<", "[", "]": result += "\\\(character)"
      case _ where character.isNewline: result += " "
      default: result.append(character)
      }
    }
    return result
  }

  /// `svg` with its ids and the references to them prefixed: ids are shared by the whole page, so
  /// two charts' `plot-area` clips would otherwise both resolve to the first one. Escaping keeps
  /// quotes out of text, so ` id="` and `"url(#` only ever start attributes.
  package static func uniqueIDs(_ svg: String, prefix: String) -> String {
    svg.replacingOccurrences(of: #" id=""#, with: #" id="\#(prefix)"#)
      .replacingOccurrences(of: #""url(#"#, with: #""url(#\#(prefix)"#)
  }

  /// Charts in a grid, two to a row on a wide screen, scaled to their column.
  package static let css = """
    body { margin: 0 auto; max-width: 1480px; padding: 20px 24px; background: #f4f5f7; color: #222222;
      font-family: Helvetica, Arial, sans-serif; }
    header h1 { margin: 0 0 4px; font-size: 26px; }
    header p { margin: 0; color: #555555; font-size: 15px; }
    .headline { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 10px;
      margin: 18px 0; }
    .stat, figure, .table { background: #ffffff; border: 1px solid #dddddd; border-radius: 6px; }
    .stat { padding: 10px 12px; }
    .stat b { display: block; font-size: 21px; }
    .stat span { color: #555555; font-size: 13px; }
    .stat em { display: block; font-size: 12px; font-style: normal; margin-top: 2px; }
    .stat.good { border-left: 5px solid #2e7d32; }
    .stat.good em { color: #2e7d32; }
    .stat.poor { border-left: 5px solid #c62828; background: #fdecea; }
    .stat.open { border-left: 5px solid #9e9e9e; }
    .stat.open em { color: #555555; }
    .stat.poor em { color: #c62828; }
    td.poor { color: #c62828; background: #fdecea; font-weight: bold; }
    .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(560px, 1fr)); gap: 14px; }
    figure { margin: 0; padding: 6px; }
    figure svg { display: block; width: 100%; height: auto; }
    details { margin: 0 8px 6px; font-size: 13px; color: #444444; overflow-x: auto; }
    .table { grid-column: 1 / -1; padding: 8px 14px; }
    .table h2 { font-size: 18px; margin: 6px 0; }
    .table p { color: #444444; font-size: 13px; margin: 0 0 8px; }
    .scroll { overflow-x: auto; }
    table { border-collapse: collapse; font-size: 12px; margin: 6px 0; }
    th, td { border: 1px solid #dddddd; padding: 2px 8px; text-align: right; white-space: nowrap; }
    th { background: #f0f0f0; }
    th:first-child, td:first-child { text-align: left; }
    """

  /// Each stored property as given; other targets of the package build it too.
  package init(title: String, subtitle: String, headline: [(label: String, value: String)], sections: [ReportSection]) {
    self.title = title
    self.subtitle = subtitle
    self.headline = headline
    self.sections = sections
  }
}

extension String {
  /// The string without one trailing `suffix`, when it has one.
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
