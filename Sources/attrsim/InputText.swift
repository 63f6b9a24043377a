import AttributionSim
import CommandLineKit

/// Input files the commands read as text, whose problems are said plainly with the path.
enum InputText {
  /// The text of `path`, a `what` ("postbacks", "key file"); nil after printing why it cannot be
  /// read, with `failed` set to 66 (missing or unreadable) or 65 (not UTF-8).
  static func read(_ path: String, what: String, failed: inout ExitStatus) -> String? {
    do {
      return try FileProblem.readText(path)
    } catch {
      Console.error("\(path): error: cannot read the \(what): \(error.reason)")
      failed = error.isContentProblem ? .dataError : .noInput
      return nil
    }
  }
}
