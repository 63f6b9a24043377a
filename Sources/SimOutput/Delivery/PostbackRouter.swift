import Foundation
import SimModel
import SimRecords

/// Decides the URL each postback is POSTed to (rulebook §7.6): an ad network's registered
/// endpoint, or the well-known path under the app's developer-copy endpoint.
public struct PostbackRouter: Sendable {
  /// The developer-copy path for SKAdNetwork postbacks, under `NSAdvertisingAttributionReportEndpoint`.
  public static let skAdNetworkCopyPath = "/.well-known/skadnetwork/report-attribution/"
  /// The developer-copy path for AdAttributionKit postbacks, under `AttributionCopyEndpoint`.
  public static let adAttributionKitCopyPath = "/.well-known/appattribution/report-attribution/"

  private let networks: [AdNetwork]
  private let target: DeliveryTarget
  /// The app's copy endpoints, parsed; nil when absent.
  private let skAdNetworkCopyEndpoint: URL?, adAttributionKitCopyEndpoint: URL?

  /// A router for `scenario`'s recipients. Delivering to `.scenario` needs an endpoint for every
  /// network that can receive postbacks (one some user or Apple Ads can see an ad of): a
  /// missing one is an error here, before anything is run or sent.
  public init(scenario: Scenario, target: DeliveryTarget) throws(DeliveryError) {
    networks = scenario.adNetworks
    self.target = target
    // Only their domains matter, and only when delivering to them.
    let strict = target == .scenario
    skAdNetworkCopyEndpoint = try Self.copyEndpoint(
      scenario.app.attributionReportEndpoint, key: "attributionReportEndpoint", strict: strict)
    adAttributionKitCopyEndpoint = try Self.copyEndpoint(
      scenario.app.attributionCopyEndpoint, key: "infoPlist.AttributionCopyEndpoint", strict: strict)
    if strict {
      let missing = scenario.networksReceivingPostbacks.filter { scenario.adNetworks[$0].postbackURL == nil }
      if !missing.isEmpty { throw Self.missingEndpoints(missing.map { scenario.adNetworks[$0] }) }
    }
  }

  /// The URL `postback` is POSTed to.
  public func url(for postback: PostbackRecord) throws(DeliveryError) -> URL {
    let network = networks[postback.network]
    let own = ownURL(of: postback.recipient, network: network)
    switch target {
    case .scenario:
      guard let own else {
        guard postback.recipient == .developer else { throw Self.missingEndpoints([network]) }
        throw DeliveryError("the app has no developer-copy endpoint for \(Self.frameworkName(network))'s copies")
      }
      return own
    case .receiver(let receiver):
      let path = postback.recipient == .developer ? Self.copyPath(network) : "/postbacks/\(network.identifier)/"
      return Self.redirect(own, path: path, to: receiver)
    }
  }

  /// The recipient's URL as the scenario gives it, or nil when it gives none.
  private func ownURL(of recipient: PostbackRecipient, network: AdNetwork) -> URL? {
    switch recipient {
    case .adNetwork:
      return network.postbackURL
    case .developer:
      // The copy goes to the endpoint's domain, under the framework's well-known path (§7.6).
      let endpoint = network.framework == .adAttributionKit ? adAttributionKitCopyEndpoint : skAdNetworkCopyEndpoint
      guard let endpoint, var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return nil }
      components.percentEncodedPath = Self.copyPath(network)
      components.percentEncodedQuery = nil
      components.fragment = nil
      return components.url
    }
  }

  /// `own`'s path and query (or `path` when there is no `own`) at `receiver`'s scheme, host and
  /// port, after the receiver's own path.
  private static func redirect(_ own: URL?, path fallback: String, to receiver: URL) -> URL {
    let ownComponents = own.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
    var path = ownComponents?.percentEncodedPath ?? fallback
    if !path.hasPrefix("/") { path = "/" + path }
    guard var components = URLComponents(url: receiver, resolvingAgainstBaseURL: false) else { return receiver }
    let prefix = components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    components.percentEncodedPath = prefix + path
    components.percentEncodedQuery = ownComponents?.percentEncodedQuery
    components.fragment = nil
    return components.url ?? receiver
  }

  /// The well-known path of developer copies of `network`'s postbacks.
  private static func copyPath(_ network: AdNetwork) -> String {
    network.framework == .adAttributionKit ? adAttributionKitCopyPath : skAdNetworkCopyPath
  }

  private static func frameworkName(_ network: AdNetwork) -> String {
    network.framework == .adAttributionKit ? "AdAttributionKit" : "SKAdNetwork"
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
    return url
  }
}
