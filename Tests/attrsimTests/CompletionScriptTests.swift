import AttributionTestSupport
import CommandLineKit
import Foundation
import Testing

@testable import attrsim

@Suite("Shell completion scripts")
struct CompletionScriptTests {
  static let spec = AttrsimTool.spec

  /// How a script spells an option: `--out` for bash and zsh, `-l out` for fish.
  private static func spellings(_ long: String, _ short: Character?, shell: Shell) -> [String] {
    switch shell {
    case .fish: return ["-l \(long)"] + (short.map { ["-s \($0)"] } ?? [])
    case .bash, .zsh: return ["--\(long)"] + (short.map { ["-\($0)"] } ?? [])
    }
  }

  @Test("Each script names every subcommand, nested ones included, and every option the parser knows", arguments: Shell.allCases)
  func namesEverything(shell: Shell) {
    let script = Self.spec.completionScript(for: shell)
    for path in Self.spec.commandPaths {
      #expect(script.contains(path.joined(separator: " ")), "\(shell): no command '\(path.joined(separator: " "))'")
    }
    var checked = 0
    for path in Self.spec.commandPaths {
      guard let command = Self.spec.command(at: path) else { continue }
      let named = command.options.map { ($0.name, $0.short) } + command.flags.map { ($0.name, $0.short) }
      for (long, short) in named {
        for spelling in Self.spellings(long, short, shell: shell) {
          checked += 1
          #expect(script.contains(spelling), "\(shell): \(path.joined(separator: " ")) lacks \(spelling)")
        }
      }
    }
    // The tree declares dozens of options; a spec read as empty would check nothing.
    #expect(checked > 30)
    #expect(script.contains("bash") && script.contains("zsh") && script.contains("fish"), "closed set of 'completions'")
  }

  @Test("The bash script parses in bash (bash -n)")
  func parsesInBash() throws { try parses(.bash) }

  @Test("The zsh script parses in zsh (zsh -n)", .enabled(if: ChildProcess.onPath("zsh") != nil, "needs zsh on PATH"))
  func parsesInZsh() throws { try parses(.zsh) }

  @Test("The fish script parses in fish (fish -n)", .enabled(if: ChildProcess.onPath("fish") != nil, "needs fish on PATH"))
  func parsesInFish() throws { try parses(.fish) }

  private func parses(_ shell: Shell) throws {
    let script = Self.spec.completionScript(for: shell)
    let problems = try #require(try ShellSyntax.problems(in: script, shell: shell.rawValue), "\(shell) is not on PATH")
    #expect(problems == "", "\(shell) -n: \(problems)")
  }

  /// The lines a shell completes, in a folder holding `quickstart.json` and `reports/`, each
  /// line's candidates sorted; nil when the shell is not installed.
  private static func completions(_ shell: Shell, _ lines: [String]) throws -> [[String]]? {
    guard let executable = ChildProcess.onPath(shell.rawValue) else { return nil }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent("quickstart.json"))
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("attrsim.\(shell.rawValue)")
    try spec.completionScript(for: shell).write(to: script, atomically: true, encoding: .utf8)
    return try lines.map { line in
      let program: String
      switch shell {
      case .bash:
        // The words as bash's completion splits them: a trailing space starts an empty word.
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
        program = """
          cd '\(folder.path)' && source '\(script.path)' && COMP_WORDS=(\(words.joined(separator: " "))) \
          && COMP_CWORD=\(words.count - 1) && _attrsim && printf '%s\\n' "${COMPREPLY[@]}"
          """
      case .fish:
        program = "cd '\(folder.path)'; and source '\(script.path)'; and complete -C '\(line)' | string replace -r '\\t.*' ''"
      case .zsh:
        // zsh completes only inside its line editor, so no test drives it; `zsh -n` checks the script.
        return []
      }
      let result = try ChildProcess.run(executable, ["-c", program])
      return result.output.split(separator: "\n").map(String.init).sorted()
    }
  }

  /// What completing each line must offer, the same in every shell that can be driven from a test.
  static let expected: [(line: String, candidates: [String])] = [
    ("attrsim sch", ["schema"]),
    ("attrsim schema lint --s", ["--scenario"]),
    ("attrsim postback verify --k", ["--key"]),
    ("attrsim completions ", ["bash", "fish", "zsh"]),
    ("attrsim run q", ["quickstart.json"]),
    ("attrsim run x.json --out ", ["reports/"]),
    ("attrsim run --seed ", []),
    ("attrsim help schema ", ["explain", "export", "import", "lint", "optimize", "train"]),
  ]

  @Test("The bash script completes subcommands, nested ones, options, closed values and paths")
  func completesInBash() throws { try completes(.bash) }

  @Test(
    "The fish script completes subcommands, nested ones, options, closed values and paths",
    .enabled(if: ChildProcess.onPath("fish") != nil, "needs fish on PATH"))
  func completesInFish() throws { try completes(.fish) }

  private func completes(_ shell: Shell) throws {
    let got = try #require(try Self.completions(shell, Self.expected.map(\.line)), "\(shell) is not on PATH")
    for (expected, candidates) in zip(Self.expected, got) {
      // bash shows a folder without its slash (compopt -o filenames adds it on screen).
      let wanted = expected.candidates.map { shell == .bash && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
      #expect(candidates == wanted, "\(shell): '\(expected.line)'")
    }
  }
}
