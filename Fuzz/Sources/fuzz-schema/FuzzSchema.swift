import AttributionSim
import FuzzSupport

/// The conversion-schema reader on any text: a schema or a list of diagnostics, never a crash;
/// a schema that reads is also linted and explained, as `attrsim schema` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchema(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  do {
    let schema = try ScenarioLoader.parseSchema(FuzzInput.text(data, size), file: "fuzz.json")
    _ = SchemaLint(schema).findings
    _ = SchemaExplanation(schema)
  } catch {
    precondition(!error.diagnostics.isEmpty, "a schema was refused without a diagnostic")
  }
  return 0
}
