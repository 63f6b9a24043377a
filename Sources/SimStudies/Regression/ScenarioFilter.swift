/// Which scenario files `attrsim verify --filter` keeps: a pattern with `*`, `?` or `[` is a
/// glob matched against the whole path as found or against the file name; any other pattern is
/// a substring of the path. Several patterns keep a file any of them matches; none keeps all.
public struct ScenarioFilter: Sendable {
  /// The patterns, as given.
  public var patterns: [String]

  /// A filter keeping the paths that any of `patterns` matches (every path when empty).
  public init(_ patterns: [String] = []) {
    self.patterns = patterns
  }

  /// Whether `path` is kept.
  public func matches(_ path: String) -> Bool {
    guard !patterns.isEmpty else { return true }
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return patterns.contains { pattern in
      guard Self.isGlob(pattern) else { return path.contains(pattern) }
      return Self.glob(Array(pattern), matches: Array(path)) || Self.glob(Array(pattern), matches: Array(name))
    }
  }

  /// The options as given: "--filter 'skan*' or --filter 'quick'".
  public var options: String { patterns.map { "--filter '\($0)'" }.joined(separator: " or ") }

  /// What a skipped scenario is told: "not matched by --filter 'skan*'".
  public var skipReason: String { "not matched by \(options)" }

  package static func isGlob(_ pattern: String) -> Bool { pattern.contains { "*?[".contains($0) } }

  /// Shell-style matching of the whole text: `*` any run of characters (`/` included), `?` one,
  /// `[abc]`, `[a-z]` and `[!abc]` one of a set; anything else itself.
  package static func glob(_ pattern: [Character], matches text: [Character]) -> Bool {
    var p = 0, t = 0
    // Where the last `*` was and the text position it now stands for, to backtrack to.
    var star: (pattern: Int, text: Int)?
    while t < text.count {
      if p < pattern.count, pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if p < pattern.count, let next = step(pattern, at: p, matching: text[t]) {
        p = next
        t += 1
      } else if let last = star {
        p = last.pattern + 1
        t = last.text + 1
        star = (last.pattern, last.text + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }

  /// The pattern position after the element at `p` when it matches `character`; nil otherwise.
  private static func step(_ pattern: [Character], at p: Int, matching character: Character) -> Int? {
    switch pattern[p] {
    case "?": return p + 1
    case "[":
      guard let close = pattern[(p + 1)...].dropFirst().firstIndex(of: "]") else {
        return character == "[" ? p + 1 : nil
      }
      var set = Array(pattern[(p + 1)..<close])
      let negated = set.first == "!"
      if negated { set.removeFirst() }
      var found = false, i = 0
      while i < set.count {
        if i + 2 < set.count, set[i + 1] == "-" {
          if set[i] <= character && character <= set[i + 2] { found = true }
          i += 3
        } else {
          if set[i] == character { found = true }
          i += 1
        }
      }
      return found != negated ? close + 1 : nil
    default: return pattern[p] == character ? p + 1 : nil
    }
  }
}
