@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("SVG line charts")
struct LineChartTests {
  /// Three tier-1 thresholds against daily installs: log x, percent y, one gap, and a title to escape.
  static let tierChart = LineChart(
    title: "Crowd anonymity: postbacks at tier 1 & above",
    xLabel: "Installs per campaign per day (log scale)",
    yLabel: "Share of postbacks at tier 1 or higher (%)",
    caption: "Share of postbacks whose install volume clears the tier-1 crowd threshold, for three thresholds. "
      + "The gap in the highest threshold marks a volume with no postbacks.",
    series: [
      series("tier-1 threshold 10", [(2, 0.12), (5, 0.31), (10, 0.52), (20, 0.71), (50, 0.88), (100, 0.94),
                                     (200, 0.97), (400, 0.99)]),
      series("tier-1 threshold 50", [(2, 0.02), (5, 0.06), (10, 0.14), (20, 0.3), (50, 0.55), (100, 0.74),
                                     (200, 0.87), (400, 0.95)]),
      series("tier-1 threshold 200", [(2, 0), (5, 0.01), (10, 0.03), (20, .nan), (50, 0.16), (100, 0.33),
                                      (200, 0.52), (400, 0.78)]),
    ],
    yRange: 0...1, xScale: .logarithmic, yFormat: .percent)

  static func series(_ name: String, _ points: [(Double, Double)]) -> LineChart.Series {
    LineChart.Series(name: name, points: points.map { LineChart.Point(x: $0.0, y: $0.1) })
  }

  static func chart(_ series: [LineChart.Series], title: String = "t", yFormat: LineChart.TickFormat = .number)
    -> LineChart
  {
    LineChart(title: title, xLabel: "x", yLabel: "y", series: series, yFormat: yFormat)
  }

  static let goldenURL = TestPaths.chartGoldens.appendingPathComponent("line-chart.svg")

  /// To accept a deliberate change, run `UPDATE_GOLDEN=1 swift test --filter LineChart`: the test
  /// rewrites the golden file and fails, so a recording run is never mistaken for a passing one.
  /// Review the new file (render it) before committing it.
  @Test("the tier chart matches the golden SVG byte for byte")
  func golden() throws {
    let actual = Self.tierChart.svg()
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Data(actual.utf8).write(to: Self.goldenURL)
      Issue.record("rewrote \(Self.goldenURL.path); rerun without UPDATE_GOLDEN to check it")
      return
    }
    guard let expected = try? Data(contentsOf: Self.goldenURL) else {
      Issue.record("\(Self.goldenURL.path) is missing; create it with UPDATE_GOLDEN=1")
      return
    }
    // Bytes, not Strings: String equality would accept canonically equivalent but different text.
    if expected != Data(actual.utf8) {
      Issue.record(Comment(rawValue: Self.firstDifference(String(decoding: expected, as: UTF8.self), actual)))
    }
  }

  /// The first line where `actual` departs from `expected`, to show in place of two whole documents.
  static func firstDifference(_ expected: String, _ actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(old, new).enumerated().first { !$1.0.utf8.elementsEqual($1.1.utf8) }?.offset
      ?? min(old.count, new.count)
    let show = { (lines: [Substring]) in line < lines.count ? String(lines[line]) : "<end of file>" }
    return "line \(line + 1) differs from the golden file\n  expected: \(show(old))\n  actual:   \(show(new))"
  }

  @Test("text is escaped: a title with <&> survives a round trip through an XML parser")
  func escaping() throws {
    let title = #"Installs <&> "quoted" 'single'"#
    let svg = Self.chart([Self.series("a<b", [(0, 1), (1, 2)])], title: title).svg()
    #expect(svg.contains("Installs &lt;&amp;&gt; &quot;quoted&quot; &apos;single&apos;"))
    #expect(!svg.contains("<&>"))
    #expect(svg.contains(">a&lt;b</text>"))
    let texts = try XMLElements(svg).texts
    #expect(texts.filter { $0 == title }.count == 2, "the <title> element and the visible heading")
    #expect(texts.contains("a<b"))
  }

  @Test("NaN and infinite points are skipped: the line breaks there and the point has no marker")
  func nonFinitePointsSkipped() throws {
    let trailing = try XMLElements(Self.chart([Self.series("s", [(1, 1), (2, 2), (3, 3), (4, .nan)])]).svg())
    #expect(trailing.polylinePointCounts == [3])
    #expect(trailing.named("circle").count == 3 + 1, "three points and the legend swatch")

    let middle = try XMLElements(Self.chart([Self.series("s", [(1, 1), (2, 2), (.infinity, 3), (4, 4), (5, 5)])]).svg())
    #expect(middle.polylinePointCounts == [2, 2])
  }

  @Test("points with x ≤ 0 are skipped on a log scale")
  func logScaleSkipsNonPositive() throws {
    var chart = Self.chart([Self.series("s", [(0, 1), (1, 2), (10, 3), (100, 4)])])
    chart.xScale = .logarithmic
    let elements = try XMLElements(chart.svg())
    #expect(elements.polylinePointCounts == [3])
    #expect(elements.texts.contains("100"))
  }

  @Test("linear ticks are 1, 2 or 5 × 10^k, widened outward to whole steps")
  func niceTicks() throws {
    let labels = { (values: [Double], format: LineChart.TickFormat) in
      ChartAxis.linear(values: values, fixed: nil, format: format).labels
    }
    #expect(labels([0, 0.87], .percent) == ["0%", "20%", "40%", "60%", "80%", "100%"])
    #expect(ChartAxis.linear(values: [0, 0.87], fixed: nil, format: .percent).domain == 0...1)
    #expect(labels([3, 47], .number) == ["0", "10", "20", "30", "40", "50"])
    #expect(labels([0.001, 0.0087], .percent) == ["0%", "0.2%", "0.4%", "0.6%", "0.8%", "1%"])
    #expect(labels([-12, 31], .number) == ["-20", "-10", "0", "10", "20", "30", "40"])
    #expect(labels([0.5], .number) == ["0", "0.1", "0.2", "0.3", "0.4", "0.5"], "one value: the axis starts at zero")

    let fixed = ChartAxis.linear(values: [0.3], fixed: 0...1, format: .percent)
    #expect(fixed.domain == 0...1)
    #expect(fixed.labels == ["0%", "20%", "40%", "60%", "80%", "100%"])

    let texts = try XMLElements(Self.chart([Self.series("s", [(0, 0), (1, 0.87)])], yFormat: .percent).svg()).texts
    #expect(["0%", "20%", "40%", "60%", "80%", "100%"].allSatisfy(texts.contains))
  }

  @Test("log ticks are 1, 2 and 5 × 10^k, and only decades when those would crowd")
  func logTicks() {
    let axis = ChartAxis.logarithmic(values: [3, 400])
    #expect(axis.labels == ["2", "5", "10", "20", "50", "100", "200", "500"])
    #expect(axis.domain == 2...500)
    #expect(ChartAxis.logarithmic(values: [0.03, 0.4]).labels == ["0.02", "0.05", "0.1", "0.2", "0.5"])
    #expect(ChartAxis.logarithmic(values: [1, 1_000_000]).labels
      == ["1", "10", "100", "1000", "10000", "100000", "1000000"])
    #expect(ChartAxis.logarithmic(values: [50]).labels == ["20", "50", "100"])
  }

  @Test("numbers are written without locale, trailing zeros or -0")
  func numbers() {
    #expect(SVGWriter.number(0.1 + 0.2) == "0.3")
    #expect(SVGWriter.number(12.5) == "12.5")
    #expect(SVGWriter.number(100) == "100")
    #expect(SVGWriter.number(-3.14159) == "-3.14")
    #expect(SVGWriter.number(-0.001) == "0")
    #expect(SVGWriter.number(0.05, decimals: 3) == "0.05")
    #expect(SVGWriter.number(.nan) == "0")
  }

  @Test("every chart parses as XML, and the same input gives the same bytes")
  func wellFormed() throws {
    let charts = [
      Self.tierChart, Self.chart([]), Self.chart([Self.series("only NaN", [(.nan, .nan)])]),
      Self.chart([Self.series("control\u{1}character", [(1, 1)])]),
    ]
    for chart in charts {
      let elements = try XMLElements(chart.svg())
      #expect(elements.named("svg").first?.attributes["xmlns"] == "http://www.w3.org/2000/svg")
      #expect(chart.svg() == chart.svg())
    }
  }

  @Test("a chart without data still has axes and says \"no data\"")
  func empty() throws {
    for chart in [Self.chart([]), Self.chart([Self.series("empty", [])])] {
      let elements = try XMLElements(chart.svg())
      #expect(elements.texts.contains("no data"))
      #expect(elements.named("line").count > 4, "axis lines, grid lines and ticks")
      #expect(elements.named("polyline").isEmpty)
    }
    #expect(!Self.tierChart.svg().contains("no data"))
  }
}
