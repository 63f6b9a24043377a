import AttributionSim
import FuzzSupport

/// The scenario reader on any text: a scenario or a list of diagnostics, never a crash. Relative
/// schema paths resolve among the seed scenarios, so mutated scenarios reach the schema reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  do {
    _ = try ScenarioLoader.parse(FuzzInput.text(data, size), file: "fuzz.json", baseDirectory: FuzzInput.scenarios)
  } catch {
    precondition(!error.diagnostics.isEmpty, "a scenario was refused without a diagnostic")
  }
  return 0
}
