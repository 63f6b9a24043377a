import DidYouMean
import SimJSON

/// A figure of `summary.json` named by its JSON path: `installs.attributed`,
/// `postbacks.bySequenceIndex.0.fine`, `decoding.campaigns[campaign=us-video].roasError`.
public struct SummaryPath: Sendable, Equatable, CustomStringConvertible {
  package let path: JSONPath

  /// Parses a path; nil when it is not of the shape `a.b[2].c[key=value]`.
  public init?(_ text: String) {
    guard let path = JSONPath(text, selectors: true) else { return nil }
    self.path = path
  }

  /// The path as written.
  public var description: String { path.description }

  /// The number at this path in `summary`, or why there is none (with a suggestion when a key
  /// looks misspelt).
  package func number(in summary: JSONValue) -> Result<Double, FigureError> {
    var value = summary
    var walked = ""
    for component in path.components {
      switch (component, value) {
      case (.key(let key), .object(let members)):
        guard let next = members[key] else {
          let hint = Suggestion.closest(to: key, among: Array(members.keys)).map { "; did you mean '\($0)'?" } ?? ""
          let keys = members.keys.sorted().joined(separator: ", ")
          return .failure(FigureError("summary.json has no '\(key)' under '\(walked.isEmpty ? "(top)" : walked)'\(hint) (it has \(keys))"))
        }
        value = next
        walked += walked.isEmpty ? key : ".\(key)"
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else {
          return .failure(FigureError("'\(walked)' has \(elements.count) element(s), no [\(index)]"))
        }
        value = elements[index]
        walked += "[\(index)]"
      case (.selector(let key, let wanted), .array(let elements)):
        let matches = elements.filter { element in
          switch element.member(key) {
          case .string(let text): text == wanted
          case .int(let number): String(number) == wanted
          default: false
          }
        }
        guard matches.count == 1 else {
          let names = elements.compactMap { element -> String? in
            if case .string(let text) = element.member(key) { return text }
            return nil
          }
          let hint = Suggestion.closest(to: wanted, among: names).map { "; did you mean '\($0)'?" } ?? ""
          return .failure(
            FigureError(
              "'\(walked)' has \(matches.count == 0 ? "no" : "\(matches.count)") element(s) with \(key) '\(wanted)'\(hint)"))
        }
        value = matches[0]
        walked += "[\(key)=\(wanted)]"
      default:
        return .failure(FigureError("'\(walked.isEmpty ? "(top)" : walked)' is \(value.kindName), which '\(component.text)' cannot step into"))
      }
    }
    switch value {
    case .int(let number): return .success(Double(number))
    case .double(let number): return .success(number)
    default: return .failure(FigureError("'\(walked)' is \(value.kindName), not a number"))
    }
  }
}

extension JSONPath.Component {
  /// The step as written in a path.
  package var text: String {
    switch self {
    case .key(let key): key
    case .index(let index): "[\(index)]"
    case .selector(let key, let value): "[\(key)=\(value)]"
    }
  }
}

extension JSONValue {
  /// "an object", "a number", … for messages.
  package var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "true or false"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
