import Foundation

/// Checks a script with a shell's own parser (`bash -n`), when that shell is installed.
enum ShellSyntax {
  /// The shell's path on this machine, or nil when it is not installed.
  static func path(of shell: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return folders.map { "\($0)/\(shell)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The shell's complaints about the script (empty when it parses), or nil without the shell.
  static func problems(in script: String, shell: String) throws -> String? {
    guard let executable = path(of: shell) else { return nil }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
    try script.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try run(executable, ["-n", file.path])
    return result.status == 0 ? "" : result.output
  }

  /// Runs a program to its end: exit status and standard error and output together.
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
