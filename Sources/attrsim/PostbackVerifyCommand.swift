import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim postback verify FILE… [--key PEM|keys.json]…`.
struct PostbackVerifyCommand: DeclaredCommand {
  @Argument(name: "files", help: "Files of postbacks.", parsing: .inputPath)
  var files: [String]
  @Option(
    name: "key", valueName: "file", help: "Also trust this key: a PEM public key or a run's keys.json (repeatable).",
    parsing: .inputPath)
  var keyFiles: [String]

  static let configuration = spec(
    name: "verify", abstract: "Verify postbacks' signatures and report repeated ones.",
    discussion: """
      Reads postbacks (one JSON object per file, a JSON array, or JSON lines such as a run's \
      postbacks.jsonl) and prints for each whether its signature verifies, or why not, and \
      whether it repeats an earlier postback's transaction-id or postback-identifier. Apple's \
      published keys are built in; --key adds a PEM public key or a run's keys.json, whose \
      AdAttributionKit keys replace Apple's for the same key IDs, with a warning for each: \
      what such a key signed verifies as Apple's, so give only the keys.json of a run you \
      trust. A valid postback is \
      warned about when an unsigned value is one no device sends (conversion-value 99, a \
      coarse value before 4.0, both values) and when its signature is high-S (malleable); \
      Docs/receiving-postbacks.md lists what a receiver must not trust. Exit status 1 when \
      any postback is invalid, 65 when a file holds none (empty, binary, not JSON); repeats \
      are reported, not invalid.
      """)

  func run() -> ExitStatus {
    var keys = PublicKeyFile.Keys()
    for path in keyFiles {
      var failed = ExitStatus.success
      guard let text = InputText.read(path, what: "key file (a PEM public key or a run's keys.json)", failed: &failed)
      else { return failed }
      do {
        let read = try PublicKeyFile.keys(in: text)
        // Not silent: a key here for one of Apple's key IDs makes what it signed verify as
        // Apple's, so a keys.json from a run one did not make can pass forged postbacks.
        let replaced = read.adAttributionKitKeys.filter { kid, key in
          AdAttributionKitVerifier.applesKeys[kid].map { $0.spkiDER != key.spkiDER } ?? false
        }
        for kid in replaced.keys.sorted() {
          Console.error(
            "\(path): warning: its key for kid '\(kid)' replaces Apple's published AdAttributionKit key: postbacks "
              + "signed with it verify as if Apple signed them; give --key only the keys.json of a run you trust")
        }
        keys.add(read)
      } catch {
        Console.error("\(path)\(error.location.map { ":\($0)" } ?? ""): error: \(error.description)")
        return .dataError
      }
    }
    var receiver = PostbackReceiver(keys: keys)
    var invalid = 0
    var total = 0
    for path in files {
      var failed = ExitStatus.success
      guard let entries = InputText.postbacks(path, failed: &failed) else { return failed }
      for entry in entries {
        total += 1
        let place = entry.place(in: path)
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
