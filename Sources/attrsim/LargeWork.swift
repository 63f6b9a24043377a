import AttributionSim
import CommandLineKit

/// `--allow-large`, one option for every command that reads scenarios or sweeps: the limits they
/// are read with, and a word on what large work will cost before it starts.
enum LargeWork {
  static let flag = Flag(
    name: "allow-large",
    help: "Allow more than 10,000,000 users a run, 1,000 runs or 100,000,000 users a sweep (the limits in Docs/commands.md).")

  /// The standard limits, or the large ones when the command line allows them.
  static func limits(_ values: inout CommandValues) -> WorkLimits {
    values.read(flag) ? .large : .standard
  }

  /// Prints, on standard error, what work beyond the standard limits will cost; nothing for
  /// work within them.
  static func announce(_ estimate: WorkEstimate) {
    guard estimate.exceeds(.standard) else { return }
    Console.error("note: large work allowed by --\(flag.spec.name): \(estimate)")
  }
}
