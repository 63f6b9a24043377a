import SimJSON
import SimRecords

/// Compares one output with its golden copy and describes each difference readably: JSON by
/// field, JSON lines and CSV by line, with the changed fields of a changed line.
package struct GoldenComparison {
  /// The output's name, e.g. `postbacks.jsonl`.
  package let name: String
  /// Who sent each line of `postbacks.jsonl`, to say whose postback changed.
  package let postbackSenders: [String]
  /// Differences listed before the rest are only counted.
  package static let shown = 12

  /// Every difference between `golden` and `produced`, in file order.
  package func differences(golden: String, produced: String) -> [String] {
    guard golden != produced else { return [] }
    if name.hasSuffix(".json") {
      guard let a = try? JSONParser.parse(golden), let b = try? JSONParser.parse(produced) else {
        return ["the golden copy or the output is not JSON"]
      }
      return limited(Self.fieldDifferences(JSONValue(a), JSONValue(b), path: ""))
    }
    let old = lines(golden), new = lines(produced)
    let header = name.hasSuffix(".csv") ? old.first.map(CSVLine.cells) : nil
    var found: [String] = []
    for hunk in Self.hunks(old, new) {
      // Within one run of changes, the k-th golden line and the k-th new line are one changed
      // line: say which fields changed.
      let paired = min(hunk.removed.count, hunk.inserted.count)
      for k in 0..<paired {
        let (was, now) = (hunk.removed[k], hunk.inserted[k])
        let changes = lineChanges(old[was], new[now], header: header)
        found.append(
          "line \(now + 1)\(describeLine(new[now], number: now, header: header)): " + (changes.isEmpty ? "changed" : changes.joined(separator: "; ")))
      }
      for was in hunk.removed.dropFirst(paired) {
        found.append(
          "golden line \(was + 1)\(describeLine(old[was], number: nil, header: header)) is missing from the output: "
            + Self.shortened(old[was]))
      }
      for now in hunk.inserted.dropFirst(paired) {
        found.append(
          "line \(now + 1)\(describeLine(new[now], number: now, header: header)) is not in the golden copy: "
            + Self.shortened(new[now]))
      }
    }
    if old.count != new.count { found.insert("\(new.count) lines, golden copy has \(old.count)", at: 0) }
    return limited(found)
  }

  /// One run of changed lines: golden lines removed and new lines inserted between two lines
  /// both sides share, by 0-based line number.
  package struct Hunk: Equatable {
    package var removed: [Int] = [], inserted: [Int] = []

    /// Each stored property as given; other targets of the package build it too.
    package init(removed: [Int] = [], inserted: [Int] = []) {
      self.removed = removed
      self.inserted = inserted
    }
  }

  /// The runs of changes that turn `old` into `new`.
  ///
  /// Lines both sides share at the start and the end are set aside first. What is left is
  /// diffed line by line when it is small; past `largest` lines a side (a seed change rewrites
  /// every line, and a minimal diff then costs time quadratic in the lines) it is compared
  /// position by position instead.
  package static func hunks(_ old: [String], _ new: [String], largest: Int = 5_000) -> [Hunk] {
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var oldEnd = old.count, newEnd = new.count
    while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
    }
    guard oldEnd - start <= largest, newEnd - start <= largest else {
      return [Hunk(removed: Array(start..<oldEnd), inserted: Array(start..<newEnd))]
    }
    var removed = Set<Int>(), inserted = Set<Int>()
    for change in new[start..<newEnd].difference(from: old[start..<oldEnd]) {
      switch change {
      case .remove(let offset, _, _): removed.insert(start + offset)
      case .insert(let offset, _, _): inserted.insert(start + offset)
      }
    }
    // Walk both sides together: shared lines close a hunk.
    var hunks: [Hunk] = [], current = Hunk(), i = start, j = start
    while i < oldEnd || j < newEnd {
      if i < oldEnd, removed.contains(i) {
        current.removed.append(i)
        i += 1
      } else if j < newEnd, inserted.contains(j) {
        current.inserted.append(j)
        j += 1
      } else {
        if current != Hunk() { hunks.append(current) }
        current = Hunk()
        i += 1
        j += 1
      }
    }
    if current != Hunk() { hunks.append(current) }
    return hunks
  }

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  private func limited(_ found: [String]) -> [String] {
    found.count <= Self.shown ? found : Array(found.prefix(Self.shown)) + ["… and \(found.count - Self.shown) more"]
  }

  /// " (alice's postback)" for postbacks.jsonl, " (user alice)" for lines with a user field,
  /// " (network alpha, campaign broad, window 0)" for CSV rows with those columns (decoded.csv).
  /// `number` is the line's in the output, nil for a golden line.
  private func describeLine(_ line: String, number: Int?, header: [String]?) -> String {
    if let header {
      let cells = CSVLine.cells(line)
      let named = ["network", "campaign", "window"].compactMap { column -> String? in
        guard let index = header.firstIndex(of: column), cells.indices.contains(index) else { return nil }
        return "\(column) \(cells[index])"
      }
      return named.isEmpty ? "" : " (\(named.joined(separator: ", ")))"
    }
    if name == "postbacks.jsonl", let number, postbackSenders.indices.contains(number) {
      return " (\(postbackSenders[number])'s postback)"
    }
    if let node = try? JSONParser.parse(line), case .string(let user) = JSONValue(node).member("user") {
      return " (user \(user))"
    }
    return ""
  }

  private func lineChanges(_ old: String, _ new: String, header: [String]?) -> [String] {
    if let header {
      // Quoted cells may hold commas: split as CSV, not at every comma.
      let a = CSVLine.cells(old), b = CSVLine.cells(new)
      guard a.count == b.count else { return ["expected \(old), got \(new)"] }
      return a.indices.compactMap { index in
        guard a[index] != b[index] else { return nil }
        let column = header.indices.contains(index) ? header[index] : "column \(index + 1)"
        return "\(column) expected \(a[index]), got \(b[index])"
      }
    }
    guard let a = try? JSONParser.parse(old), let b = try? JSONParser.parse(new) else { return ["expected \(old), got \(new)"] }
    return Self.fieldDifferences(JSONValue(a), JSONValue(b), path: "")
  }

  /// "path: expected X, got Y" for each leaf that differs.
  package static func fieldDifferences(_ expected: JSONValue, _ got: JSONValue, path: String) -> [String] {
    let here = path.isEmpty ? "(whole value)" : path
    switch (expected, got) {
    case (.object(let a), .object(let b)):
      return Set(a.keys).union(b.keys).sorted().flatMap { key -> [String] in
        let child = path.isEmpty ? key : "\(path).\(key)"
        switch (a[key], b[key]) {
        case (let x?, let y?): return fieldDifferences(x, y, path: child)
        case (let x?, nil): return ["\(child): expected \(shortened(x.serialized())), but it is gone"]
        case (nil, let y?): return ["\(child): not in the golden copy, got \(shortened(y.serialized()))"]
        default: return []
        }
      }
    case (.array(let a), .array(let b)) where a.count == b.count:
      return a.indices.flatMap { fieldDifferences(a[$0], b[$0], path: "\(path)[\($0)]") }
    default:
      return expected == got ? [] : ["\(here): expected \(shortened(expected.serialized())), got \(shortened(got.serialized()))"]
    }
  }

  private static func shortened(_ text: String) -> String {
    text.count <= 160 ? text : String(text.prefix(157)) + "…"
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(name: String, postbackSenders: [String]) {
    self.name = name
    self.postbackSenders = postbackSenders
  }
}
