/// Schemas compared over the same replicate seeds (common random numbers): each schema's mean
/// and interval per figure, and each later schema's paired difference from the first.
public struct ReplicateComparison: Sendable {
  /// One study per schema, in the order given; all over the same seeds.
  public var studies: [ReplicateStudy]

  /// Studies of the same scenario and seeds under different schemas.
  public init(studies: [ReplicateStudy]) {
    precondition(studies.count >= 2 && Set(studies.map(\.seeds)).count == 1, "compare studies over the same seeds")
    self.studies = studies
  }

  /// The paired difference `studies[schema] − studies[0]` of figure `index`; nil where no
  /// replicate has both, or for amounts in different currencies.
  public func difference(figure index: Int, schema: Int) -> ConfidenceInterval? {
    guard studies[schema].figures[index].kind == studies[0].figures[index].kind else { return nil }
    return ConfidenceInterval(
      pairedDifference: studies[schema].values[index], baseline: studies[0].values[index],
      range: studies[0].figures[index].range)
  }

  /// Header, then one row per figure: its label, each schema's mean [interval], then each later
  /// schema's difference from the first with whether it is larger than its interval.
  /// `names` head the schemas' columns, `shortNames` the differences'.
  public func table(schemaNames names: [String], shortNames: [String]) -> [[String]] {
    let others = studies.indices.dropFirst()
    let header = ["figure"] + names + others.map { "\(shortNames[$0]) − \(shortNames[0]), paired" }
    return [header]
      + studies[0].figures.indices.map { index in
        let figure = studies[0].figures[index]
        var row = [figure.label] + studies.map { $0.figures[index].text($0.intervals[index]) }
        for schema in others {
          guard let difference = difference(figure: index, schema: schema) else {
            row.append("–")
            continue
          }
          // The schema cannot change what happens before decoding: say so rather than print zeros.
          if difference.mean == 0, difference.standardDeviation ?? 0 == 0 {
            row.append("none: the same in every replicate")
            continue
          }
          let verdict =
            switch difference.excludesZero {
            case true?: ": larger than its interval"
            case false?: ": within its interval"
            case nil: ""
            }
          row.append(figure.text(difference, difference: true) + verdict)
        }
        return row
      }
  }
}
