/// A chart that can be written as SVG, either as its own file or inside an HTML page.
public protocol SVGChart: Sendable {
  /// The complete SVG document, starting with its XML declaration and ending in a newline.
  func svg() -> String
}

extension SVGChart {
  /// The same document without its `<?xml …?>` line, for embedding in HTML, where a declaration is an error.
  public func inlineSVG() -> String { SVGWriter.inline(svg()) }
}
