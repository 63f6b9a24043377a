import AttributionSim
import CommandLineKit

/// A command's one JSON file (`-o FILE`, or standard output with `-o -`): written whole, and
/// what the command says about it kept off standard output when the file is there.
struct JSONFileOutput {
  let path: String

  /// Writes `json` pretty-printed, atomically; on failure says why and gives the exit status.
  func write(_ json: JSONValue) -> ExitStatus? {
    do {
      try OutputFile(path).write(json.serialized(pretty: true) + "\n")
      return nil
    } catch {
      Console.error("error: \(error.description)")
      return .writing(error)
    }
  }

  /// Where the command's own lines go: standard error when standard output holds the file.
  func say(_ line: String) {
    if OutputFile(path).isStandardOutput { Console.error(line) } else { Console.out(line) }
  }

  /// "wrote PATH" (with `detail`), unless the file went to standard output.
  func sayWritten(_ detail: String = "") {
    if !OutputFile(path).isStandardOutput { Console.out("wrote \(path)" + (detail.isEmpty ? "" : " (\(detail))")) }
  }
}
