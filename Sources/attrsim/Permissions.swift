import AttributionSim
import CommandLineKit
import Foundation

/// `--allow-commands` and `--allow-network`: what the person running attrsim lets scenarios do
/// beyond simulating. Checked before anything is written, run or sent.
struct Permissions {
  /// The flag that allows starting programs.
  static let commandsFlag = Flag(
    name: "allow-commands", help: "Let the scenario start the program its SDK model names (app.sdk.model.command).")
  /// The flag that allows connecting to hosts other than this machine.
  static let networkFlag = Flag(
    name: "allow-network",
    help: "Let the scenario reach hosts other than this machine (app.sdk.model.endpoint; with --deliver scenario, its "
      + "recipients). Loopback (127.0.0.0/8, ::1, localhost) needs no option.")
  /// Both flags, for the commands that run scenarios; without them attrsim refuses, before
  /// anything is written or started.
  static let flags = [commandsFlag.spec, networkFlag.spec]
  /// The option that allows starting programs, as messages name it.
  static let commandsOption = "--\(commandsFlag.spec.name)"
  /// The option that allows connecting to hosts other than this machine, as messages name it.
  static let networkOption = "--\(networkFlag.spec.name)"

  let commands: Bool
  let network: Bool

  /// What the command line allows.
  init(_ values: inout CommandValues) {
    commands = values.read(Self.commandsFlag)
    network = values.read(Self.networkFlag)
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
