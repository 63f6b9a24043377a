import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim run`'s `--deliver URL|scenario [--speed N] [--deliver-timeout S]`: where and how
/// fast to POST the run's postbacks once its outputs are written.
struct DeliveryRequest {
  let target: DeliveryTarget
  let options: DeliveryOptions

  /// The request the command line makes, or nil without `--deliver`; usage errors for values
  /// that cannot work or options that need `--deliver`.
  static func parse(_ command: ParsedCommand) throws(UsageError) -> DeliveryRequest? {
    let speedText = command.value(of: "speed")
    let timeoutText = command.value(of: "deliver-timeout")
    guard let text = command.value(of: "deliver") else {
      for (option, given) in [("speed", speedText), ("deliver-timeout", timeoutText)] where given != nil {
        throw command.usageError("'--\(option)' paces delivery and needs '--deliver <url|scenario>'")
      }
      return nil
    }
    if command.value(of: "shard") != nil {
      throw command.usageError(
        "'--deliver' cannot be used with '--shard': a shard's postbacks are not final until 'attrsim merge' has decided their tiers")
    }
    let target: DeliveryTarget
    if text == "scenario" {
      target = .scenario
    } else if let url = URL.httpEndpoint(text) {
      target = .receiver(url)
    } else {
      throw command.usageError(
        "The value '\(text)' is invalid for '--deliver <url|scenario>': expected an http:// or https:// URL such as "
          + "http://127.0.0.1:8080, or 'scenario' for the scenario's own endpoints")
    }
    var options = DeliveryOptions()
    // Bounded so that a virtual day's wait and a timeout stay within what a timer can hold.
    if let speed = try command.number("speed", in: 0.001...1_000_000_000, unit: "virtual seconds per real second") {
      options.speed = speed
    }
    if let timeout = try command.number("deliver-timeout", in: 0.001...3_600, unit: "seconds") { options.timeout = timeout }
    return DeliveryRequest(target: target, options: options)
  }

  /// Where the postbacks go, for messages.
  var destination: String {
    switch target {
    case .scenario: "the scenario's endpoints"
    case .receiver(let url): url.absoluteString
    }
  }
}
