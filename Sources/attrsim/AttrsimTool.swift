import CommandLineKit

/// The `attrsim` command tree.
enum AttrsimTool {
  static let version = "0.1.0"

  static let spec = ToolSpec(
    name: "attrsim", version: version,
    abstract: "Simulate Apple's privacy-preserving ad attribution (SKAdNetwork, AdAttributionKit, AdServices) in virtual time.",
    discussion: """
      Scenario files describe an advertised app, ad networks, campaigns, publishers and users; \
      attrsim runs them through the platform's rules and writes the postbacks each device would \
      send, with the ground truth behind them. It covers SKAdNetwork 2.2, 3.0 and 4.0 \
      (conversion values, crowd anonymity tiers, three windows), AdAttributionKit (re-engagement, \
      its own keys and postbacks), Apple Ads attribution through AdServices (tokens and the \
      attribution API's answers), an app's client SDK and conversion-value services (asking a \
      command or an HTTP endpoint for each update), and delivery of the postbacks to receivers \
      over HTTP with the device's retries. Around runs: sweeps over settings, shards and their \
      merge, schema checks, explanations and searches, decoding, signature verification and regression \
      suites with golden copies.
      """,
    commands: commands.specs,
    exitStatuses: [
      ExitStatusNote(.success, "Success."),
      ExitStatusNote(.failure, "A check failed (verify, postback verify)."),
      ExitStatusNote(
        .usage,
        "A usage error, including a scenario that would start a program or reach another machine without "
          + "--allow-commands or --allow-network."),
      ExitStatusNote(.dataError, "A problem in an input file's content."),
      ExitStatusNote(.noInput, "An input file missing or unreadable (no such file, a directory, a FIFO or device, permission denied)."),
      ExitStatusNote(.unavailable, "A postback given up by --deliver."),
      ExitStatusNote(
        .cannotCreate,
        "An output could not be created (its folder missing, a FIFO no program reads, the system refusing it)."),
      ExitStatusNote(.ioError, "An output could not be written."),
    ],
    manSections: [
      ManSection(
        title: "FILES",
        paragraphs: [
          "Scenario, conversion schema and sweep files are JSON or JSON5 (Docs/scenario-format.md, "
            + "Docs/schema-format.md, Docs/sweep-format.md). Reports/<scenario-name>/ is where 'attrsim run' "
            + "writes unless --out says otherwise; a scenario's golden copies sit beside it in <name>.golden/."
        ]),
      ManSection(
        title: "SEE ALSO",
        paragraphs: [
          "README.md and Docs/ in the AttributionSim repository; 'attrsim help <subcommand>' for each "
            + "command; 'attrsim completions' for shell completion."
        ]),
    ])

  /// The commands, in the order the help lists them; the parsed command's type is looked up
  /// here, so this list is both the tool's declaration and its dispatch.
  static var commands: CommandTree {
    CommandTree([
      .command(RunCommand.self),
      .command(SweepCommand.self),
      .command(MergeCommand.self),
      .group(
        name: "postback", abstract: "Work with postbacks received from devices.",
        entries: [.command(PostbackVerifyCommand.self)]),
      .command(CompareCommand.self),
      .group(
        name: "schema",
        abstract: "Check, explain, search for (optimize), learn (train), import or export conversion schemas.",
        entries: [
          .command(SchemaLintCommand.self), .command(SchemaExplainCommand.self), .command(SchemaOptimizeCommand.self),
          .command(SchemaTrainCommand.self), .command(SchemaImportCommand.self), .command(SchemaExportCommand.self),
        ]),
      .command(DecodeCommand.self),
      .command(CalibrateCommand.self),
      .command(FitCommand.self),
      .group(
        name: "privacy", abstract: "Infer Apple's crowd-anonymity model from evidence.",
        entries: [.command(PrivacyFitCommand.self)]),
      .command(VerifyCommand.self),
      .command(ValidateCommand.self),
      .command(CompletionsCommand.self),
    ])
  }
}
