import AttributionSim
import CommandLineKit

/// `attrsim schema explain SCHEMA…`.
struct SchemaExplainCommand: DeclaredCommand {
  @Argument(
    name: "schemas", help: "Schema files (JSON or JSON5).", parsing: .inputPath)
  var files: [String]

  static let configuration = spec(
    name: "explain", abstract: "Print what each fine and coarse value means and when each window locks.")

  func run() -> ExitStatus {
    for path in files {
      let schema: ConversionSchema
      do {
        schema = try ScenarioLoader.loadSchema(path: path)
      } catch {
        ProblemPrinter.report(error, file: path)
        return .loading(error)
      }
      let explanation = SchemaExplanation(schema)
      Console.out("\(path)" + (schema.summary.isEmpty ? "" : ": \(schema.summary)"))
      Console.out("\nFine value (SKAdNetwork 2.x/3.0; window 1 from 4.0), revenue in \(schema.currencies.base):")
      if explanation.fine.isEmpty {
        Console.out("  (none: the value stays at registration's 0)")
      } else {
        Console.out(TextTable.render([["value", "means"]] + explanation.fine.map { [$0.value, $0.meaning] }, indent: 2))
        Console.out("  \(64 - explanation.unusedFineValues) of 64 values used")
      }
      let windows = explanation.coarseShared ? [0] : [0, 1, 2]
      for window in windows {
        let title = explanation.coarseShared ? "every window" : "window \(window + 1)"
        Console.out("\nCoarse value, \(title):")
        let entries = explanation.coarse[window]
        Console.out(
          entries.isEmpty
            ? "  (none)" : TextTable.render([["value", "means"]] + entries.map { [$0.value, $0.meaning] }, indent: 2))
      }
      Console.out("\nLocks:")
      Console.out(explanation.locks.isEmpty ? "  (none)" : explanation.locks.map { "  " + $0 }.joined(separator: "\n"))
      if let horizon = explanation.predictorHorizonDays {
        // What the app computes before encoding: the first bucket holding gives the prediction.
        Console.out("\nPredicted revenue to day \(horizon), from what the user did since install (first bucket that holds):")
        Console.out(
          TextTable.render(
            [["bucket", "when → predicts"]] + explanation.predictor.enumerated().map { [String($0.offset + 1), $0.element] },
            indent: 2))
      }
      if path != files.last { Console.out("") }
    }
    return .success
  }
}
