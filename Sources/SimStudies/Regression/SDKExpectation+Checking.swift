import SimModel
import SimPlatform

extension SDKExpectation {
  /// What is wrong with `records` (the user's, in time order); empty when they meet the
  /// expectation.
  package func problems(in records: [SDKTraceRecord]) -> [String] {
    var problems: [String] = []
    if let values {
      let got = records.map { $0.fineValue.map(String.init) ?? "none" }
      let wanted = values.map(String.init)
      if got != wanted {
        problems.append(
          "values: expected \(Self.list(wanted)), got \(got.isEmpty ? "no SDK trace lines" : Self.list(got))"
            + Self.firstDifference(wanted, got))
      }
    }
    if let lint {
      var counts: [SDKLintFinding.Kind: Int] = [:]
      for finding in records.flatMap(\.lint) { counts[finding.kind, default: 0] += 1 }
      // `lint: {}` promises a clean run, so every kind is checked; otherwise the named ones.
      let checked = lint.isEmpty ? SDKLintFinding.Kind.allCases : SDKLintFinding.Kind.allCases.filter { lint[$0] != nil }
      for kind in checked where counts[kind, default: 0] != lint[kind, default: 0] {
        problems.append("lint '\(kind.rawValue)': expected \(lint[kind, default: 0]), got \(counts[kind, default: 0])")
      }
    }
    if let actions {
      let got = records.map(\.action)
      if got.count != actions.count {
        let lines = "\(got.count) trace line\(got.count == 1 ? "" : "s")"
        problems.append("actions: \(actions.count) listed, but the SDK wrote \(lines)")
      }
      for index in actions.indices where index < got.count && !got[index].contains(actions[index]) {
        problems.append("action \(index + 1): expected one containing '\(actions[index])', got '\(got[index])'")
      }
    }
    return problems
  }

  /// "0, 1, 2".
  private static func list(_ items: [String]) -> String { items.joined(separator: ", ") }

  /// "; first difference at line 4: expected 2, got 1", so a long list need not be compared by eye.
  private static func firstDifference(_ wanted: [String], _ got: [String]) -> String {
    guard let index = (0..<max(wanted.count, got.count)).first(where: { wanted.at($0) != got.at($0) }) else { return "" }
    return "; first difference at line \(index + 1): "
      + "expected \(wanted.at(index) ?? "no line"), got \(got.at(index) ?? "no line")"
  }
}

extension Array {
  /// The element at `index`, or nil past the end.
  fileprivate func at(_ index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
