import AttributionSim

extension SDKTraceRecord {
  /// The fine value after this line, under its version's key.
  package var currentValue: Int64? { fineValue.map(Int64.init) }
  /// The kinds of this line's findings.
  package var lintKinds: [SDKLintFinding.Kind] { lint.map(\.kind) }
}
