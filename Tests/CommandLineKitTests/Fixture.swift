import CommandLineKit

/// A tool shaped like `attrsim`, shared by the tests.
enum Fixture {
  static let run = CommandSpec(
    name: "run",
    abstract: "Run a scenario and write its postbacks, conversions and summary.",
    arguments: [ArgumentSpec(name: "scenario", help: "The scenario file to run.")],
    options: [
      OptionSpec(name: "seed", valueName: "n", help: "Override the scenario's seed."),
      OptionSpec(
        name: "out", short: "o", valueName: "dir", help: "Output folder.",
        defaultDescription: "Reports/<scenario-name>/"),
    ])

  static let validate = CommandSpec(
    name: "validate",
    abstract: "Check scenario files without running them.",
    arguments: [
      ArgumentSpec(name: "scenarios", help: "The scenario files to check.", isRepeating: true)
    ],
    options: [OptionSpec(name: "schema", valueName: "file", help: "An extra schema to apply.")],
    flags: [
      FlagSpec(name: "json", help: "Print findings as JSON."),
      FlagSpec(name: "quiet", short: "q", help: "Print nothing when every file is valid."),
    ])

  /// Long help strings and labels, to exercise wrapping and alignment.
  static let sweep = CommandSpec(
    name: "sweep",
    abstract: "Run a scenario across a range of seeds.",
    discussion: """
      Each seed runs independently and writes its own folder; the sweep then compares the \
      summaries and reports how much each metric moves between seeds.
      """,
    arguments: [
      ArgumentSpec(name: "scenario", help: "The scenario file to run."),
      ArgumentSpec(name: "baseline", help: "A summary to compare against.", isOptional: true),
    ],
    options: [
      OptionSpec(
        name: "runs", short: "n", valueName: "count",
        help: """
          How many seeds to run, starting from the scenario's own seed and counting up by one \
          each time.
          """,
        defaultDescription: "10"),
      OptionSpec(
        name: "conversion-window", valueName: "hours",
        help: "Hours after install during which conversions count."),
    ],
    flags: [FlagSpec(name: "json", help: "Print the comparison as JSON.")])

  static let tool = ToolSpec(
    name: "attrsim", version: "0.3.0",
    abstract: "Simulate mobile ad attribution end to end.",
    commands: [run, validate, sweep])

  /// The parsed command, or nil (with the result recorded by the caller's expectation).
  static func command(_ arguments: [String]) -> ParsedCommand? {
    guard case .command(let parsed) = tool.parse(arguments) else { return nil }
    return parsed
  }

  /// The usage error, or nil when parsing did not fail.
  static func usageError(_ arguments: [String]) -> UsageError? {
    guard case .usageError(let error) = tool.parse(arguments) else { return nil }
    return error
  }

  /// The rendered usage error, or nil when parsing did not fail.
  static func renderedError(_ arguments: [String]) -> String? {
    usageError(arguments)?.rendered(for: tool)
  }
}
