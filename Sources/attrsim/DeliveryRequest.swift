import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim run`'s `--deliver URL|scenario [--speed N] [--deliver-timeout S]`: where and how
/// fast to POST the run's postbacks once its outputs are written.
struct DeliveryRequest {
  static let deliver = Option(
    name: "deliver", valueName: "url|scenario",
    help: "POST the postbacks after the run: to this receiver (keeping each recipient's path), or to the "
      + "scenario's endpoints (networks' postbackURL, the app's developer-copy endpoints).",
    parsing: .deliveryTarget)
  // Bounded so that a virtual day's wait and a timeout stay within what a timer can hold.
  static let speed = Option(
    name: "speed", valueName: "n",
    help: "Deliver at N virtual seconds per real second (3600: an hour a second), retries included.",
    defaultDescription: "as fast as the receiver answers",
    parsing: .number(in: 0.001...1_000_000_000, unit: "virtual seconds per real second"))
  static let deliverTimeout = Option(
    name: "deliver-timeout", valueName: "seconds", help: "How long to wait for each answer.",
    defaultDescription: "10", parsing: .number(in: 0.001...3_600, unit: "seconds"))

  let target: DeliveryTarget
  let options: DeliveryOptions

  /// The request the command line makes, or nil without `--deliver`; usage errors for values
  /// that cannot work or options that need `--deliver`.
  static func read(_ values: inout CommandValues) throws(UsageError) -> DeliveryRequest? {
    let paces = [Self.speed, Self.deliverTimeout].filter { values.isGiven($0) }
    guard values.isGiven(Self.deliver) else {
      if let option = paces.first {
        throw values.usageError("'--\(option.spec.name)' paces delivery and needs '--deliver <url|scenario>'")
      }
      return nil
    }
    // Decided before any value is read: whatever the shard, the two do not go together.
    if values.isGiven(RunCommand.shard) {
      throw values.usageError(
        "'--deliver' cannot be used with '--shard': a shard's postbacks are not final until 'attrsim merge' has decided their tiers")
    }
    guard let target = try values.read(Self.deliver) else { return nil }
    if case .receiver(let url) = target {
      // Not echoed: the value holds a secret, and a message is an output too.
      if url.user != nil || url.password != nil {
        throw values.usageError(
          "'--deliver': the receiver URL holds a user name or password; attrsim sends no credentials and writes "
            + "every URL into deliveries.jsonl, so give the URL without 'user:password@'")
      }
      if url.fragment != nil {
        throw values.usageError(
          "'--deliver': '\(url.absoluteString)' has a fragment ('#\(url.fragment ?? "")'), which is never sent; "
            + "give the URL without it")
      }
    }
    var options = DeliveryOptions()
    if let speed = try values.read(Self.speed) { options.speed = speed }
    if let timeout = try values.read(Self.deliverTimeout) { options.timeout = timeout }
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

extension ValueParser where Value == DeliveryTarget {
  /// `--deliver`: an http(s) receiver, or `scenario` for the scenario's own endpoints.
  static var deliveryTarget: Self {
    Self { text in
      if text == "scenario" { return .success(.scenario) }
      if let url = URL.httpEndpoint(text) { return .success(.receiver(url)) }
      return .failure(
        .invalid(
          reason: "expected an http:// or https:// URL such as http://127.0.0.1:8080, or 'scenario' for the "
            + "scenario's own endpoints"))
    }
  }
}
