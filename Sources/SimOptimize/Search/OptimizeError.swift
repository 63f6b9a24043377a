/// Why a schema search cannot start: each says what was wrong and what would do instead.
public enum OptimizeError: Error, Equatable, CustomStringConvertible {
  /// No built-in objective has this name; the closest one, if any is close.
  case unknownObjective(String, suggestion: String?)
  /// The budget cannot pay for the starting schema and one candidate at the first rung.
  case budgetTooSmall(budget: Double, needed: Double)
  /// The starting schema uses what the scenario's framework version does not have.
  case wrongFramework(schema: String, framework: String, uses: String)
  /// The scenario's users earn no revenue, so there is nothing for a schema to carry.
  case noRevenue(scenario: String)
  /// The objective needs campaigns the scenario does not have.
  case nothingToCompare(scenario: String, objective: String, needs: String)
  /// `--tradeoff` needs an accuracy objective to set against time to signal.
  case tradeoffNeedsAccuracy
  /// The app's conversion values come from its own service, which no candidate schema changes.
  case valuesFromService(scenario: String, reason: String)
  /// A drawn candidate did not read back as a schema: a defect of the search, reported whole.
  case candidateUnreadable(String)

  public var description: String {
    switch self {
    case .unknownObjective(let name, let suggestion):
      "unknown objective '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        + " (objectives: " + OptimizeObjective.all.map(\.name).joined(separator: ", ") + ")"
    case .budgetTooSmall(let budget, let needed):
      "a budget of \(Self.number(budget)) runs cannot evaluate one candidate: the pilot, the starting schema and one "
        + "candidate through every rung simulate \(Self.number(needed)) runs' worth of the scenario's users; give "
        + "--budget \(Int(needed.rounded(.up))) or more"
    case .wrongFramework(let schema, let framework, let uses):
      "\(schema) uses \(uses), which \(framework) does not have (coarse values and lock rules arrive with SKAdNetwork 4.0); "
        + "start from a schema written for \(framework), or leave out --from to start from the scenario's own"
    case .noRevenue(let scenario):
      "\(scenario): no user earns revenue (no cohort event has 'revenue' and no scripted user pays), so no schema can "
        + "carry any; add revenue to the scenario's events"
    case .nothingToCompare(let scenario, let objective, let needs):
      "\(scenario): the objective '\(objective)' needs \(needs)"
    case .tradeoffNeedsAccuracy:
      "--tradeoff sets an accuracy objective against time to signal; choose --objective roas-error, revenue-captured or rank-agreement"
    case .valuesFromService(let scenario, let reason):
      "\(scenario): \(reason), so a schema search has nothing to change (and would call it in every run); "
        + "give the SDK the model 'schema' to search for a schema"
    case .candidateUnreadable(let problem):
      "a candidate schema did not read back (a defect of the search, please report it): \(problem)"
    }
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
  }
}
