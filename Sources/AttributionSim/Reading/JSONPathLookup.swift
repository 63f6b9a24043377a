import SimJSON

/// Finds the value a JSON path names, to locate problems found after reading.
enum JSONPathLookup {
  /// The node at `path` (`a.b[2].c`), where `root` sits at `rootPath`; nil when the path does
  /// not lead anywhere.
  static func node(at path: String, under root: JSONNode, rootPath: String = "") -> JSONNode? {
    var rest = Substring(path)
    if !rootPath.isEmpty {
      guard rest.hasPrefix(rootPath) else { return nil }
      rest = rest.dropFirst(rootPath.count)
    }
    var node = root
    while !rest.isEmpty {
      if rest.first == "." { rest = rest.dropFirst() }
      if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
          case .array(let elements) = node.value, elements.indices.contains(index)
        else { return nil }
        node = elements[index]
        rest = rest[rest.index(after: close)...]
      } else {
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        let key = rest[..<end]
        guard case .object(let members) = node.value, let member = members.first(where: { $0.key == key }) else {
          return nil
        }
        node = member.value
        rest = rest[end...]
      }
    }
    return node
  }
}
