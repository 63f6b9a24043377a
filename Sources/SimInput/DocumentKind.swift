import SimJSON

/// The kinds of input file attrsim reads, told apart by the keys only each kind has, so that a
/// file given where another kind belongs (a schema to `run`, a scenario to `--schema`) gets one
/// sentence saying what it is, instead of a line for every key the expected kind misses.
package enum DocumentKind: String, CaseIterable, Sendable {
  case scenario, schema, sweep, calibration

  /// Top-level keys found in files of this kind and in no other kind.
  private var distinctiveKeys: Set<String> {
    switch self {
    case .scenario:
      ["seed", "epoch", "horizon", "platform", "app", "adNetworks", "publishers", "appleAds", "privacy", "rules", "signing",
       "users", "cohorts", "expect", "products"]
    // Not `currency`: a calibration file has one too.
    case .schema: ["exchangeRates", "fineValue", "coarseValue", "lock", "decoding"]
    case .sweep: ["parameters", "combine", "replicates", "chart"]
    case .calibration: ["format", "schemaDigest", "eventNames", "windowCount", "minimumInstalls", "seeds", "installs", "cells"]
    }
  }

  /// What people call a file of this kind.
  private var title: String {
    switch self {
    case .scenario: "a scenario"
    case .schema: "a conversion schema"
    case .sweep: "a sweep"
    case .calibration: "a calibration"
    }
  }

  /// Why `node`, read where a `self` was expected, is another kind of file; nil when it has some
  /// key only a `self` has, or none that another kind alone has (then the reader says what is
  /// missing, key by key).
  package func mismatch(_ node: JSONNode) -> String? {
    guard case .object(let members) = node.value else { return nil }
    let keys = Set(members.map(\.key))
    guard keys.isDisjoint(with: distinctiveKeys) else { return nil }
    let scored = Self.allCases.filter { $0 != self }.map { ($0, members.map(\.key).filter($0.distinctiveKeys.contains)) }
    guard let (found, shared) = scored.max(by: { $0.1.count < $1.1.count }), !shared.isEmpty else { return nil }
    let evidence = shared.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
    return "is not \(title) file: it looks like \(found.title) (it has \(evidence)); \(hint(found))"
  }

  /// Where a file of kind `found` goes instead.
  private func hint(_ found: DocumentKind) -> String {
    switch (self, found) {
    case (.scenario, .schema):
      "a scenario names its schema in 'schema'; 'compare', 'calibrate' and 'decode' take a schema with --schema"
    case (.scenario, .sweep), (.schema, .sweep): "run a sweep with 'attrsim sweep'"
    case (.sweep, .scenario): "run a scenario with 'attrsim run'; a sweep names its base scenario in 'scenario'"
    case (.schema, .scenario):
      "give the schema file the scenario names in 'schema' ('schema lint' and 'decode' take the scenario itself with --scenario)"
    case (.calibration, .scenario): "a calibration file is what 'attrsim calibrate SCENARIO --out FILE' writes"
    case (_, .calibration): "a calibration file goes to 'decode --calibration' or 'merge --calibration'"
    default: "expected \(title) here"
    }
  }
}
