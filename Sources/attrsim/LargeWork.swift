import AttributionSim
import CommandLineKit

/// `--allow-large`, one option for every command that reads scenarios or sweeps: the limits they
/// are read with, and a word on what large work will cost before it starts.
struct LargeWork {
  private static let name = "allow-large"

  @Flag(
    name: LargeWork.name,
    help: "Allow more than 10,000,000 users a run, 1,000 runs or 100,000,000 users a sweep (the limits in Docs/commands.md).")
  var isAllowed: Bool

  /// The standard limits, or the large ones when the command line allows them.
  var limits: WorkLimits {
    isAllowed ? .large : .standard
  }

  /// Prints, on standard error, what work beyond the standard limits will cost; nothing for
  /// work within them.
  static func announce(_ estimate: WorkEstimate) {
    guard estimate.exceeds(.standard) else { return }
    Console.error("note: large work allowed by --\(name): \(estimate)")
  }
}
