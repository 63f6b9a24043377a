import Foundation

/// A bar chart written as a standalone SVG document: no dependencies, byte-identical for equal input.
///
/// Like ``LineChart`` it lays text out from estimated widths, so it holds for the short titles,
/// category labels and series names of run reports, not for arbitrary prose.
public struct BarChart: SVGChart {
  /// One named set of bars, one value per category.
  public struct Series: Sendable, Equatable {
    /// The name shown in the legend and in each bar's tooltip.
    public var name: String
    /// The value for each category, in the categories' order; a NaN, infinite or missing value draws no bar.
    public var values: [Double]

    /// A series of `values` called `name`.
    public init(name: String, values: [Double]) {
      self.name = name
      self.values = values
    }
  }

  /// How the series share a category's place on the x axis.
  public enum Layout: Sendable, Equatable {
    /// Side by side, each bar rising from zero.
    case grouped
    /// One on another, so a category's bar is as tall as its sum; negative values stack down from zero.
    case stacked
  }

  /// The heading above the chart.
  public var title: String
  /// The horizontal axis's label, naming what the categories are.
  public var xLabel: String
  /// The vertical axis's label, with its unit.
  public var yLabel: String
  /// A sentence under the chart saying what it shows; empty for none.
  public var caption: String
  /// The categories along the x axis, left to right.
  public var categories: [String]
  /// The bars of each category, drawn and coloured in this order.
  public var series: [Series]
  /// Whether a category's bars stand side by side or on one another.
  public var layout: Layout
  /// The vertical axis's extent; nil to fit the bars and zero, widened to round tick values.
  public var yRange: ClosedRange<Double>?
  /// How y tick labels and bar values are written.
  public var yFormat: LineChart.TickFormat

  /// A chart with every part given; only the labels, categories and series are required.
  public init(
    title: String, xLabel: String, yLabel: String, caption: String = "", categories: [String], series: [Series],
    layout: Layout = .grouped, yRange: ClosedRange<Double>? = nil, yFormat: LineChart.TickFormat = .number
  ) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.caption = caption
    self.categories = categories
    self.series = series
    self.layout = layout
    self.yRange = yRange
    self.yFormat = yFormat
  }

  /// The complete SVG document, ending in a newline.
  public func svg() -> String {
    let bars = self.bars()
    // Zero is always on the axis: a bar's length means nothing unless it starts there.
    let y = ChartAxis.linear(values: bars.flatMap { [$0.low, $0.high] } + [0], fixed: yRange, format: yFormat)

    // Top to bottom: title, legend rows, plot, category labels, x label, caption lines.
    // The left margin widens with the y tick labels so they never reach the rotated y label.
    let widestYLabel = y.labels.map { SVGWriter.estimatedWidth($0, fontSize: 11) }.max() ?? 0
    var left = max(64, 36 + widestYLabel + 10)
    let right = Double(ChartStyle.width - 24)
    // One series needs no legend: the title and y label already name it.
    let legend = ChartStyle.Legend(names: series.count > 1 ? series.map(\.name) : [], swatch: .box, width: right - left)
    let top = 52 + Double(legend.rows) * 20

    // Category labels turn to -35° once the widest would crowd its neighbour. A turned label hangs
    // sin 35° of its width below the axis, so the x label moves down by as much; it also reaches
    // cos 35° of its width left of its category, so the first one may push the plot right to stay
    // on the page.
    let count = Double(max(categories.count, 1))
    let widest = categories.map { SVGWriter.estimatedWidth($0, fontSize: 11) }.max() ?? 0
    let rotated = widest > (right - left) / count - 8
    if rotated, let first = categories.first {
      let reach = 8 + SVGWriter.estimatedWidth(first, fontSize: 11) * cos(35 * Double.pi / 180)
      left = max(left, (reach - right / (2 * count)) / (1 - 1 / (2 * count)))
    }
    let xLabelOffset = rotated ? (32 + widest * sin(35 * Double.pi / 180)).rounded(.up) : 40
    let plot = Plot(y: y, left: left, right: right, top: top, bottom: top + 300, count: count)
    let captionLines = ChartStyle.captionLines(caption)
    let captionTop = Int(plot.bottom + xLabelOffset) + 26

    var svg = SVGWriter(
      width: ChartStyle.width, height: ChartStyle.height(captionTop: captionTop, captionLines: captionLines.count),
      title: title)
    ChartStyle.drawHeading(title, into: &svg)
    drawAxes(plot, rotated: rotated, xLabelOffset: xLabelOffset, into: &svg)
    drawBars(bars, plot, into: &svg)
    if bars.isEmpty { ChartStyle.drawNoData(x: plot.middleX, y: plot.middleY, into: &svg) }
    legend.draw(left: left, into: &svg)
    ChartStyle.drawCaption(captionLines, top: captionTop, into: &svg)
    return svg.document()
  }

  /// One bar in data units: it spans `low` to `high`, and stands for `value`.
  private struct Bar {
    var series: Int
    var category: Int
    var value: Double
    var low: Double
    var high: Double
  }

  /// Where the plot area sits in the document, and how categories and values map into it.
  private struct Plot {
    var y: ChartAxis
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double
    /// How many categories share the width; at least one, so an empty chart still has a scale.
    var count: Double

    var middleX: Double { (left + right) / 2 }
    var middleY: Double { (top + bottom) / 2 }
    /// The width given to each category, bars and the gaps around them.
    var slot: Double { (right - left) / count }
    func centre(_ category: Int) -> Double { left + (Double(category) + 0.5) * slot }
    /// Clamped to the plot, so a bar past a fixed yRange stops at its edge instead of covering the labels.
    func py(_ value: Double) -> Double { min(max(bottom - y.fraction(of: value) * (bottom - top), top), bottom) }
  }

  /// Horizontal grid lines, axis lines, tick marks, tick and category labels, and axis labels.
  private func drawAxes(_ plot: Plot, rotated: Bool, xLabelOffset: Double, into svg: inout SVGWriter) {
    let xs = categories.indices.map(plot.centre)
    // With negative bars on the axis, zero is where they all start, so it is drawn as firmly as the axes.
    let crossesZero = plot.y.domain.lowerBound < 0 && plot.y.domain.upperBound > 0
    ChartStyle.drawFrame(
      left: plot.left, right: plot.right, top: plot.top, bottom: plot.bottom, xTicks: xs, verticalGrid: false,
      zeroY: crossesZero ? plot.py(0) : nil, yTicks: plot.y.ticks.map(plot.py), yTickLabels: plot.y.labels,
      xTitle: xLabel, xTitleY: plot.bottom + xLabelOffset, yTitle: yLabel, into: &svg
    ) { svg in
      for (x, label) in zip(xs, categories) {
        if rotated {
          // Anchored at the end, so each label finishes just under its tick and hangs down to the left.
          let (lx, ly) = (n(x + 3), n(plot.bottom + 14))
          svg.add("text", ["x": lx, "y": ly, "transform": "rotate(-35 \(lx) \(ly))", "text-anchor": "end"], text: label)
        } else {
          svg.add("text", ["x": n(x), "y": n(plot.bottom + 18), "text-anchor": "middle"], text: label)
        }
      }
    }
  }


  /// One group per series: a rect per bar, each titled with its series, category and value for hovering.
  private func drawBars(_ bars: [Bar], _ plot: Plot, into svg: inout SVGWriter) {
    // The bars of a category fill three quarters of its slot, leaving a gap between categories,
    // but no bar grows wider than 64 pixels, so a few categories do not turn into blocks.
    let perSlot = layout == .grouped ? Double(max(series.count, 1)) : 1
    let width = min(plot.slot * 0.75 / perSlot, 64)
    for (index, line) in series.enumerated() {
      svg.open("g", ["fill": ChartStyle.colour(index)])
      for bar in bars where bar.series == index {
        let offset = layout == .grouped ? Double(index) - perSlot / 2 : -0.5
        let top = plot.py(bar.high), bottom = plot.py(bar.low)
        svg.open(
          "rect",
          ["x": n(plot.centre(bar.category) + offset * width), "y": n(top), "width": n(width),
           "height": n(bottom - top)])
        svg.add("title", [:], text: "\(line.name) · \(categories[bar.category]): \(formatted(bar.value))")
        svg.close("rect")
      }
      svg.close("g")
    }
  }

  /// Every drawable bar: grouped ones span zero to their value; stacked ones sit on the bars before
  /// them in their category, positive values upward and negative ones downward.
  private func bars() -> [Bar] {
    var bars: [Bar] = []
    for category in categories.indices {
      var up = 0.0, down = 0.0
      for (index, line) in series.enumerated() {
        guard category < line.values.count, line.values[category].isFinite else { continue }
        let value = line.values[category]
        var bar = Bar(series: index, category: category, value: value, low: min(0, value), high: max(0, value))
        if layout == .stacked && value >= 0 {
          (bar.low, bar.high, up) = (up, up + value, up + value)
        } else if layout == .stacked {
          (bar.low, bar.high, down) = (down + value, down, down + value)
        }
        bars.append(bar)
      }
    }
    return bars
  }

  /// A bar's value as its tooltip shows it: more precise than the ticks, in the same unit.
  private func formatted(_ value: Double) -> String {
    switch yFormat {
    case .number: SVGWriter.number(value, decimals: 4)
    case .percent: SVGWriter.number(value * 100, decimals: 2) + "%"
    case .date(let epoch): ChartAxis.dayLabel(value, after: epoch)
    }
  }
}

/// A coordinate with at most two decimals.
private func n(_ value: Double) -> String { SVGWriter.number(value) }
