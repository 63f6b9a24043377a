import AttributionSim
import FuzzSupport

/// The sweep reader on any text: every point's scenario or a list of diagnostics, never a crash.
/// The base scenario is read from the seed sweeps' folder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSweep(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  do {
    _ = try ScenarioLoader.parseSweep(
      FuzzInput.text(data, size), file: "fuzz.json", baseDirectory: FuzzInput.scenarios + "/sweeps")
  } catch {
    precondition(!error.diagnostics.isEmpty, "a sweep was refused without a diagnostic")
  }
  return 0
}
