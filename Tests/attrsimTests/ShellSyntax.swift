import AttributionTestSupport
import Foundation

/// Checks a script with a shell's own parser (`bash -n`), when that shell is installed.
enum ShellSyntax {
  /// The shell's complaints about the script (empty when it parses), or nil without the shell.
  static func problems(in script: String, shell: String) throws -> String? {
    guard let executable = ChildProcess.onPath(shell) else { return nil }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
    try script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try ChildProcess.run(executable, ["-n", file.path])
    return result.status == 0 ? "" : result.output
  }
}
