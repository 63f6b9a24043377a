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

  @Test("Each script parses in its shell (bash -n, zsh -n, fish -n) where that shell is installed", arguments: Shell.allCases)
  func parses(shell: Shell) throws {
    let script = Self.spec.completionScript(for: shell)
    guard let problems = try ShellSyntax.problems(in: script, shell: shell.rawValue) else { return }
    #expect(problems == "", "\(shell) -n: \(problems)")
  }

  @Test("The bash script completes subcommands, nested ones, options, closed values and paths")
  func bashCompletes() throws {
    guard let bash = ShellSyntax.path(of: "bash") else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
    try Data().write(to: folder.appendingPathComponent("quickstart.json"))
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = folder.appendingPathComponent("attrsim.bash")
    try Self.spec.completionScript(for: .bash).write(to: script, atomically: true, encoding: .utf8)

    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let program = """
        cd '\(folder.path)' && source attrsim.bash && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) \
        && _attrsim && printf '%s\\n' "${COMPREPLY[@]}"
        """
      let result = try ShellSyntax.run(bash, ["-c", program])
      return result.output.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try complete(["attrsim", "sch"]) == ["schema"])
    #expect(try complete(["attrsim", "schema", ""]) == ["--help", "-h", "explain", "lint"])
    #expect(try complete(["attrsim", "schema", "lint", "--s"]) == ["--scenario"])
    #expect(try complete(["attrsim", "postback", "verify", "--"]) == ["--help", "--key"])
    #expect(try complete(["attrsim", "completions", ""]) == ["bash", "fish", "zsh"])
    #expect(try complete(["attrsim", "run", "q"]) == ["quickstart.json"])
    #expect(try complete(["attrsim", "run", "x.json", "--out", ""]) == ["reports"])
    #expect(try complete(["attrsim", "run", "--seed", ""]) == [])
    #expect(try complete(["attrsim", "help", "schema", ""]) == ["explain", "lint"])
  }
}
