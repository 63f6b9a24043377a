import CommandLineKit
import Foundation
import Testing

@testable import attrsim

@Suite("attrsim's commands: each type's declarations, its typed values and the dispatch to it")
struct CommandDeclarationTests {
  static let spec = AttrsimTool.spec
  static var tree: CommandTree { AttrsimTool.commands }
  /// A scenario that exists, for `verify`, which refuses paths that do not.
  static let quickstart = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios/quickstart.json").path

  /// The values of a command line the parser accepts, with the type that reads them.
  private static func parsed(_ words: [String]) throws -> (type: any Command.Type, values: CommandValues) {
    guard case .command(let parsed) = spec.parse(words) else {
      throw UsageError("'\(words.joined(separator: " "))' does not parse")
    }
    let type = try #require(tree.type(at: parsed.commandPath), "no type for \(parsed.commandPath)")
    return (type, CommandValues(parsed))
  }

  /// A command of `type` read from `words`.
  private static func command<T: Command>(_ type: T.Type, _ words: [String]) throws -> T {
    var values = try parsed(words).values
    return try T.make(&values)
  }

  @Test("Every command path names a type whose declaration is the one the help shows; groups name none")
  func treeMatchesSpec() {
    var leaves = 0
    for path in Self.spec.commandPaths {
      guard let command = Self.spec.command(at: path) else { continue }
      if command.subcommands.isEmpty {
        leaves += 1
        #expect(Self.tree.type(at: path)?.configuration == command, "\(path)")
      } else {
        #expect(Self.tree.type(at: path) == nil, "\(path)")
      }
    }
    #expect(leaves == 18)
  }

  /// A shortest command line for each command (its path, then its words); every command has one.
  static let samples: [(path: [String], words: [String])] = [
    (["run"], ["s.json"]), (["sweep"], ["s.json"]), (["merge"], ["shard-0"]), (["postback", "verify"], ["p.json"]),
    (["compare"], ["s.json", "--schema", "a.json", "--schema", "b.json"]), (["schema", "lint"], ["a.json"]),
    (["schema", "explain"], ["a.json"]), (["schema", "optimize"], ["s.json"]),
    (["schema", "train"], ["s.json", "--out", "p.json"]), (["schema", "import"], ["g.json", "--out", "a.json"]),
    (["schema", "export"], ["a.json", "--to", "ga4", "--out", "g.json"]), (["decode"], ["--schema", "a.json", "p.json"]),
    (["calibrate"], ["s.json", "--out", "c.json"]), (["fit"], ["s.json"]),
    (["privacy", "fit"], ["s.json", "--postbacks", "p.jsonl"]), (["verify"], [quickstart]),
    (["validate"], ["s.json"]), (["completions"], ["zsh"]),
  ]

  @Test("Every command reads every argument, option and flag it declares")
  func readsEverything() throws {
    let leaves = Self.spec.commandPaths.filter { Self.spec.command(at: $0)?.subcommands.isEmpty == true }
    #expect(Self.samples.map(\.path) == leaves)
    for (path, words) in Self.samples {
      var (type, values) = try Self.parsed(path + words)
      _ = try type.init(&values)
      #expect(values.unread.isEmpty, "\(path.joined(separator: " ")) leaves \(values.unread) unread")
    }
  }

  @Test("--estimator and --calibration-installs are read by run and compare, --calibration by decode; calibrate needs --out")
  func decodingOptions() throws {
    let run = try Self.command(RunCommand.self, ["run", "s.json", "--estimator", "lower", "--calibration-installs", "900"])
    #expect(run.decoding.estimator == .lowerBound && run.decoding.settings.installs == 900)
    #expect(try Self.command(RunCommand.self, ["run", "s.json"]).decoding.estimator == nil)
    let compare = try Self.command(
      CompareCommand.self, ["compare", "s.json", "--schema", "a", "--schema", "b", "--estimator", "midpoint"])
    #expect(compare.decoding.estimator == .midpoint)
    let decode = try Self.command(DecodeCommand.self, ["decode", "--schema", "a", "--calibration", "c.json", "p"])
    #expect(decode.calibrationPath == "c.json" && decode.estimator == nil)
    let calibrate = try Self.command(CalibrateCommand.self, ["calibrate", "s.json", "-o", "c.json", "--calibration-installs", "50"])
    #expect(calibrate.out == "c.json" && calibrate.settings.installs == 50 && calibrate.path == "s.json")
    #expect(throws: UsageError.self) { try Self.command(CalibrateCommand.self, ["calibrate", "s.json"]) }
    #expect(throws: UsageError.self) { try Self.command(RunCommand.self, ["run", "s.json", "--estimator", "mean"]) }
  }

  @Test("run's options are read into typed values")
  func runValues() throws {
    let run = try Self.command(
      RunCommand.self,
      ["run", "s.json", "--seed", "7", "-o", "out", "--shard", "1/4", "--trace", "--allow-large", "--allow-commands"])
    #expect(run.path == "s.json" && run.seed == 7 && run.out == "out" && run.shard?.description == "1/4")
    #expect(run.trace && run.limits == .large && run.permissions.commands && !run.permissions.network)
    #expect(run.delivery == nil)

    let delivering = try Self.command(
      RunCommand.self, ["run", "s.json", "--deliver", "http://127.0.0.1:8080", "--speed", "3600", "--deliver-timeout", "2"])
    #expect(delivering.delivery?.destination == "http://127.0.0.1:8080")
    #expect(delivering.delivery?.options.speed == 3600 && delivering.delivery?.options.timeout == 2)
    #expect(delivering.shard == nil && delivering.seed == nil && !delivering.trace && delivering.limits == .standard)
    let scenario = try Self.command(RunCommand.self, ["run", "s.json", "--deliver", "scenario"])
    #expect(scenario.delivery?.target == .scenario)
  }

  @Test("verify's, compare's, decode's and completions' options are read into typed values")
  func otherValues() throws {
    let verify = try Self.command(
      VerifyCommand.self,
      [
        "verify", Self.quickstart, "--format", "json", "-j", "3", "--filter", "a", "--filter", "b", "--update-golden", "-v",
        "--junit", "j.xml", "--keep-failed", "k", "--allow-network",
      ])
    #expect(verify.paths == [Self.quickstart] && verify.format == .json && verify.jobs == 3)
    #expect(verify.filter.patterns == ["a", "b"] && verify.updateGolden && verify.verbose)
    #expect(verify.junit == "j.xml" && verify.keepFailed == "k" && verify.permissions.network)
    let defaults = try Self.command(VerifyCommand.self, ["verify", Self.quickstart])
    #expect(defaults.format == .text && defaults.jobs == ProcessInfo.processInfo.activeProcessorCount && !defaults.verbose)

    let compare = try Self.command(CompareCommand.self, ["compare", "s.json", "--schema", "a", "--seed", "3", "--schema", "b"])
    #expect(compare.schemaPaths == ["a", "b"] && compare.seed == 3)
    let decode = try Self.command(DecodeCommand.self, ["decode", "--scenario", "s.json", "p1", "p2", "-o", "d.jsonl"])
    #expect(decode.files == ["p1", "p2"] && decode.scenarioPath == "s.json" && decode.schemaPath == nil && decode.out == "d.jsonl")
    let sweep = try Self.command(SweepCommand.self, ["sweep", "w.json", "-j", "2", "--shard", "0/3"])
    #expect(sweep.jobs == 2 && sweep.shard?.description == "0/3")
    #expect(try Self.command(CompletionsCommand.self, ["completions", "fish"]).shell == .fish)
    #expect(VerifyCommand.configuration.options.first { $0.name == "format" }?.completion == .values(["text", "json"]))
  }

  /// Values of the wrong kind, and the first mistake of several, with the messages attrsim has
  /// always given (Docs and other tools quote them).
  static let refusals: [(words: [String], message: String)] = [
    (["run", "s.json", "--seed", "x"], "The value 'x' is invalid for '--seed <n>': expected an integer from 0 to 9223372036854775807"),
    (["run", "s.json", "--out", " "], "The value ' ' is invalid for '--out': expected a path, not an empty string"),
    (
      ["run", "s.json", "--shard", "2/2"],
      "The value '2/2' is invalid for '--shard <i/n>': expected I/N with N from 1 to 1000000 and I from 0 to N-1, e.g. 0/4, "
        + "or auto (a Slurm array's task) or auto/N (a Kubernetes Indexed Job's)"
    ),
    (["run", "s.json", "--deliver-timeout", "3"], "'--deliver-timeout' paces delivery and needs '--deliver <url|scenario>'"),
    (
      ["run", "s.json", "--deliver", "ftp://x", "--out", "", "--shard", "9"],
      "'--deliver' cannot be used with '--shard': a shard's postbacks are not final until 'attrsim merge' has decided their tiers"
    ),
    (
      ["run", "s.json", "--deliver", "ftp://x"],
      "The value 'ftp://x' is invalid for '--deliver <url|scenario>': expected an http:// or https:// URL such as "
        + "http://127.0.0.1:8080, or 'scenario' for the scenario's own endpoints"
    ),
    (
      ["run", "s.json", "--deliver", "http://127.0.0.1:1", "--speed", "abc"],
      "The value 'abc' is invalid for '--speed <n>': expected a number from 0.001 to 1000000000 virtual seconds per real second"
    ),
    (
      ["run", "s.json", "--seed", "-1", "--deliver", "ftp://x"],
      "The value '-1' is invalid for '--seed <n>': expected an integer from 0 to 9223372036854775807"
    ),
    (["sweep", "s", "-j", "257", "--shard", "x"], "The value '257' is invalid for '--jobs <n>': expected an integer from 1 to 256"),
    (["merge", "--out", "", "x"], "The value '' is invalid for '--out': expected a path, not an empty string"),
    (["compare", "s", "--schema", "a"], "Give at least two schemas to compare: --schema A --schema B"),
    (["decode", "x", "--out", ""], "Name the schema to decode with: --schema FILE (or --scenario FILE for its schema)"),
    (["verify", "x", "--format", "xml"], "The value 'xml' is invalid for '--format': expected text or json"),
    (["verify", "x", "--keep-failed", "", "--jobs", "0"], "The value '' is invalid for '--keep-failed': expected a path, not an empty string"),
    (["completions", "tcsh"], "Unknown shell 'tcsh'; expected one of 'bash', 'zsh', 'fish'"),
  ]

  @Test("A value of the wrong kind is refused with the message it always had, the first mistake first", arguments: refusals)
  func refusal(words: [String], message: String) throws {
    var (type, values) = try Self.parsed(words)
    let path = values.commandPath
    #expect(throws: UsageError(message, commandPath: path)) { _ = try type.make(&values) }
  }
}
