import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Calibration files: what `attrsim calibrate` writes reads back the same, and a file made for
/// another schema or scenario is refused with the file, path, expected and found.
@Suite("Calibration files")
struct CalibrationFileTests {
  private func scenario() throws -> Scenario {
    try TestScenarios.load(TestScenarios.scripted(users: TestScenarios.alice))
  }

  private func write(_ calibration: Calibration) throws -> String {
    let folder = try TemporaryFolder.create("calibration")
    let path = folder.appendingPathComponent("alice.calibration.json").path
    try Data(calibration.json.serialized(pretty: true).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a calibration written and read back is the same calibration, cells, seeds and digest included")
  func roundTrip() throws {
    let scenario = try scenario()
    let calibration = Calibrator.calibrate(
      scenario, settings: CalibrationSettings(installs: 2, minimumRuns: 1, maximumRuns: 4, minimumCellInstalls: 1))
    #expect(!calibration.cells.isEmpty && calibration.seeds.count == 2)
    let path = try write(calibration)
    let read = try ScenarioLoader.loadCalibration(path: path, for: scenario.schema, scenario: scenario.name)
    #expect(read == calibration)
    #expect(read.schemaDigest == scenario.schema.digest && read.schemaDigest.count == 64)
  }

  @Test("a schema's digest ignores its description and decoding settings, not its values")
  func digestCoversValuesOnly() throws {
    let base = "fineValue: { revenueBuckets: [1, 10] }"
    let plain = try TestScenarios.schema("{ version: 1, \(base) }")
    let described = try TestScenarios.schema("{ version: 1, description: \"x\", decoding: { estimate: \"lower\" }, \(base) }")
    let other = try TestScenarios.schema("{ version: 1, fineValue: { revenueBuckets: [1, 20] } }")
    #expect(plain.digest == described.digest)
    #expect(plain.digest != other.digest)
  }

  @Test("a calibration for another schema is refused naming the file, schemaDigest and both digests")
  func otherSchemaRefused() throws {
    let scenario = try scenario()
    var calibration = Calibration(
      scenario: scenario.name, schemaDigest: String(repeating: "ab", count: 32), currency: "USD",
      eventNames: scenario.schema.eventNames, windowCount: 3, minimumInstalls: 1, seeds: [1], installs: 0, cells: [:])
    let path = try write(calibration)
    do {
      _ = try ScenarioLoader.loadCalibration(path: path, for: scenario.schema)
      Issue.record("a calibration for another schema was accepted")
    } catch {
      #expect(error.description.contains(path) && error.description.contains("schemaDigest"))
      #expect(error.description.contains("found abababababab…") && error.description.contains("another schema"))
    }
    calibration.schemaDigest = scenario.schema.digest
    calibration.scenario = "quickstart"
    let renamed = try write(calibration)
    do {
      _ = try ScenarioLoader.loadCalibration(path: renamed, for: scenario.schema, scenario: scenario.name)
      Issue.record("a calibration from another scenario was accepted")
    } catch {
      #expect(error.description.contains("expected the scenario whose postbacks are decoded ('\(scenario.name)'), found 'quickstart'"))
    }
  }

  @Test("a cell with an unknown signal is refused with its JSON path and the signals expected")
  func badSignal() throws {
    let scenario = try scenario()
    let calibration = Calibration(
      scenario: scenario.name, schemaDigest: scenario.schema.digest, currency: "USD",
      eventNames: scenario.schema.eventNames, windowCount: 3, minimumInstalls: 1, seeds: [1], installs: 1,
      cells: [
        CalibrationCell.Key(window: 0, signal: .fine(3), source: CalibrationCell.Source(network: "alpha", campaign: "broad")):
          CalibrationCell(installs: 1, revenue: 1, eventUsers: [0, 0, 0])
      ])
    let path = try write(calibration)
    let text = try String(contentsOfFile: path, encoding: .utf8).replacing("fine:3", with: "fine:64")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: ScenarioLoadError.self) { try ScenarioLoader.loadCalibration(path: path, for: scenario.schema) }
    do {
      _ = try ScenarioLoader.loadCalibration(path: path, for: scenario.schema)
    } catch {
      #expect(error.description.contains("cells[0].signal") && error.description.contains("found 'fine:64'"))
    }
  }
}
