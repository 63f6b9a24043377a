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
      merge, schema checks and explanations, decoding, signature verification and regression \
      suites with golden copies.
      """,
    commands: [
      CommandSpec(
        name: "run", abstract: "Run a scenario and write its postbacks, conversions, summary and report.",
        discussion: """
          Writes postbacks.jsonl (signed), conversions.jsonl, summary.json, keys.json (the public \
          keys that verify the run's signatures), decoded.csv (the schema's decoding against the \
          truth), report.html (headline figures and charts on one self-contained page) and \
          report.md (the same figures as Markdown tables) into the output folder, each replaced \
          atomically; with --trace also trace.jsonl, every platform decision that changed an \
          outcome (rejected calls, replaced views, postbacks not sent). A scenario with problems \
          is reported in full and nothing is written (exit status 65). With --deliver, the \
          postbacks are then POSTed as JSON to their recipients in virtual-time order, retried as \
          the device retries (platform.postbackDelivery: 9 attempts a day apart by default), and \
          every attempt is logged to deliveries.jsonl; exit status 69 when any postback is given \
          up.
          """,
        arguments: [ArgumentSpec(name: "scenario", help: "The scenario file (JSON or JSON5).")],
        options: [
          OptionSpec(name: "seed", valueName: "n", help: "Use this seed instead of the scenario's."),
          OptionSpec(
            name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
            defaultDescription: "Reports/<scenario-name>"),
          OptionSpec(
            name: "shard", valueName: "i/n",
            help: "Simulate only slice I (from 0) of N of the users and write a partial result for 'attrsim merge'."),
          OptionSpec(
            name: "deliver", valueName: "url|scenario",
            help: "POST the postbacks after the run: to this receiver (keeping each recipient's path), or to the "
              + "scenario's endpoints (networks' postbackURL, the app's developer-copy endpoints)."),
          OptionSpec(
            name: "speed", valueName: "n",
            help: "Deliver at N virtual seconds per real second (3600: an hour a second), retries included.",
            defaultDescription: "as fast as the receiver answers"),
          OptionSpec(
            name: "deliver-timeout", valueName: "seconds", help: "How long to wait for each answer.",
            defaultDescription: "10"),
        ],
        flags: [
          FlagSpec(name: "trace", help: "Also write trace.jsonl: why each call, view or postback went as it did."),
          LargeWork.flag,
        ] + permissionFlags),
      CommandSpec(
        name: "sweep", abstract: "Run a scenario over a grid of settings and tabulate and chart the outcomes.",
        discussion: """
          Reads a sweep file (a base scenario, parameters given as JSON paths with their values, \
          replicates and a chart), runs every point and replicate with --jobs runs at once and \
          writes sweep.csv (one row per point and replicate, in point order), sweep.svg and \
          sweep.html (that chart, charts of other key outcomes and the rows, on one page). \
          Every point of a replicate uses the same seed: the same users behave the same way at \
          every point. With --shard I/N only the I-th of N slices of the rows runs, and \
          'attrsim merge' combines the slices into the same sweep.csv.
          """,
        arguments: [ArgumentSpec(name: "sweep", help: "The sweep file (JSON or JSON5).")],
        options: [
          OptionSpec(name: "jobs", short: "j", valueName: "n", help: "Runs at once.", defaultDescription: "all cores"),
          OptionSpec(
            name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
            defaultDescription: "Reports/<sweep-name>"),
          OptionSpec(
            name: "shard", valueName: "i/n", help: "Run only slice I (from 0) of N of the rows, for 'attrsim merge'."),
        ],
        flags: [LargeWork.flag] + permissionFlags),
      CommandSpec(
        name: "merge", abstract: "Combine the shards of a run or sweep into the outputs a whole one gives.",
        discussion: """
          Takes the folders written by 'attrsim run SCENARIO --shard I/N' for every I from 0 to \
          N-1, checks they come from one run of an unchanged scenario, counts every shard's \
          installs into the crowds before deciding any tier, and writes the same files as \
          'attrsim run' would have, byte for byte, reports included. Folders written by \
          'attrsim sweep --shard' merge into the sweep's sweep.csv, sweep.svg and sweep.html.
          """,
        arguments: [ArgumentSpec(name: "folders", help: "The shard folders.", isRepeating: true, completion: .directory)],
        options: [
          OptionSpec(
            name: "out", short: "o", valueName: "dir", help: "The folder to write into.",
            defaultDescription: "Reports/<scenario-name>")
        ],
        flags: [FlagSpec(name: "trace", help: "Also write trace.jsonl.")]),
      CommandSpec(
        name: "postback", abstract: "Work with postbacks received from devices.",
        subcommands: [
          CommandSpec(
            name: "verify", abstract: "Verify postbacks' signatures and report repeated ones.",
            discussion: """
              Reads postbacks (one JSON object per file, a JSON array, or JSON lines such as a run's \
              postbacks.jsonl) and prints for each whether its signature verifies, or why not, and \
              whether it repeats an earlier postback's transaction-id or postback-identifier. Apple's \
              published keys are built in; --key adds a PEM public key or a run's keys.json, whose \
              AdAttributionKit keys replace Apple's for the same key IDs. A valid postback is \
              warned about when an unsigned value is one no device sends (conversion-value 99, a \
              coarse value before 4.0, both values) and when its signature is high-S (malleable); \
              Docs/receiving-postbacks.md lists what a receiver must not trust. Exit status 1 when \
              any postback is invalid, 65 when a file holds none (empty, binary, not JSON); repeats \
              are reported, not invalid.
              """,
            arguments: [ArgumentSpec(name: "files", help: "Files of postbacks.", isRepeating: true)],
            options: [
              OptionSpec(
                name: "key", valueName: "file",
                help: "Also trust this key: a PEM public key or a run's keys.json (repeatable).")
            ])
        ]),
      CommandSpec(
        name: "compare", abstract: "Run a scenario under two or more schemas and compare their decoding.",
        discussion: """
          Runs the same scenario, seed and users once per schema (common random numbers: only the \
          schema differs) and prints, side by side, the share of first postbacks with a fine, \
          coarse or no value, true and decoded revenue, the revenue captured, unknown values, the \
          median time to the first useful signal and each campaign's ROAS error. Writes nothing.
          """,
        arguments: [ArgumentSpec(name: "scenario", help: "The scenario file (JSON or JSON5).")],
        options: [
          OptionSpec(name: "schema", valueName: "file", help: "A schema file to compare (repeat: two or more)."),
          OptionSpec(name: "seed", valueName: "n", help: "Use this seed instead of the scenario's."),
        ],
        flags: [LargeWork.flag] + permissionFlags),
      CommandSpec(
        name: "schema", abstract: "Check or explain conversion schemas.",
        subcommands: [
          CommandSpec(
            name: "lint", abstract: "Report reading errors and rules that cannot work as meant.",
            discussion: """
              Reports every reading error and every rule that never applies, fine values that \
              overlap, coarse mappings that never say 'high', locks outside their window and, with \
              --scenario, events no scenario performs; exit status 65 when any error is found \
              (warnings alone exit 0).
              """,
            arguments: [schemaFiles],
            options: [
              OptionSpec(
                name: "scenario", valueName: "file",
                help: "Check the schema's events against this scenario's (repeatable).")
            ]),
          CommandSpec(
            name: "explain", abstract: "Print what each fine and coarse value means and when each window locks.",
            arguments: [schemaFiles]),
        ]),
      CommandSpec(
        name: "decode", abstract: "Decode postbacks with a schema, per campaign and window.",
        discussion: """
          Reads postbacks (a run's postbacks.jsonl, or Apple's JSON bodies: one object, an array \
          or one per line), skips developer copies, repeated transaction-ids and non-winning \
          postbacks, decodes each value with the schema and prints fine, coarse, none and unknown \
          counts, decoded revenue and events per campaign and window. --scenario names campaigns \
          by their source identifiers (and supplies its schema when --schema is not given); --out \
          writes each postback's decoding as JSON lines. Signatures are not checked: see \
          'attrsim postback verify'.
          """,
        arguments: [ArgumentSpec(name: "postbacks", help: "Files of postbacks.", isRepeating: true)],
        options: [
          OptionSpec(name: "schema", valueName: "file", help: "The schema to decode with."),
          OptionSpec(name: "scenario", valueName: "file", help: "Name networks and campaigns from this scenario."),
          OptionSpec(name: "out", short: "o", valueName: "file", help: "Write each postback's decoding (JSON lines)."),
        ]),
      CommandSpec(
        name: "verify", abstract: "Replay scenarios and check their expectations and golden copies.",
        discussion: """
          Runs every scenario under the paths (files, or folders searched for scenarios; schemas \
          and sweeps are skipped), checks its 'expect' block (postbacks of scripted users, figures \
          of summary.json) and compares its outputs with the golden copies in the folder beside \
          it (quickstart.json → quickstart.golden/), when there is one. Each difference is shown: \
          the postback or file, the field, expected and got, the user and the rules that produced \
          it. Ends with 'N passed, N failed'; exit status 0 only when all pass. Scenarios run \
          --jobs at once and are reported in the order found. --filter keeps the scenarios whose \
          path contains the pattern, or, with * ? or [ in it, whose path or file name matches it \
          as a glob; the others are skipped.
          """,
        arguments: [ArgumentSpec(name: "paths", help: "Scenario files or folders.", isRepeating: true)],
        options: [
          OptionSpec(
            name: "junit", valueName: "file",
            help: "Also write the results as JUnit XML (times in seconds, skipped scenarios, failures with their differences)."),
          OptionSpec(name: "jobs", short: "j", valueName: "n", help: "Scenarios verified at once.", defaultDescription: "all cores"),
          OptionSpec(
            name: "filter", valueName: "pattern",
            help: "Verify only the scenarios whose path contains PATTERN or matches it as a glob (repeatable: any)."),
          OptionSpec(
            name: "keep-failed", valueName: "dir",
            help: "Keep each failed scenario's outputs in DIR/<scenario path without .json>/ for inspection."),
          OptionSpec(
            name: "format", valueName: "text|json", help: "Print readable reports, or one JSON summary for other tools.",
            defaultDescription: "text", completion: .values(VerifyCommand.formats)),
        ],
        flags: [
          FlagSpec(
            name: "update-golden",
            help: "Rewrite golden copies from the outputs (creating them when missing) and list those that changed."),
          FlagSpec(name: "verbose", short: "v", help: "List every check, passed or not, and the files skipped."),
          LargeWork.flag,
        ] + permissionFlags),
      CommandSpec(
        name: "validate", abstract: "Check scenario files without running them.",
        discussion: """
          Reports every problem in every file; exit status 65 when any file has one (66 when \
          the only problems are files that cannot be read). Notes which scenarios need \
          --allow-commands or --allow-network to run.
          """,
        arguments: [ArgumentSpec(name: "scenarios", help: "The scenario files to check.", isRepeating: true)],
        flags: [LargeWork.flag]),
      CommandSpec(
        name: "completions", abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
          The script is generated from attrsim's own command tree, so it completes every \
          subcommand and option of this version. Install it where the shell looks: \
          'attrsim completions bash > ~/.local/share/bash-completion/completions/attrsim', \
          'attrsim completions zsh > ~/.zfunc/_attrsim' (with ~/.zfunc in fpath before compinit), \
          'attrsim completions fish > ~/.config/fish/completions/attrsim.fish'.
          """,
        arguments: [
          ArgumentSpec(
            name: "shell", help: "bash, zsh or fish.",
            completion: .values(Shell.allCases.map(\.rawValue)))
        ]),
    ],
    exitStatuses: [
      ExitStatusNote(.success, "Success."),
      ExitStatusNote(.failure, "A check failed (verify, postback verify)."),
      ExitStatusNote(
        .usage,
        "A usage error, including a scenario that would start a program or reach another machine without "
          + "--allow-commands or --allow-network."),
      ExitStatusNote(.dataError, "A problem in an input file's content."),
      ExitStatusNote(.noInput, "An input file missing or unreadable (no such file, a directory, permission denied)."),
      ExitStatusNote(.unavailable, "A postback given up by --deliver."),
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

  /// The schema files `schema lint` and `schema explain` read.
  static let schemaFiles = ArgumentSpec(name: "schemas", help: "Schema files (JSON or JSON5).", isRepeating: true)

  /// The opt-ins for what a scenario may do beyond simulating; without them attrsim refuses,
  /// before anything is written or started.
  static let permissionFlags = [
    FlagSpec(
      name: "allow-commands",
      help: "Let the scenario start the program its SDK model names (app.sdk.model.command)."),
    FlagSpec(
      name: "allow-network",
      help: "Let the scenario reach hosts other than this machine (app.sdk.model.endpoint; with --deliver scenario, its "
        + "recipients). Loopback (127.0.0.0/8, ::1, localhost) needs no option."),
  ]
}
