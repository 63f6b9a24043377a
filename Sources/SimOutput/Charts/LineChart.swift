import SimModel

/// A line chart written as a standalone SVG document: no dependencies, byte-identical for equal input.
///
/// Layout is computed from estimated text widths rather than measured glyphs, so it holds for
/// the short titles, labels and series names of run reports, not for arbitrary prose.
public struct LineChart: SVGChart {
  /// One data point; a NaN or infinite coordinate leaves a gap in its line.
  public struct Point: Sendable, Equatable {
    /// The horizontal value.
    public var x: Double
    /// The vertical value.
    public var y: Double
    /// An interval around `y` (a confidence interval), drawn as an error bar; nil for none.
    public var interval: ClosedRange<Double>?

    /// A point at (`x`, `y`), with an error bar over `interval` when given.
    public init(x: Double, y: Double, interval: ClosedRange<Double>? = nil) {
      self.x = x
      self.y = y
      self.interval = interval
    }
  }

  /// One named line.
  public struct Series: Sendable, Equatable {
    /// The name shown in the legend.
    public var name: String
    /// The points, joined in this order.
    public var points: [Point]

    /// A series of `points` called `name`.
    public init(name: String, points: [Point]) {
      self.name = name
      self.points = points
    }
  }

  /// How x values map to horizontal positions.
  public enum Scale: Sendable, Equatable {
    /// Equal differences take equal space.
    case linear
    /// Equal ratios take equal space (base 10); points with x ≤ 0 are skipped.
    case logarithmic
  }

  /// How tick labels are written.
  public enum TickFormat: Sendable, Equatable {
    /// The value itself: 0.25 is "0.25".
    case number
    /// The value as a percentage of 1: 0.25 is "25%".
    case percent
    /// The value as whole days after `epoch`, written as the date: 7 after 2026-03-02 is "Mar 9".
    case date(epoch: Epoch)
  }

  /// The heading above the chart.
  public var title: String
  /// The horizontal axis's label, with its unit.
  public var xLabel: String
  /// The vertical axis's label, with its unit.
  public var yLabel: String
  /// A sentence under the chart saying what it shows; empty for none.
  public var caption: String
  /// The lines, drawn and coloured in this order.
  public var series: [Series]
  /// The vertical axis's extent; nil to fit the data, widened to round tick values.
  public var yRange: ClosedRange<Double>?
  /// How x values map to horizontal positions.
  public var xScale: Scale
  /// How y tick labels are written.
  public var yFormat: TickFormat
  /// How x tick labels are written (linear scale only).
  public var xFormat: TickFormat = .number

  /// A chart with every part given; only the labels and series are required.
  public init(
    title: String, xLabel: String, yLabel: String, caption: String = "", series: [Series],
    yRange: ClosedRange<Double>? = nil, xScale: Scale = .linear, yFormat: TickFormat = .number
  ) {
    self.title = title
    self.xLabel = xLabel
    self.yLabel = yLabel
    self.caption = caption
    self.series = series
    self.yRange = yRange
    self.xScale = xScale
    self.yFormat = yFormat
  }

  /// The complete SVG document, ending in a newline.
  public func svg() -> String {
    let drawn = series.flatMap(\.points).filter(isDrawable)
    let x = xScale == .linear
      ? ChartAxis.linear(values: drawn.map(\.x), fixed: nil, format: xFormat)
      : ChartAxis.logarithmic(values: drawn.map(\.x))
    let ends = drawn.compactMap(\.interval).flatMap { [$0.lowerBound, $0.upperBound] }.filter(\.isFinite)
    let y = ChartAxis.linear(values: drawn.map(\.y) + ends, fixed: yRange, format: yFormat)

    // Top to bottom: title, legend rows, plot, x tick labels, x label, caption lines.
    // The left margin widens with the y tick labels so they never reach the rotated y label.
    let widestYLabel = y.labels.map { SVGWriter.estimatedWidth($0, fontSize: 11) }.max() ?? 0
    let left = max(64, 36 + widestYLabel + 10), right = Double(ChartStyle.width - 24)
    let legend = ChartStyle.Legend(names: series.map(\.name), swatch: .line, width: right - left)
    let top = 52 + Double(legend.rows) * 20
    let plot = Plot(x: x, y: y, left: left, right: right, top: top, bottom: top + 300)
    let captionLines = ChartStyle.captionLines(caption)
    let captionTop = Int(plot.bottom) + 66

    var svg = SVGWriter(
      width: ChartStyle.width, height: ChartStyle.height(captionTop: captionTop, captionLines: captionLines.count),
      title: title)
    ChartStyle.drawHeading(title, into: &svg)
    drawAxes(plot, into: &svg)
    drawSeries(plot, into: &svg)
    if drawn.isEmpty { ChartStyle.drawNoData(x: plot.middleX, y: plot.middleY, into: &svg) }
    legend.draw(left: left, into: &svg)
    ChartStyle.drawCaption(captionLines, top: captionTop, into: &svg)
    return svg.document()
  }

  /// Where the plot area sits in the document, and how data values map into it.
  private struct Plot {
    var x: ChartAxis
    var y: ChartAxis
    var left: Double
    var right: Double
    var top: Double
    var bottom: Double

    var middleX: Double { (left + right) / 2 }
    var middleY: Double { (top + bottom) / 2 }
    func px(_ value: Double) -> Double { left + x.fraction(of: value) * (right - left) }
    func py(_ value: Double) -> Double { bottom - y.fraction(of: value) * (bottom - top) }
  }

  /// Grid lines, axis lines, tick marks, tick labels and axis labels.
  private func drawAxes(_ plot: Plot, into svg: inout SVGWriter) {
    let xs = plot.x.ticks.map(plot.px)
    ChartStyle.drawFrame(
      left: plot.left, right: plot.right, top: plot.top, bottom: plot.bottom, xTicks: xs, verticalGrid: true, zeroY: nil,
      yTicks: plot.y.ticks.map(plot.py), yTickLabels: plot.y.labels, xTitle: xLabel, xTitleY: plot.bottom + 40,
      yTitle: yLabel, into: &svg
    ) { svg in
      for (x, label) in zip(xs, plot.x.labels) {
        svg.add("text", ["x": n(x), "y": n(plot.bottom + 18), "text-anchor": "middle"], text: label)
      }
    }
  }


  /// One group per series: a polyline per run of drawable points, and a marker at each point.
  private func drawSeries(_ plot: Plot, into svg: inout SVGWriter) {
    // Clipped to the plot plus a marker's radius, so points outside a fixed yRange stay off the
    // labels while points on the edge keep their whole marker.
    svg.open("clipPath", ["id": "plot-area"])
    svg.add(
      "rect",
      ["x": n(plot.left - 4), "y": n(plot.top - 4), "width": n(plot.right - plot.left + 8),
       "height": n(plot.bottom - plot.top + 8)])
    svg.close("clipPath")
    svg.open("g", ["clip-path": "url(#plot-area)"])
    for (index, line) in series.enumerated() {
      let colour = ChartStyle.colour(index)
      svg.open("g", ["fill": colour, "stroke": colour])
      for run in line.points.split(whereSeparator: { !isDrawable($0) }) where run.count > 1 {
        let points = run.map { "\(n(plot.px($0.x))),\(n(plot.py($0.y)))" }.joined(separator: " ")
        svg.add("polyline", ["points": points, "fill": "none", "stroke-width": "2", "stroke-linejoin": "round"])
      }
      for point in line.points where isDrawable(point) {
        if let interval = point.interval, interval.lowerBound.isFinite, interval.upperBound.isFinite {
          // An error bar: the interval's span with a short cap at each end.
          let (x, low, high) = (plot.px(point.x), plot.py(interval.lowerBound), plot.py(interval.upperBound))
          svg.add("line", ["x1": n(x), "y1": n(low), "x2": n(x), "y2": n(high), "stroke-width": "1"])
          for end in [low, high] {
            svg.add("line", ["x1": n(x - 4), "y1": n(end), "x2": n(x + 4), "y2": n(end), "stroke-width": "1"])
          }
        }
        svg.add("circle", ["cx": n(plot.px(point.x)), "cy": n(plot.py(point.y)), "r": "3"])
      }
      svg.close("g")
    }
    svg.close("g")
  }

  /// Whether a point can be placed: both coordinates finite, and x positive on a log scale.
  private func isDrawable(_ point: Point) -> Bool {
    point.x.isFinite && point.y.isFinite && (xScale == .linear || point.x > 0)
  }
}

/// A coordinate with at most two decimals.
private func n(_ value: Double) -> String { SVGWriter.number(value) }
