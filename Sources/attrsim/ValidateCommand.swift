import AttributionSim
import CommandLineKit

/// `attrsim validate SCENARIO…`.
struct ValidateCommand: DeclaredCommand {
  @Argument(
    name: "scenarios", help: "The scenario files to check.", parsing: .inputPath)
  var files: [String]
  let largeWork = LargeWork()

  static let configuration = spec(
    name: "validate", abstract: "Check scenario files without running them.",
    discussion: """
      Reports every problem in every file; exit status 65 when any file has one (66 when \
      the only problems are files that cannot be read). Notes which scenarios need \
      --allow-commands or --allow-network to run.
      """)

  var limits: WorkLimits { largeWork.limits }

  func run() -> ExitStatus {
    var failed = 0
    var unreadableOnly = true
    for path in files {
      do {
        let scenario = try ScenarioLoader.load(path: path, limits: limits)
        Console.out(
          "\(path): ok (\(scenario.userCount) users, \(scenario.adNetworks.count) ad networks, "
            + "\(scenario.adNetworks.reduce(0) { $0 + $1.campaigns.count }) campaigns)")
        Console.warnings(scenario.warnings)
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
        var printer = ProblemPrinter()
        for diagnostic in error.diagnostics { printer.print(diagnostic) }
        printer.finish(file: path)
      }
    }
    if failed > 0 {
      Console.error("\(failed) of \(files.count) \(files.count == 1 ? "file has" : "files have") problems")
      return unreadableOnly ? .noInput : .dataError
    }
    return .success
  }
}
