/// What every chart of a report shares, so the charts look alike and change together: colours,
/// heading, legend, "no data" and caption.
package enum ChartStyle {
  /// Okabe–Ito colours, which stay distinct under the common colour-vision deficiencies.
  /// Yellow goes last because it is faint on white.
  package static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

  /// The document's width in pixels; the height grows with the legend and caption.
  package static let width = 720

  /// The colour of the series at `index`; past the palette's end the colours repeat.
  package static func colour(_ index: Int) -> String { palette[index % palette.count] }

  /// The white background and the centred bold heading that open every chart.
  package static func drawHeading(_ title: String, into svg: inout SVGWriter) {
    svg.add("rect", ["width": "100%", "height": "100%", "fill": "#ffffff"])
    svg.add(
      "text", ["x": "\(width / 2)", "y": "28", "text-anchor": "middle", "font-size": "16", "font-weight": "bold"],
      text: title)
  }

  /// Grey "no data" centred on (`x`, `y`), so an empty plot does not pass for a broken one.
  package static func drawNoData(x: Double, y: Double, into svg: inout SVGWriter) {
    svg.add(
      "text",
      ["x": SVGWriter.number(x), "y": SVGWriter.number(y), "text-anchor": "middle", "font-size": "14",
       "fill": "#777777"],
      text: "no data")
  }

  /// `caption` wrapped to the document's width less its margins.
  package static func captionLines(_ caption: String) -> [String] {
    wrapped(caption, width: Double(width - 48), fontSize: 12)
  }

  /// The caption's lines, the first with its baseline at `top`.
  package static func drawCaption(_ lines: [String], top: Int, into svg: inout SVGWriter) {
    for (index, line) in lines.enumerated() {
      svg.add("text", ["x": "24", "y": "\(top + index * 16)", "font-size": "12", "fill": "#444444"], text: line)
    }
  }

  /// The plot's frame: light gridlines, dark axes with ticks, tick labels and both axis titles.
  ///
  /// - Parameters:
  ///   - verticalGrid: whether each x tick also gets a gridline (a line chart's, not a bar chart's).
  ///   - zeroY: where a firm zero line is drawn across the plot, if any.
  ///   - xTickLabels: draws the x tick labels, which each chart places its own way.
  package static func drawFrame(
    left: Double, right: Double, top: Double, bottom: Double, xTicks: [Double], verticalGrid: Bool, zeroY: Double?,
    yTicks: [Double], yTickLabels: [String], xTitle: String, xTitleY: Double, yTitle: String,
    into svg: inout SVGWriter, xTickLabels: (inout SVGWriter) -> Void
  ) {
    svg.open("g", ["stroke": "#e6e6e6", "stroke-width": "1"])
    if verticalGrid { for x in xTicks { svg.add("line", ["x1": n(x), "y1": n(top), "x2": n(x), "y2": n(bottom)]) } }
    for y in yTicks { svg.add("line", ["x1": n(left), "y1": n(y), "x2": n(right), "y2": n(y)]) }
    svg.close("g")

    svg.open("g", ["stroke": "#333333", "stroke-width": "1"])
    svg.add("line", ["x1": n(left), "y1": n(bottom), "x2": n(right), "y2": n(bottom)])
    svg.add("line", ["x1": n(left), "y1": n(top), "x2": n(left), "y2": n(bottom)])
    if let zeroY { svg.add("line", ["x1": n(left), "y1": n(zeroY), "x2": n(right), "y2": n(zeroY)]) }
    for x in xTicks { svg.add("line", ["x1": n(x), "y1": n(bottom), "x2": n(x), "y2": n(bottom + 5)]) }
    for y in yTicks { svg.add("line", ["x1": n(left - 5), "y1": n(y), "x2": n(left), "y2": n(y)]) }
    svg.close("g")

    svg.open("g", ["font-size": "11", "fill": "#333333"])
    xTickLabels(&svg)
    for (y, label) in zip(yTicks, yTickLabels) {
      svg.add("text", ["x": n(left - 8), "y": n(y + 4), "text-anchor": "end"], text: label)
    }
    svg.close("g")

    let middleX = (left + right) / 2, middleY = (top + bottom) / 2
    svg.add("text", ["x": n(middleX), "y": n(xTitleY), "text-anchor": "middle", "font-size": "12"], text: xTitle)
    svg.add(
      "text",
      ["x": "18", "y": n(middleY), "transform": "rotate(-90 18 \(n(middleY)))", "text-anchor": "middle", "font-size": "12"],
      text: yTitle)
  }

  /// The document's height when `captionLines` lines of caption start at baseline `captionTop`.
  package static func height(captionTop: Int, captionLines: Int) -> Int { captionTop - 6 + captionLines * 16 }

  /// `text` broken at spaces into lines that fit `width`; a word longer than a line keeps its own line.
  package static func wrapped(_ text: String, width: Double, fontSize: Double) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if !current.isEmpty && SVGWriter.estimatedWidth(candidate, fontSize: fontSize) > width {
        lines.append(current)
        current = String(word)
      } else {
        current = candidate
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// A swatch and name per series, in rows between the heading and the plot.
  package struct Legend {
    /// How an entry shows its series' colour.
    package enum Swatch {
      /// A line with a marker, as a line chart draws the series.
      case line
      /// A filled square, as a bar chart draws the series.
      case box

      /// The swatch's width; the name starts 6 pixels after it.
      package var width: Double { self == .line ? 22 : 12 }
    }

    /// The series' names, in drawing order.
    package let names: [String]
    /// How each entry shows its colour.
    package let swatch: Swatch
    /// Each entry's offset from the plot's left edge and its row, filling rows left to right.
    package let places: [(x: Double, row: Int)]

    /// Entries for `names` laid out to fit `available` pixels per row.
    package init(names: [String], swatch: Swatch, width available: Double) {
      self.names = names
      self.swatch = swatch
      var places: [(x: Double, row: Int)] = []
      var x = 0.0, row = 0
      for name in names {
        let width = swatch.width + 6 + SVGWriter.estimatedWidth(name, fontSize: 12)
        if x > 0 && x + width > available { (x, row) = (0, row + 1) }
        places.append((x, row))
        x += width + 20
      }
      self.places = places
    }

    /// How many rows the entries take; none without entries.
    package var rows: Int { places.map { $0.row + 1 }.max() ?? 0 }

    /// The entries, offset by `left`, with the first row's baseline at 56.
    package func draw(left: Double, into svg: inout SVGWriter) {
      svg.open("g", ["font-size": "12"])
      for (index, place) in places.enumerated() {
        let colour = ChartStyle.colour(index)
        let x = left + place.x, baseline = 56 + Double(place.row) * 20
        switch swatch {
        case .line:
          svg.add(
            "line",
            ["x1": n(x), "y1": n(baseline - 4), "x2": n(x + 22), "y2": n(baseline - 4), "stroke": colour,
             "stroke-width": "2"])
          svg.add("circle", ["cx": n(x + 11), "cy": n(baseline - 4), "r": "3", "fill": colour])
        case .box:
          svg.add("rect", ["x": n(x), "y": n(baseline - 10), "width": "12", "height": "12", "fill": colour])
        }
        svg.add("text", ["x": n(x + swatch.width + 6), "y": n(baseline)], text: names[index])
      }
      svg.close("g")
    }
  }
}

/// A coordinate with at most two decimals.
private func n(_ value: Double) -> String { SVGWriter.number(value) }
