import AttributionSim
import CommandLineKit
import Foundation

/// `--allow-commands` and `--allow-network`: what the person running attrsim lets scenarios do
/// beyond simulating. Checked before anything is written, run or sent.
struct Permissions {
  private static let commandsName = "allow-commands"
  private static let networkName = "allow-network"
  /// The option that allows starting programs, as messages name it.
  static let commandsOption = "--\(commandsName)"
  /// The option that allows connecting to hosts other than this machine, as messages name it.
  static let networkOption = "--\(networkName)"

  /// Whether the scenario may start programs.
  @Flag(
    name: Permissions.commandsName,
    help: "Let the scenario start the program its SDK model names (app.sdk.model.command).")
  var commands: Bool
  /// Whether the scenario may connect to hosts other than this machine.
  @Flag(
    name: Permissions.networkName,
    help: "Let the scenario reach hosts other than this machine (app.sdk.model.endpoint; with --deliver scenario, its "
      + "recipients). Loopback (127.0.0.0/8, ::1, localhost) needs no option.")
  var network: Bool

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
