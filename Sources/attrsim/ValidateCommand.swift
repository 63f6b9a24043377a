import AttributionSim
import CommandLineKit

/// `attrsim validate SCENARIO…`.
enum ValidateCommand {
  static func execute(_ command: ParsedCommand) -> ExitStatus {
    var failed = 0
    var unreadableOnly = true
    let files = command.arguments(named: "scenarios")
    for path in files {
      do {
        let scenario = try ScenarioLoader.load(path: path, limits: LargeWork.limits(command))
        Console.out(
          "\(path): ok (\(scenario.userCount) users, \(scenario.adNetworks.count) ad networks, "
            + "\(scenario.adNetworks.reduce(0) { $0 + $1.campaigns.count }) campaigns)")
        // Not a problem of the file: a note that running it needs an option.
        for permission in scenario.requiredPermissions {
          Console.out(
            "\(path): note: \(permission.path): the scenario \(permission); run, sweep, compare and verify need "
              + "\(Permissions.option(for: permission))")
        }
        for permission in scenario.deliveryPermissions {
          Console.out(
            "\(path): note: \(permission.path): delivering with --deliver scenario \(permission) and needs "
              + "\(Permissions.networkOption)")
        }
      } catch {
        failed += 1
        unreadableOnly = unreadableOnly && ExitStatus.loading(error) == .noInput
        for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
      }
    }
    if failed > 0 {
      Console.error("\(failed) of \(files.count) \(files.count == 1 ? "file has" : "files have") problems")
      return unreadableOnly ? .noInput : .dataError
    }
    return .success
  }
}
