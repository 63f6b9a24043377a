/// Builds an SVG document one element per line, escaping every attribute value and text.
package struct SVGWriter {
  private var lines: [String]

  /// The XML declaration that opens a standalone document.
  package static let prolog = #"<?xml version="1.0" encoding="UTF-8"?>"#

  /// A document of the given size, opened with its accessible `title`.
  package init(width: Int, height: Int, title: String) {
    lines = [
      Self.prolog,
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" "#
        + #"viewBox="0 0 \#(width) \#(height)" font-family="Helvetica, Arial, sans-serif">"#,
      "<title>\(Self.escaped(title))</title>",
    ]
  }

  /// `<name …/>`, or `<name …>text</name>` when there is text.
  package mutating func add(_ name: String, _ attributes: KeyValuePairs<String, String>, text: String? = nil) {
    let start = "<\(name)\(Self.attributes(attributes))"
    lines.append(text.map { "\(start)>\(Self.escaped($0))</\(name)>" } ?? start + "/>")
  }

  /// `<name …>`, to be closed by ``close(_:)`` after its children.
  package mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String>) {
    lines.append("<\(name)\(Self.attributes(attributes))>")
  }

  /// `</name>`.
  package mutating func close(_ name: String) { lines.append("</\(name)>") }

  /// The finished document, ending in a newline.
  package func document() -> String { (lines + ["</svg>"]).joined(separator: "\n") + "\n" }

  /// `document` without its opening ``prolog`` line, for embedding in HTML; other text is returned as is.
  package static func inline(_ document: String) -> String {
    document.hasPrefix(prolog + "\n") ? String(document.dropFirst(prolog.count + 1)) : document
  }

  private static func attributes(_ attributes: KeyValuePairs<String, String>) -> String {
    attributes.map { " \($0.key)=\"\(escaped($0.value))\"" }.joined()
  }

  /// `text` safe inside an element or a quoted attribute.
  ///
  /// Control characters other than tab and line breaks are dropped: XML 1.0 cannot hold them
  /// even escaped, and one stray byte in a series name must not make the whole document invalid.
  package static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `value` rounded to at most `decimals` places, without trailing zeros, "-0" or locale.
  ///
  /// `String(format:)` and `Double.description` would either depend on the locale or print
  /// noise such as "0.30000000000000004", so the digits are built from an integer.
  package static func number(_ value: Double, decimals: Int = 2) -> String {
    guard value.isFinite else { return "0" }
    let decimals = max(0, min(decimals, 12))
    var scale: Int64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * Double(scale)).rounded()
    // Beyond 2^53 the integer path gains nothing; such values only reach tick labels.
    guard abs(scaled) < 9e15 else { return value.description }
    let units = Int64(abs(scaled))
    var text = String(units / scale)
    var fraction = units % scale
    if fraction != 0 {
      var digits = decimals
      while fraction % 10 == 0 {
        fraction /= 10
        digits -= 1
      }
      let fractionText = String(fraction)
      text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
    return units == 0 || scaled > 0 ? text : "-" + text
  }

  /// Rough width of `text` in a sans-serif face, enough to place labels without measuring glyphs.
  package static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
    Double(text.count) * fontSize * 0.6
  }
}
