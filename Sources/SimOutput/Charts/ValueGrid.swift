import SimModel

/// The 64 fine conversion values as an 8 × 8 grid, 0–7 on the first row, each square shaded by
/// how often the value was carried: the view conversion studios give a schema's value use, where
/// unused values and crowded ones show at a glance.
public struct ValueGrid: SVGChart {
  /// The chart's heading.
  public var title: String
  /// A sentence under the grid saying what it shows.
  public var caption: String
  /// How many times each value 0–63 was carried.
  public var counts: [Int]

  /// A grid of `counts` (64 of them; missing ones count 0, extra ones are ignored).
  public init(title: String, caption: String, counts: [Int]) {
    self.title = title
    self.caption = caption
    self.counts = (0..<64).map { $0 < counts.count ? counts[$0] : 0 }
  }

  /// The SVG document.
  public func svg() -> String {
    let cell = 56
    let left = (ChartStyle.width - cell * 8) / 2
    let top = 52
    let captionLines = ChartStyle.captionLines(caption)
    let captionTop = top + cell * 8 + 34
    var svg = SVGWriter(width: ChartStyle.width, height: ChartStyle.height(captionTop: captionTop, captionLines: captionLines.count), title: title)
    ChartStyle.drawHeading(title, into: &svg)
    let most = counts.max() ?? 0
    if most == 0 {
      ChartStyle.drawNoData(x: Double(ChartStyle.width) / 2, y: Double(top + cell * 4), into: &svg)
    }
    for value in 0..<64 {
      let x = left + (value % 8) * cell, y = top + (value / 8) * cell
      let count = counts[value]
      // Shade by the square root of the share of the busiest value, so a value used a tenth as
      // often is still visibly in use; an unused value is white with a dashed edge.
      let strength = most > 0 ? (Double(count) / Double(most)).squareRoot() : 0
      svg.add(
        "rect",
        [
          "x": "\(x + 1)", "y": "\(y + 1)", "width": "\(cell - 2)", "height": "\(cell - 2)",
          "fill": count > 0 ? ChartStyle.colour(0) : "#ffffff",
          "fill-opacity": SVGWriter.number(count > 0 ? 0.12 + 0.88 * strength : 1, decimals: 3),
          "stroke": "#999999", "stroke-dasharray": count > 0 ? "none" : "3 3",
        ])
      let dark = strength > 0.55
      svg.add(
        "text",
        ["x": "\(x + cell / 2)", "y": "\(y + 22)", "text-anchor": "middle", "font-size": "13", "font-weight": "bold",
         "fill": dark ? "#ffffff" : "#000000"],
        text: "\(value)")
      svg.add(
        "text",
        ["x": "\(x + cell / 2)", "y": "\(y + 40)", "text-anchor": "middle", "font-size": "11",
         "fill": dark ? "#ffffff" : "#555555"],
        text: count > 0 ? DigitGrouping.text(count) : "–")
    }
    ChartStyle.drawCaption(captionLines, top: captionTop, into: &svg)
    return svg.document()
  }
}
