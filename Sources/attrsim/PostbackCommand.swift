import AttributionCrypto
import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim postback verify FILE… [--key PEM]…`.
enum PostbackCommand {
  static func execute(_ command: ParsedCommand) throws(UsageError) -> ExitStatus {
    let action = command.argument(named: "action") ?? ""
    guard action == "verify" else { throw command.usageError("Unknown postback action '\(action)'; expected 'verify'") }
    var keys: [ECPublicKey] = []
    for path in command.values(of: "key") {
      do {
        keys.append(try ECPublicKey(pem: String(contentsOfFile: path, encoding: .utf8)))
      } catch let error as CryptoError {
        Console.error("\(path): error: \(error.description)")
        return .dataError
      } catch {
        Console.error("\(path): error: cannot read: \(error.localizedDescription)")
        return .ioError
      }
    }
    let verifier = PostbackVerifier(keys: PostbackVerifier.applesKeys + keys)
    let aakVerifier = AdAttributionKitVerifier(keys: AdAttributionKitVerifier.applesKeys, otherKeys: keys)
    var invalid = 0
    var total = 0
    for path in command.arguments(named: "files") {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        Console.error("\(path): error: cannot read the file")
        return .ioError
      }
      for entry in PostbackFile.entries(in: text) {
        total += 1
        let place = path + (entry.line.map { ":\($0)" } ?? "") + (entry.index.map { "[\($0)]" } ?? "")
        switch entry.body {
        case .failure(let error):
          invalid += 1
          Console.out("\(place): invalid: not JSON: \(error.message)")
        case .success(let body) where AdAttributionKitVerifier.isAdAttributionKit(body):
          // AdAttributionKit: a JWS, its key named by kid.
          let outcome = aakVerifier.verify(body)
          if case .valid = outcome {
            Console.out("\(place): valid")
          } else {
            invalid += 1
            Console.out("\(place): invalid: \(outcome.description)")
          }
        case .success(let body):
          switch verifier.verify(body) {
          case .valid(let warnings):
            Console.out("\(place): valid" + warnings.map { "; warning: \($0)" }.joined())
          case .invalid(let reason):
            invalid += 1
            Console.out("\(place): invalid: \(reason.description)")
          }
        }
      }
    }
    if invalid > 0 { Console.error("\(invalid) of \(total) postbacks are invalid") }
    return invalid > 0 ? .failure : .success
  }
}
