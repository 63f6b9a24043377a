@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

@Suite("SVG bar charts")
struct BarChartTests {
  /// True against decoded revenue for four campaigns, side by side.
  static let revenueChart = BarChart(
    title: "Revenue by campaign: true vs decoded",
    xLabel: "Campaign",
    yLabel: "Revenue over the run (USD)",
    caption: "Revenue the advertiser earned per campaign, next to the revenue it can decode from postback "
      + "conversion values. Decoding loses revenue that crowd anonymity hides or that falls outside the value schema.",
    categories: ["Spring sale", "Retargeting", "Brand video", "Lookalike"],
    series: [
      BarChart.Series(name: "true revenue", values: [12840, 9310.5, 4120, 7685.25]),
      BarChart.Series(name: "decoded revenue", values: [11975.4, 8020, 4390.75, 6110]),
    ])

  /// Fine, coarse and no conversion value per network size, stacked to 100%, with long category names.
  static let precisionChart = BarChart(
    title: "Conversion-value precision by network size",
    xLabel: "Ad network",
    yLabel: "Share of postbacks (%)",
    caption: "Share of postbacks carrying a fine conversion value, only a coarse one, or none, "
      + "as crowd anonymity tiers allow.",
    categories: [
      "Small network (5 publishers)", "Medium network (40 publishers)", "Large network (300 publishers)",
      "Very large network (2000 publishers)",
    ],
    series: [
      BarChart.Series(name: "fine value", values: [0.04, 0.21, 0.58, 0.83]),
      BarChart.Series(name: "coarse value only", values: [0.31, 0.47, 0.3, 0.14]),
      BarChart.Series(name: "no value", values: [0.65, 0.32, 0.12, 0.03]),
    ],
    layout: .stacked, yRange: 0...1, yFormat: .percent)

  static func chart(
    _ series: [BarChart.Series], categories: [String] = ["a", "b", "c"], layout: BarChart.Layout = .grouped,
    yRange: ClosedRange<Double>? = nil
  ) -> BarChart {
    BarChart(
      title: "t", xLabel: "x", yLabel: "y", categories: categories, series: series, layout: layout, yRange: yRange)
  }

  /// One bar as drawn: its rect, and the series and category its `<title>` names.
  struct Bar {
    var series: String
    var category: String
    var x, y, width, height: Double
  }

  /// Every bar in `svg`, in document order: each rect followed by a `<title>`.
  static func bars(_ svg: String) throws -> [Bar] {
    let all = try XMLElements(svg).all
    return zip(all, all.dropFirst()).compactMap { rect, title in
      guard rect.name == "rect", title.name == "title", let colon = title.text.lastIndex(of: ":") else { return nil }
      let names = title.text[..<colon].components(separatedBy: " · ")
      let number = { Double(rect.attributes[$0, default: ""]) ?? .nan }
      return Bar(
        series: names[0], category: names[1], x: number("x"), y: number("y"), width: number("width"),
        height: number("height"))
    }
  }

  /// To accept a deliberate change, run `UPDATE_GOLDEN=1 swift test --filter BarChart`: the test
  /// rewrites the golden files and fails, so a recording run is never mistaken for a passing one.
  /// Review the new files (render them) before committing them.
  @Test("the revenue and precision charts match their golden SVGs byte for byte",
        arguments: [("bar-chart-grouped.svg", BarChartTests.revenueChart),
                     ("bar-chart-stacked.svg", BarChartTests.precisionChart)])
  func golden(file: String, chart: BarChart) throws {
    let url = TestPaths.chartGoldens.appendingPathComponent(file)
    let actual = chart.svg()
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Data(actual.utf8).write(to: url)
      Issue.record("rewrote \(url.path); rerun without UPDATE_GOLDEN to check it")
      return
    }
    guard let expected = try? Data(contentsOf: url) else {
      Issue.record("\(url.path) is missing; create it with UPDATE_GOLDEN=1")
      return
    }
    // Bytes, not Strings: String equality would accept canonically equivalent but different text.
    if expected != Data(actual.utf8) {
      let difference = LineChartTests.firstDifference(String(decoding: expected, as: UTF8.self), actual)
      Issue.record(Comment(rawValue: difference))
    }
  }

  @Test("a stacked bar's top is its category's sum, and its segments meet without gaps")
  func stackedTops() throws {
    // On 0…10 over the 300-pixel plot, one unit is 30 pixels.
    let values: [[Double]] = [[1, 2, 0.5], [3, 4, 2.5], [2, 0, 4]]
    let series = values.enumerated().map { BarChart.Series(name: "s\($0.offset)", values: $0.element) }
    let bars = try Self.bars(Self.chart(series, layout: .stacked, yRange: 0...10).svg())
    #expect(bars.count == 9)
    let baseline = try #require(bars.map { $0.y + $0.height }.max())
    for (index, category) in ["a", "b", "c"].enumerated() {
      let stack = bars.filter { $0.category == category }.sorted { $0.y > $1.y }
      let sum = values.map { $0[index] }.reduce(0, +)
      #expect(abs((stack.map(\.y).min() ?? .nan) - (baseline - sum * 30)) < 0.02, "category \(category)")
      #expect(abs(stack[0].y + stack[0].height - baseline) < 0.02)
      for (lower, upper) in zip(stack, stack.dropFirst()) { #expect(abs(upper.y + upper.height - lower.y) < 0.02) }
      #expect(Set(stack.map(\.x)).count == 1, "a stack is one column")
    }
  }

  @Test("a fitted stacked axis reaches the tallest sum")
  func stackedFit() throws {
    let chart = Self.chart(
      [BarChart.Series(name: "p", values: [30, 10]), BarChart.Series(name: "q", values: [50, 5])],
      categories: ["a", "b"], layout: .stacked)
    let texts = try XMLElements(chart.svg()).texts
    #expect(texts.contains("80") && !texts.contains("100"), "ticks run from 0 to the 80 of a's stack")
    #expect(texts.contains("q · a: 50"))
  }

  @Test("grouped bars of a category sit side by side without overlapping, in series order")
  func groupedNoOverlap() throws {
    let series = (0..<4).map { index in
      BarChart.Series(name: "s\(index)", values: [1, 5, 3].map { $0 * Double(index + 1) })
    }
    let bars = try Self.bars(Self.chart(series).svg())
    #expect(bars.count == 12)
    let byCategory = Dictionary(grouping: bars, by: \.category)
    for (category, group) in byCategory {
      let ordered = group.sorted { $0.x < $1.x }
      #expect(ordered.map(\.series) == ["s0", "s1", "s2", "s3"], "category \(category)")
      for (left, right) in zip(ordered, ordered.dropFirst()) {
        #expect(left.x + left.width <= right.x + 0.011, "category \(category): \(left.series) overlaps \(right.series)")
      }
    }
    // Groups of neighbouring categories stay apart too.
    let edges = ["a", "b", "c"].map { category in
      let group = byCategory[category] ?? []
      return (group.map(\.x).min() ?? .nan, group.map { $0.x + $0.width }.max() ?? .nan)
    }
    for (left, right) in zip(edges, edges.dropFirst()) { #expect(left.1 < right.0) }
  }

  @Test("NaN, infinite and missing values draw no bar")
  func nonFiniteSkipped() throws {
    let chart = Self.chart([
      BarChart.Series(name: "p", values: [1, .nan, 3]),
      BarChart.Series(name: "q", values: [.infinity, 2]),
    ])
    let bars = try Self.bars(chart.svg())
    #expect(bars.map { "\($0.series) \($0.category)" } == ["p a", "p c", "q b"])
    #expect(try XMLElements(chart.svg()).named("rect").count == 3 + 1 + 2, "bars, background, legend swatches")
    var stacked = chart
    stacked.layout = .stacked
    #expect(try Self.bars(stacked.svg()).count == 3)
  }

  @Test("text is escaped: names with <&\" survive a round trip through an XML parser")
  func escaping() throws {
    let name = #"rev <&> "net""#, category = #"A&B <"x">"#
    var chart = Self.chart([BarChart.Series(name: name, values: [1]), BarChart.Series(name: "b", values: [2])],
                           categories: [category])
    chart.title = #"Revenue <&> "all""#
    let svg = chart.svg()
    #expect(svg.contains("rev &lt;&amp;&gt; &quot;net&quot;"))
    #expect(!svg.contains("<&>"))
    let texts = try XMLElements(svg).texts
    #expect(texts.contains(name), "legend entry")
    #expect(texts.contains(category), "category label")
    #expect(texts.contains("\(name) · \(category): 1"), "bar tooltip")
    #expect(texts.filter { $0 == chart.title }.count == 2)
  }

  @Test("inlineSVG is the document without its XML declaration, for both chart kinds")
  func inline() throws {
    let charts: [any SVGChart] = [Self.revenueChart, Self.precisionChart, LineChartTests.tierChart]
    for chart in charts {
      let inline = chart.inlineSVG()
      #expect(inline.hasPrefix("<svg "))
      #expect(!inline.contains("<?xml"))
      #expect(chart.svg() == SVGWriter.prolog + "\n" + inline)
      _ = try XMLElements(inline)
    }
  }

  @Test("long category names turn, and push the x label and caption down instead of overlapping them")
  func rotatedLabels() throws {
    let short = try XMLElements(Self.revenueChart.svg())
    #expect(!short.named("text").contains { $0.attributes["transform"]?.hasPrefix("rotate(-35") == true })

    let long = try XMLElements(Self.precisionChart.svg())
    let turned = long.named("text").filter { $0.attributes["transform"]?.hasPrefix("rotate(-35") == true }
    #expect(turned.map(\.text) == Self.precisionChart.categories)
    #expect(turned.allSatisfy { $0.attributes["text-anchor"] == "end" })
    // The lowest point of a turned label is its start: sin 35° of its width below the anchor.
    let lowest = turned.map { label in
      Double(label.attributes["y"]!)! + SVGWriter.estimatedWidth(label.text, fontSize: 11) * sin(35 * Double.pi / 180)
    }.max()!
    let xLabel = try #require(long.named("text").first { $0.text == "Ad network" })
    #expect(Double(xLabel.attributes["y"]!)! - 12 > lowest, "the x label's cap height clears the labels")
    // And no label starts off the page.
    for label in turned {
      let start = Double(label.attributes["x"]!)! - SVGWriter.estimatedWidth(label.text, fontSize: 11)
        * cos(35 * Double.pi / 180)
      #expect(start >= 0, "\(label.text)")
    }
  }

  @Test("one series has no legend; several do")
  func legend() throws {
    let one = try XMLElements(Self.chart([BarChart.Series(name: "only", values: [1, 2, 3])]).svg())
    #expect(!one.texts.contains("only"))
    #expect(try XMLElements(Self.revenueChart.svg()).texts.contains("decoded revenue"))
  }

  @Test("a chart without data still has axes and says \"no data\", and every chart is stable XML")
  func emptyAndWellFormed() throws {
    let empty = [
      Self.chart([]), Self.chart([BarChart.Series(name: "nan", values: [.nan, .nan])]),
      Self.chart([BarChart.Series(name: "s", values: [1])], categories: []),
    ]
    for chart in empty {
      let elements = try XMLElements(chart.svg())
      #expect(elements.texts.contains("no data"))
      #expect(elements.named("line").count > 4, "axis lines, grid lines and ticks")
    }
    for chart in empty + [Self.revenueChart, Self.precisionChart] {
      #expect(chart.svg() == chart.svg())
    }
    #expect(!Self.revenueChart.svg().contains("no data"))
  }
}
