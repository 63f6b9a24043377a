import DidYouMean
import SimJSON

/// A JSON path into a scenario document (`privacy.thresholds.tier1`, `cohorts[0].count`), and
/// how a sweep puts a value there.
package struct SweepPath: Sendable {
  package typealias Component = JSONPath.Component

  package let components: [Component]
  package let text: String

  /// Whether this path leads to, or into, `other`'s value (or `other` into this one's).
  package func overlaps(_ other: SweepPath) -> Bool {
    let shorter = min(components.count, other.components.count)
    return Array(components.prefix(shorter)) == Array(other.components.prefix(shorter))
  }

  /// Whether a diagnostic at JSON path `path` lies at or inside this path's value.
  package func contains(diagnosticPath path: String) -> Bool {
    guard path.hasPrefix(text) else { return false }
    let rest = path.dropFirst(text.count)
    return rest.isEmpty || rest.first == "." || rest.first == "["
  }

  /// Whether this path lies strictly under the non-root diagnostic `path`: a check of the object
  /// at `path` reads the value this path sets.
  package func lies(under path: String) -> Bool {
    guard !path.isEmpty, text.count > path.count, text.hasPrefix(path) else { return false }
    let rest = text.dropFirst(path.count)
    return rest.first == "." || rest.first == "["
  }

  /// Parses `a.b[2].c`; nil when it is not of that shape (selectors are not allowed: a sweep
  /// sets values by position).
  package init?(_ text: String) {
    guard let path = JSONPath(text) else { return nil }
    components = path.components
    self.text = text
  }

  /// `root` with `value` at this path. Every step but the last must exist; the last may add a
  /// key to an existing object (the scenario's reader then judges the key). Returns the reason
  /// when the path leads nowhere.
  package func setting(_ value: JSONNode, in root: JSONNode) -> Result<JSONNode, SweepPathError> {
    set(value, in: root, at: components[...], walked: "")
  }

  private func set(_ value: JSONNode, in node: JSONNode, at rest: ArraySlice<Component>, walked: String)
    -> Result<JSONNode, SweepPathError>
  {
    guard let step = rest.first else { return .success(value) }
    var node = node
    switch (step, node.value) {
    case (.key(let key), .object(var members)):
      let here = walked.isEmpty ? key : "\(walked).\(key)"
      if let position = members.firstIndex(where: { $0.key == key }) {
        switch set(value, in: members[position].value, at: rest.dropFirst(), walked: here) {
        case .success(let child): members[position].value = child
        case .failure(let error): return .failure(error)
        }
      } else if rest.count == 1 {
        members.append(JSONMember(key: key, keyLocation: value.location, value: value))
      } else {
        let keys = members.map(\.key)
        let hint = Suggestion.closest(to: key, among: keys).map { "; did you mean '\($0)'?" } ?? ""
        return .failure(SweepPathError(reason: "'\(here)' is not in the scenario\(hint)"))
      }
      node.value = .object(members)
    case (.index(let index), .array(var elements)):
      let here = "\(walked)[\(index)]"
      guard elements.indices.contains(index) else {
        return .failure(SweepPathError(reason: "'\(here)' is beyond the scenario's \(elements.count) element(s) at '\(walked)'"))
      }
      switch set(value, in: elements[index], at: rest.dropFirst(), walked: here) {
      case .success(let child): elements[index] = child
      case .failure(let error): return .failure(error)
      }
      node.value = .array(elements)
    case (.key(let key), _):
      return .failure(SweepPathError(reason: "'\(walked)' is \(node.value.kindName), not an object with key '\(key)'"))
    case (.index(let index), _):
      return .failure(SweepPathError(reason: "'\(walked)' is \(node.value.kindName), not an array to index with [\(index)]"))
    case (.selector, _):
      preconditionFailure("sweep paths are parsed without selectors")
    }
    return .success(node)
  }
}
