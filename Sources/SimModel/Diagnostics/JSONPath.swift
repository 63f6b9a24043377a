/// A JSON path such as `cohorts[2].events` or `decoding.campaigns[campaign=us-video].roasError`:
/// the one notation diagnostics, sweeps and expectations use.
package struct JSONPath: Sendable, Equatable, CustomStringConvertible {
  /// One step of a path.
  package enum Component: Sendable, Equatable {
    /// An object's member.
    case key(String)
    /// An array's element, from 0.
    case index(Int)
    /// The one element of an array of objects whose member `key` is the string or number `value`.
    case selector(key: String, value: String)
  }

  package let components: [Component]
  /// The path as written.
  package let description: String

  /// Parses `a.b[2].c` (and `a[key=value]` when `selectors` is set); nil when it is not of that
  /// shape. Indices are plain decimals: no sign, no leading zero.
  package init?(_ text: String, selectors: Bool = false) {
    var components: [Component] = []
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]") else { return nil }
        let inside = rest[rest.index(after: rest.startIndex)..<close]
        if let equals = inside.firstIndex(of: "=") {
          let key = inside[..<equals], value = inside[inside.index(after: equals)...]
          guard selectors, !key.isEmpty, !value.isEmpty else { return nil }
          components.append(.selector(key: String(key), value: String(value)))
        } else {
          guard !inside.isEmpty, inside.allSatisfy(\.isASCII), inside.allSatisfy(\.isNumber),
            inside == "0" || inside.first != "0", let index = Int(inside)
          else { return nil }
          components.append(.index(index))
        }
        rest = rest[rest.index(after: close)...]
        if rest.first == "." {
          rest = rest.dropFirst()
          if rest.isEmpty || rest.first == "[" { return nil }
        } else if let next = rest.first, next != "[" {
          return nil
        }
      } else {
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        guard end > rest.startIndex else { return nil }
        components.append(.key(String(rest[..<end])))
        rest = rest[end...]
        if rest.first == "." {
          rest = rest.dropFirst()
          if rest.isEmpty || rest.first == "[" { return nil }
        }
      }
    }
    guard !components.isEmpty else { return nil }
    self.components = components
    description = text
  }
}
