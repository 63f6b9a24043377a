import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim postback verify FILE… [--key PEM|keys.json]…`.
enum PostbackCommand {
  static func execute(_ command: ParsedCommand) -> ExitStatus {
    var keys = PublicKeyFile.Keys()
    for path in command.values(of: "key") {
      var failed = ExitStatus.success
      guard let text = InputText.read(path, what: "key file (a PEM public key or a run's keys.json)", failed: &failed)
      else { return failed }
      do {
        keys.add(try PublicKeyFile.keys(in: text))
      } catch {
        Console.error("\(path): error: \(error.description)")
        return .dataError
      }
    }
    var receiver = PostbackReceiver(keys: keys)
    var invalid = 0
    var total = 0
    for path in command.arguments(named: "files") {
      let bytes: [UInt8]
      do {
        bytes = try FileProblem.readBytes(path)
      } catch {
        Console.error("\(path): error: cannot read the postbacks: \(error.reason)")
        return .noInput
      }
      let entries: [PostbackFile.Entry]
      do {
        entries = try PostbackFile.entries(inFile: bytes)
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
