import SimJSON
import SimModel

/// Finds the value a JSON path names, to locate problems found after reading.
package enum JSONPathLookup {
  /// The node at `path` (`a.b[2].c`), where `root` sits at `rootPath`; nil when the path does
  /// not lead anywhere.
  package static func node(at path: String, under root: JSONNode, rootPath: String = "") -> JSONNode? {
    var rest = Substring(path)
    if !rootPath.isEmpty {
      guard rest.hasPrefix(rootPath) else { return nil }
      rest = rest.dropFirst(rootPath.count)
    }
    if rest.first == "." { rest = rest.dropFirst() }
    if rest.isEmpty { return root }
    guard let parsed = JSONPath(String(rest)) else { return nil }
    var node = root
    for component in parsed.components {
      switch (component, node.value) {
      case (.key(let key), .object(let members)):
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        node = member.value
      case (.index(let index), .array(let elements)):
        guard elements.indices.contains(index) else { return nil }
        node = elements[index]
      default:
        return nil
      }
    }
    return node
  }
}
