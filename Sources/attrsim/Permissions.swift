import AttributionSim
import CommandLineKit
import Foundation

/// `--allow-commands` and `--allow-network`: what the person running attrsim lets scenarios do
/// beyond simulating. Checked before anything is written, run or sent.
struct Permissions {
  /// The option that allows starting programs.
  static let commandsOption = "--allow-commands"
  /// The option that allows connecting to hosts other than this machine.
  static let networkOption = "--allow-network"

  let commands: Bool
  let network: Bool

  init(_ command: ParsedCommand) {
    commands = command.flag("allow-commands")
    network = command.flag("allow-network")
  }

  /// The option that allows `permission`.
  static func option(for permission: ScenarioPermission) -> String {
    permission.startsProgram ? commandsOption : networkOption
  }

  /// Whether everything in `needed` is allowed; otherwise prints, for `file`, each refusal with
  /// the option that allows it.
  func allow(_ needed: [ScenarioPermission], file: String) -> Bool {
    let refused = needed.filter { $0.startsProgram ? !commands : !network }
    for permission in refused {
      Console.error(
        "\(file): error: \(permission.path): the scenario \(permission); attrsim does this only with "
          + "\(Self.option(for: permission)), given when you trust the scenario")
    }
    if !refused.isEmpty { Console.error("\(file): nothing was run or written") }
    return refused.isEmpty
  }
}

extension ParsedCommand {
  /// The value of a path option (`--out`, `--junit`…); an empty path is a usage error rather
  /// than the current folder.
  func path(_ option: String) throws(UsageError) -> String? {
    guard let value = value(of: option) else { return nil }
    if value.trimmingCharacters(in: .whitespaces).isEmpty {
      throw usageError("The value '\(value)' is invalid for '--\(option)': expected a path, not an empty string")
    }
    return value
  }
}

extension ExitStatus {
  /// 66 when the file named on the command line could not be opened, else 65: its content is wrong.
  static func loading(_ error: ScenarioLoadError) -> ExitStatus {
    guard let problem = error.unreadable, !problem.isContentProblem else { return .dataError }
    return .noInput
  }
}

extension FileManager {
  /// Whether `path` names an existing directory.
  func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
