import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim run`'s `--deliver URL|scenario [--speed N] [--deliver-timeout S]`: where and how
/// fast to POST the run's postbacks once its outputs are written.
struct DeliveryRequest {
  /// The three options as the command line gives them, checked and made a request by `request`.
  struct Declared {
    @Option(
      name: "deliver", valueName: "url|scenario",
      help: "POST the postbacks after the run: to this receiver (keeping each recipient's path), or to the "
        + "scenario's endpoints (networks' postbackURL, the app's developer-copy endpoints).",
      parsing: .deliveryTarget)
    var target: DeliveryTarget?
    // Bounded so that a virtual day's wait and a timeout stay within what a timer can hold.
    @Option(
      name: "speed", valueName: "n",
      help: "Deliver at N virtual seconds per real second (3600: an hour a second), retries included.",
      defaultDescription: "as fast as the receiver answers",
      parsing: .number(in: 0.001...1_000_000_000, unit: "virtual seconds per real second"))
    var speed: Double?
    @Option(
      name: "deliver-timeout", valueName: "seconds", help: "How long to wait for each answer.",
      defaultDescription: "10", parsing: .number(in: 0.001...3_600, unit: "seconds"))
    var timeout: Double?

    /// The request the command line makes, or nil without `--deliver`.
    var request: DeliveryRequest? {
      guard let target else { return nil }
      var options = DeliveryOptions()
      if let speed { options.speed = speed }
      if let timeout { options.timeout = timeout }
      return DeliveryRequest(target: target, options: options)
    }

    /// Refuses pacing without `--deliver`, and `--deliver` with `--shard` (`shardGiven`); made
    /// before any of the three values is read.
    func checkGiven(shardGiven: Bool) throws(ValidationError) {
      guard $target.isGiven else {
        let paces = [(name: "speed", isGiven: $speed.isGiven), (name: "deliver-timeout", isGiven: $timeout.isGiven)]
        if let pace = paces.first(where: \.isGiven) {
          throw ValidationError("'--\(pace.name)' paces delivery and needs '--deliver <url|scenario>'")
        }
        return
      }
      // Whatever the shard, the two do not go together.
      if shardGiven {
        throw ValidationError(
          "'--deliver' cannot be used with '--shard': a shard's postbacks are not final until 'attrsim merge' has decided their tiers")
      }
    }

    /// Refuses a receiver URL that cannot work; made once `--deliver` is read.
    func checkTarget() throws(ValidationError) {
      guard case .receiver(let url) = target else { return }
      // Not echoed: the value holds a secret, and a message is an output too.
      if url.user != nil || url.password != nil {
        throw ValidationError(
          "'--deliver': the receiver URL holds a user name or password; attrsim sends no credentials and writes "
            + "every URL into deliveries.jsonl, so give the URL without 'user:password@'")
      }
      if url.fragment != nil {
        throw ValidationError(
          "'--deliver': '\(url.absoluteString)' has a fragment ('#\(url.fragment ?? "")'), which is never sent; "
            + "give the URL without it")
      }
    }
  }

  let target: DeliveryTarget
  let options: DeliveryOptions

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
