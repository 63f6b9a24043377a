import SimJSON

/// Compares one output with its golden copy and describes each difference readably: JSON by
/// field, JSON lines and CSV by line, with the changed fields of a changed line.
struct GoldenComparison {
  /// The output's name, e.g. `postbacks.jsonl`.
  let name: String
  /// Who sent each line of `postbacks.jsonl`, to say whose postback changed.
  let postbackSenders: [String]
  /// Differences listed before the rest are only counted.
  static let shown = 12

  /// Every difference between `golden` and `produced`, in file order.
  func differences(golden: String, produced: String) -> [String] {
    guard golden != produced else { return [] }
    if name.hasSuffix(".json") {
      guard let a = try? JSONParser.parse(golden), let b = try? JSONParser.parse(produced) else {
        return ["the golden copy or the output is not JSON"]
      }
      return limited(Self.fieldDifferences(JSONValue(a), JSONValue(b), path: ""))
    }
    let old = lines(golden), new = lines(produced)
    let header = name.hasSuffix(".csv") ? old.first.map(CSVLine.cells) : nil
    let difference = new.difference(from: old)
    var removed: [(offset: Int, line: String)] = [], inserted: [(offset: Int, line: String)] = []
    for change in difference {
      switch change {
      case .remove(let offset, let line, _): removed.append((offset, line))
      case .insert(let offset, let line, _): inserted.append((offset, line))
      }
    }
    // A difference lists its removals last line first.
    removed.sort { $0.offset < $1.offset }
    var found: [String] = []
    // A removal and an insertion at matching places are one changed line: say which fields changed.
    let paired = min(removed.count, inserted.count)
    for k in 0..<paired {
      let (was, now) = (removed[k], inserted[k])
      let label = "line \(now.offset + 1)\(describeLine(now.line, number: now.offset))"
      let changes = lineChanges(was.line, now.line, header: header)
      found.append("\(label): " + (changes.isEmpty ? "changed" : changes.joined(separator: "; ")))
    }
    for (offset, line) in removed.dropFirst(paired) {
      found.append("golden line \(offset + 1) is missing from the output: \(Self.shortened(line))")
    }
    for (offset, line) in inserted.dropFirst(paired) {
      found.append("line \(offset + 1)\(describeLine(line, number: offset)) is not in the golden copy: \(Self.shortened(line))")
    }
    if old.count != new.count { found.insert("\(new.count) lines, golden copy has \(old.count)", at: 0) }
    return limited(found)
  }

  private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  private func limited(_ found: [String]) -> [String] {
    found.count <= Self.shown ? found : Array(found.prefix(Self.shown)) + ["… and \(found.count - Self.shown) more"]
  }

  /// " (alice's postback)" for postbacks.jsonl, " (user alice)" for lines with a user field.
  private func describeLine(_ line: String, number: Int) -> String {
    if name == "postbacks.jsonl", postbackSenders.indices.contains(number) {
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
  static func fieldDifferences(_ expected: JSONValue, _ got: JSONValue, path: String) -> [String] {
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
}
