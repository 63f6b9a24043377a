import AttributionSim
import CommandLineKit

/// `attrsim validate SCENARIO…`.
enum ValidateCommand {
  static func execute(_ command: ParsedCommand) -> ExitStatus {
    var failed = 0
    let files = command.arguments(named: "scenarios")
    for path in files {
      do {
        let scenario = try ScenarioLoader.load(path: path, limits: LargeWork.limits(command))
        Console.out(
          "\(path): ok (\(scenario.userCount) users, \(scenario.adNetworks.count) ad networks, "
            + "\(scenario.adNetworks.reduce(0) { $0 + $1.campaigns.count }) campaigns)")
      } catch {
        failed += 1
        for diagnostic in error.diagnostics { Console.error(diagnostic.description) }
      }
    }
    if failed > 0 {
      Console.error("\(failed) of \(files.count) \(files.count == 1 ? "file has" : "files have") problems")
      return .dataError
    }
    return .success
  }
}
