import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed SVG document's elements in document order, with the text directly inside each.
struct XMLElements {
  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  let all: [Element]

  /// Throws when Foundation's parser finds the document malformed.
  init(_ svg: String) throws {
    let collector = Collector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    guard parser.parse() else {
      throw ParseError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
    }
    all = collector.elements
  }

  func named(_ name: String) -> [Element] { all.filter { $0.name == name } }
  var texts: [String] { all.filter { $0.name == "text" || $0.name == "title" }.map(\.text) }
  /// How many points each polyline joins, in document order.
  var polylinePointCounts: [Int] {
    named("polyline").map { $0.attributes["points", default: ""].split(separator: " ").count }
  }

  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    private var open: Int?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements.append(Element(name: elementName, attributes: attributes))
      open = elements.count - 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
      open = nil
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if let open { elements[open].text += string }
    }
  }
}
