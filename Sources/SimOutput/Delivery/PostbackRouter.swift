import Foundation
import SimModel
import SimPlatform
import SimRecords

/// Decides the URL each postback is POSTed to (rulebook §7.6): an ad network's registered
/// endpoint, or the well-known path under the app's developer-copy endpoint.
public struct PostbackRouter: Sendable {
  /// The developer-copy path for SKAdNetwork postbacks, under `NSAdvertisingAttributionReportEndpoint`.
  public static let skAdNetworkCopyPath = AttributionFrameworks.skAdNetwork(.v4_0).developerCopyPath
  /// The developer-copy path for AdAttributionKit postbacks, under `AttributionCopyEndpoint`.
  public static let adAttributionKitCopyPath = AdAttributionKit().developerCopyPath

  private let networks: [AdNetwork]
  /// For each network, where its developer copies go by its framework's rules (§7.6): the app's
  /// endpoint for them, parsed (nil when absent), the well-known path, and the framework's name.
  private let copies: [(endpoint: URL?, path: String, framework: String)]
  private let target: DeliveryTarget

  /// A router for `scenario`'s recipients. Delivering to `.scenario` needs an endpoint for every
  /// network that can receive postbacks (one some user or Apple Ads can see an ad of): a
  /// missing one is an error here, before anything is run or sent.
  public init(scenario: Scenario, target: DeliveryTarget) throws(DeliveryError) {
    // Only their domains matter, and only when delivering to them.
    let strict = target == .scenario
    let reportEndpoint = try Self.copyEndpoint(
      scenario.app.attributionReportEndpoint, key: "attributionReportEndpoint", strict: strict)
    let copyEndpoint = try Self.copyEndpoint(
      scenario.app.attributionCopyEndpoint, key: "infoPlist.AttributionCopyEndpoint", strict: strict)
    if strict {
      let missing = scenario.networksReceivingPostbacks.filter { scenario.adNetworks[$0].postbackURL == nil }
      if !missing.isEmpty { throw Self.missingEndpoints(missing.map { scenario.adNetworks[$0] }) }
      // Every URL posted to is written into deliveries.jsonl: one holding a secret is refused,
      // and the message does not repeat it.
      for network in scenario.adNetworks {
        if let url = network.postbackURL, Self.holdsCredentials(url) {
          throw DeliveryError(
            "ad network '\(network.name)' (\(network.identifier)) has a postbackURL with a user name or password; "
              + "attrsim sends no credentials and would write them into deliveries.jsonl")
        }
      }
    }
    networks = scenario.adNetworks
    copies = Self.copies(of: scenario, reportEndpoint: reportEndpoint, copyEndpoint: copyEndpoint)
    self.target = target
  }

  /// Where each network's developer copies go by its framework's rules (§7.6), given the app's
  /// two copy endpoints parsed.
  private static func copies(
    of scenario: Scenario, reportEndpoint: URL?, copyEndpoint: URL?
  ) -> [(endpoint: URL?, path: String, framework: String)] {
    // The parsed endpoints by their text, to find the one a framework names.
    var parsed: [String: URL] = [:]
    if let text = scenario.app.attributionReportEndpoint { parsed[text] = reportEndpoint }
    if let text = scenario.app.attributionCopyEndpoint { parsed[text] = copyEndpoint }
    return scenario.adNetworks.map { network in
      let rules = AttributionFrameworks.ads(of: network, on: scenario.platform)
      let endpoint = rules.developerCopyEndpoint(of: scenario.app).flatMap { parsed[$0] }
      return (endpoint, rules.developerCopyPath, rules.name)
    }
  }

  /// The URL `postback` is POSTed to.
  public func url(for postback: PostbackRecord) throws(DeliveryError) -> URL {
    let network = networks[postback.network]
    let own = ownURL(of: postback.recipient, network: postback.network)
    switch target {
    case .scenario:
      guard let own else {
        guard postback.recipient == .developer else { throw Self.missingEndpoints([network]) }
        throw DeliveryError("the app has no developer-copy endpoint for \(copies[postback.network].framework)'s copies")
      }
      return own
    case .receiver(let receiver):
      let path =
        postback.recipient == .developer
        ? copies[postback.network].path : "/postbacks/\(network.identifier)/"
      return Self.redirect(own, path: path, to: receiver)
    }
  }

  /// The recipient's URL as the scenario gives it, or nil when it gives none.
  private func ownURL(of recipient: PostbackRecipient, network index: Int) -> URL? {
    let network = networks[index]
    switch recipient {
    case .adNetwork:
      return network.postbackURL
    case .developer:
      // The copy goes to the endpoint's domain, under the framework's well-known path (§7.6).
      let copy = copies[index]
      guard let endpoint = copy.endpoint, var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
      else { return nil }
      components.percentEncodedPath = copy.path
      components.percentEncodedQuery = nil
      components.fragment = nil
      return components.url
    }
  }

  /// `own`'s path and query (or `path` when there is no `own`) at `receiver`'s scheme, host and
  /// port, after the receiver's own path; the receiver's own query comes first, then `own`'s.
  private static func redirect(_ own: URL?, path fallback: String, to receiver: URL) -> URL {
    let ownComponents = own.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
    var path = ownComponents?.percentEncodedPath ?? fallback
    if !path.hasPrefix("/") { path = "/" + path }
    guard var components = URLComponents(url: receiver, resolvingAgainstBaseURL: false) else { return receiver }
    let prefix = components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    components.percentEncodedPath = prefix + path
    let queries = [components.percentEncodedQuery, ownComponents?.percentEncodedQuery].compactMap { $0 }
      .filter { !$0.isEmpty }
    components.percentEncodedQuery = queries.isEmpty ? nil : queries.joined(separator: "&")
    components.fragment = nil
    return components.url ?? receiver
  }

  private static func missingEndpoints(_ missing: [AdNetwork]) -> DeliveryError {
    let names = missing.map { "'\($0.name)' (\($0.identifier))" }.joined(separator: ", ")
    return DeliveryError(
      "\(missing.count == 1 ? "ad network" : "ad networks") \(names) \(missing.count == 1 ? "has" : "have") "
        + "no postbackURL to deliver postbacks to")
  }

  private static func copyEndpoint(_ text: String?, key: String, strict: Bool) throws(DeliveryError) -> URL? {
    guard let text else { return nil }
    guard let url = URL.httpEndpoint(text) else {
      guard strict else { return nil }
      throw DeliveryError("the app's \(key) '\(text)' is not a URL with a host")
    }
    if strict, holdsCredentials(url) {
      throw DeliveryError(
        "the app's \(key) has a user name or password; attrsim sends no credentials and would write them into "
          + "deliveries.jsonl")
    }
    return url
  }

  /// Whether `url` has a user name or password (`user:password@host`).
  private static func holdsCredentials(_ url: URL) -> Bool { url.user != nil || url.password != nil }
}
