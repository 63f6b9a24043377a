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

  /// The postback entries of `path` (``PostbackFile/entries(inFile:)``): nil after printing why
  /// there are none to read, with `failed` set to 66 (missing or unreadable) or 65 (empty, not
  /// UTF-8, not JSON or holding no JSON object), so every command refuses the same files alike.
  static func postbacks(_ path: String, failed: inout ExitStatus) -> [PostbackFile.Entry]? {
    let bytes: [UInt8]
    do {
      bytes = try FileProblem.readBytes(path)
    } catch {
      Console.error("\(path): error: cannot read the postbacks: \(error.reason)")
      failed = error.isContentProblem ? .dataError : .noInput
      return nil
    }
    do {
      return try PostbackFile.entries(inFile: bytes)
    } catch {
      Console.error("\(path)\(error.location.map { ":\($0)" } ?? ""): error: \(error.description)")
      failed = .dataError
      return nil
    }
  }
}
