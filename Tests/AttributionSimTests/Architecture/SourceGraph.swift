import Foundation

/// Which folders' sources name the types of which other folders: the graph the layering rules are
/// checked on. Built from the text alone (comments and string literals set aside), so it sees
/// what the compiler's target graph cannot: references between folders of one target.
struct SourceGraph {
  /// The simulator's layer targets, in the order data flows through them: each may use only the
  /// ones before it.
  static let layers = [
    "SimModel", "SimInput", "SimBehaviour", "SimPlatform", "SimRecords", "SimWorld", "SimServices", "SimReceiver",
    "SimOutput", "SimRun", "SimStudies", "SimOptimize",
  ]

  /// A reference from one folder to a type declared in another.
  struct Edge: Hashable, Comparable {
    var from: String
    var to: String

    static func < (a: Edge, b: Edge) -> Bool { (a.from, a.to) < (b.from, b.to) }
  }

  /// Per edge, the type names that make it, sorted.
  private(set) var edges: [Edge: [String]] = [:]
  /// Per file, the modules it imports.
  private(set) var imports: [String: [String]] = [:]
  /// Every folder holding a source file.
  private(set) var folders: Set<String> = []

  /// The graph of `files`, keyed by path relative to `Sources/` ("SimRun/Pipeline/TierStage.swift").
  init(files: [String: String]) {
    var owners: [String: Set<String>] = [:]
    var code: [String: String] = [:]
    for (path, text) in files {
      let folder = Self.folder(of: path)
      folders.insert(folder)
      let stripped = Self.withoutCommentsAndStrings(text)
      code[path] = stripped
      for name in Self.topLevelTypes(in: stripped) { owners[name, default: []].insert(folder) }
      imports[path] = stripped.split(separator: "\n").compactMap { line in
        line.hasPrefix("import ") ? String(line.dropFirst("import ".count)).trimmingCharacters(in: .whitespaces) : nil
      }
    }
    var named: [Edge: Set<String>] = [:]
    for (path, text) in code {
      let folder = Self.folder(of: path)
      for word in Self.identifiers(in: text) {
        for owner in owners[word] ?? [] where owner != folder {
          named[Edge(from: folder, to: owner), default: []].insert(word)
        }
      }
    }
    edges = named.mapValues { $0.sorted() }
  }

  /// The layer target a folder belongs to, nil outside the layers.
  static func layer(of folder: String) -> Int? {
    layers.firstIndex(of: String(folder.split(separator: "/").first ?? ""))
  }

  /// Edges from a folder to a folder of a later layer.
  var upwardEdges: [Edge] {
    edges.keys.filter { edge in
      guard let from = Self.layer(of: edge.from), let to = Self.layer(of: edge.to) else { return false }
      return to > from
    }.sorted()
  }

  /// Imports of a layer by a file of the same or an earlier layer, as "file imports Module".
  var upwardImports: [String] {
    imports.flatMap { path, modules -> [String] in
      guard let own = Self.layer(of: Self.folder(of: path)) else { return [] }
      return modules.filter { (Self.layers.firstIndex(of: $0) ?? -1) >= own }.map { "\(path) imports \($0)" }
    }.sorted()
  }

  /// One cycle of folders, each naming the next (and the last the first); nil when there is none.
  var cycle: [String]? {
    var successors: [String: [String]] = [:]
    for edge in edges.keys.sorted() { successors[edge.from, default: []].append(edge.to) }
    // Depth-first search; a folder met again while still on the path closes a cycle.
    var state: [String: Bool] = [:]  // false: on the path; true: finished
    var path: [String] = []
    func visit(_ folder: String) -> [String]? {
      state[folder] = false
      path.append(folder)
      for next in successors[folder] ?? [] {
        switch state[next] {
        case false?: return Array(path[path.lastIndex(of: next)!...])
        case true?: continue
        case nil: if let found = visit(next) { return found }
        }
      }
      path.removeLast()
      state[folder] = true
      return nil
    }
    for folder in folders.sorted() where state[folder] == nil {
      if let found = visit(folder) { return found }
    }
    return nil
  }

  /// The folder of a path relative to `Sources/`: the target and its concept folder; deeper
  /// folders (one per framework inside `Frameworks/`) are the concept's own organisation.
  static func folder(of path: String) -> String {
    path.split(separator: "/").dropLast().prefix(2).joined(separator: "/")
  }

  /// Names declared at column 0: the file's top-level types (nested ones are reached through them).
  static func topLevelTypes(in code: String) -> [String] {
    let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
    let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "final", "indirect"]
    return code.split(separator: "\n").compactMap { line -> String? in
      guard let first = line.first, first.isLetter || first == "@" else { return nil }
      var words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "=" })[...]
      while let word = words.first, modifiers.contains(word) || word.hasPrefix("@") { words = words.dropFirst() }
      guard let keyword = words.first, keywords.contains(keyword), let name = words.dropFirst().first else { return nil }
      return String(name)
    }
  }

  /// Every distinct identifier-like word.
  static func identifiers(in code: String) -> Set<String> {
    var words: Set<String> = []
    var current = ""
    for character in code {
      if character.isLetter || character.isNumber || character == "_" {
        current.append(character)
      } else if !current.isEmpty {
        words.insert(current)
        current = ""
      }
    }
    if !current.isEmpty { words.insert(current) }
    return words
  }

  /// `text` with comments and the contents of string literals blanked, so that a type named in a
  /// doc comment or a message is not a reference.
  static func withoutCommentsAndStrings(_ text: String) -> String {
    var out = ""
    var index = text.startIndex
    func starts(_ prefix: String) -> Bool { text[index...].hasPrefix(prefix) }
    while index < text.endIndex {
      if starts("//") {
        index = text[index...].firstIndex(of: "\n") ?? text.endIndex
      } else if starts("/*") {
        index = text[index...].range(of: "*/")?.upperBound ?? text.endIndex
      } else if starts("\"\"\"") {
        let after = text.index(index, offsetBy: 3)
        index = text[after...].range(of: "\"\"\"")?.upperBound ?? text.endIndex
        out += "\"\""
      } else if text[index] == "\"" {
        index = Self.endOfStringLiteral(text, from: index)
        out += "\"\""
      } else {
        out.append(text[index])
        index = text.index(after: index)
      }
    }
    return out
  }

  /// The index after the closing quote of the one-line string literal opening at `start`,
  /// interpolations (which may hold strings) included.
  private static func endOfStringLiteral(_ text: String, from start: String.Index) -> String.Index {
    var index = text.index(after: start)
    var depth = 0
    while index < text.endIndex {
      let character = text[index]
      if character == "\\" {
        let next = text.index(after: index)
        if next < text.endIndex, text[next] == "(" { depth += 1 }
        index = next < text.endIndex ? text.index(after: next) : next
        continue
      }
      if depth > 0 {
        if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
        if character == "\"" { index = endOfStringLiteral(text, from: index); continue }
      } else if character == "\"" || character == "\n" {
        return text.index(after: index)
      }
      index = text.index(after: index)
    }
    return index
  }
}
