import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim calibrate SCENARIO --out FILE [--schema FILE] [--seed N] [--calibration-installs N]`:
/// learns the calibrated decoder from runs of the scenario and saves it for `attrsim decode`.
struct CalibrateCommand: DeclaredCommand {
  @Argument(name: "scenario", help: "The scenario file (JSON or JSON5).", parsing: .inputPath)
  var path: String
  @Option(
    name: "out", short: "o", valueName: "file", help: "The calibration file to write (JSON; - for standard output).", parsing: .outputPath)
  var outFile: String?
  @Option(
    name: "schema", valueName: "file", help: "Calibrate this schema instead of the scenario's.", parsing: .inputPath)
  var schemaPath: String?
  @Option(
    name: "seed", valueName: "n", help: "Derive the calibration seeds from this seed instead of the scenario's.",
    parsing: .integer(in: 0...Int(Int64.max)))
  var seed: Int?
  let installs = DecodingOptions.Installs()
  let largeWork = LargeWork()
  let permissions = Permissions()

  static let configuration = spec(
    name: "calibrate", abstract: "Learn the calibrated decoder from runs of a scenario and save it.",
    discussion: """
      Simulates the scenario's behaviour under seeds of their own (hashed from the scenario \
      seed, never the evaluated runs' seeds), pooled until they hold --calibration-installs \
      attributed installs, and writes, for each window, value (fine, coarse, none or missing) \
      and source the postback names, the installs and their true revenue and events. \
      'attrsim decode --calibration FILE' values postbacks from anywhere with it; it is refused \
      for any other schema (the file keeps the schema's digest). Nothing is written when the \
      scenario or schema has problems.
      """)

  // The order attrsim has always reported mistakes in, which is not the help's.
  static var readingOrder: [ReadingStep<Self>] {
    [.value("--seed"), .value("--calibration-installs"), .value("--out"), .check(Self.checkOutNamed)]
  }

  private func checkOutNamed() throws(ValidationError) {
    if outFile == nil { throw ValidationError("Name the calibration file to write: --out FILE") }
  }

  /// Given: `readingOrder` refuses a command line without it.
  var out: String { outFile ?? "" }
  var settings: CalibrationSettings { installs.settings }
  var limits: WorkLimits { largeWork.limits }

  func run() -> ExitStatus {
    if FileManager.default.isDirectory(out) {
      Console.error("\(out): error: cannot write the calibration: is a directory (expected a file path for -o)")
      return .ioError
    }
    if let obstacle = OutputFile(out).obstacle() {
      Console.error("error: \(obstacle.description); nothing was calibrated")
      return .writing(obstacle)
    }
    var scenario: Scenario
    switch ScenarioPreparation.prepare(path, limits: limits, permissions: permissions, seed: seed) {
    case .success(let prepared): scenario = prepared
    case .failure(let status): return status.exitStatus
    }
    if let schemaPath {
      if let stopped = ScenarioPreparation.replaceSchema(of: &scenario, with: schemaPath) { return stopped }
    }
    if let obstacle = Calibrator.obstacle(scenario) {
      Console.error("\(path): error: cannot calibrate: \(obstacle); nothing was written")
      return .dataError
    }
    let calibration = Calibrator.calibrate(scenario, settings: settings)
    // A calibration of nothing would value every postback at its range's midpoint while saying
    // it is calibrated.
    guard calibration.installs > 0 else {
      Console.error(
        "\(path): error: cannot calibrate: \(calibration.seeds.count) runs gave no attributed installs (expected at least "
          + "one install a network's postback is attributed to); nothing was written")
      return .dataError
    }
    let output = JSONFileOutput(path: out)
    if let failed = output.write(calibration.json) { return failed }
    // With -o -, standard output holds the calibration alone.
    output.say(
      "\(scenario.name): calibrated on \(calibration.seeds.count) runs, \(calibration.installs) attributed installs, "
        + "\(calibration.cells.count) cells (cells under \(calibration.minimumInstalls) installs fall back)")
    output.sayWritten()
    return .success
  }
}
