import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim postback verify FILE… [--key PEM|keys.json]…`.
enum PostbackCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    let action = command.argument(named: "action") ?? ""
    guard action == "verify" else { throw command.usageError("Unknown postback action '\(action)'; expected 'verify'") }
    var keys = PublicKeyFile.Keys()
    for path in command.values(of: "key") {
      do {
        keys.add(try PublicKeyFile.keys(in: String(contentsOfFile: path, encoding: .utf8)))
      } catch let error as PublicKeyFile.Problem {
        Console.error("\(path): error: \(error.description)")
        return .dataError
      } catch {
        Console.error("\(path): error: cannot read: \(error.localizedDescription)")
        return .ioError
      }
    }
    var receiver = PostbackReceiver(keys: keys)
    var invalid = 0
    var total = 0
    for path in command.arguments(named: "files") {
      guard let data = FileManager.default.contents(atPath: path) else {
        Console.error("\(path): error: cannot read the file")
        return .ioError
      }
      let entries: [PostbackFile.Entry]
      do {
        entries = try PostbackFile.entries(inFile: Array(data))
      } catch {
        Console.error("\(path)\(error.location.map { ":\($0)" } ?? ""): error: \(error.description)")
        return .dataError
      }
      for entry in entries {
        total += 1
        let place = path + (entry.line.map { ":\($0)" } ?? "") + (entry.index.map { "[\($0)]" } ?? "")
        switch entry.body {
        case .failure(let error):
          invalid += 1
          Console.out("\(place): invalid: not JSON: \(error.message)")
        case .success(let body):
          // All files are one endpoint, except that a run's log names two recipients, each with its copy.
          switch receiver.receive(body, endpoint: entry.recipient ?? "") {
          case .accepted(let warnings):
            let all = warnings + [SignatureMalleability.warning(for: body)].compactMap { $0 }
            Console.out("\(place): valid" + all.map { "; warning: \($0)" }.joined())
          case .duplicate(let identifier, let differing):
            let note = differing.isEmpty ? "" : "; differs in \(differing.joined(separator: ", "))"
            Console.out("\(place): valid, duplicate of an earlier postback (\(identifier))\(note)")
          case .rejected(_, let reason):
            invalid += 1
            Console.out("\(place): invalid: \(reason)")
          }
        }
      }
    }
    if invalid > 0 { Console.error("\(invalid) of \(total) postbacks are invalid") }
    return invalid > 0 ? .failure : .success
  }
}
