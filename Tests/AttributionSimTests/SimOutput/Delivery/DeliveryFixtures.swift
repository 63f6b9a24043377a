import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON

/// Scenarios whose postbacks the delivery tests send, and a scripted receiver that remembers
/// what it answered.
enum DeliveryFixtures {
  /// A SKAdNetwork 4.0 world of `users` scripted users, each tapping an ad of `alpha` (even
  /// users) or `beta` (odd), installing and setting a fine value: one winning postback each,
  /// and its developer copy when the app has an endpoint. `alpha` registers `alphaURL`; `beta`
  /// registers `betaURL`.
  static func skAdNetwork(
    users: Int = 4, alphaURL: String? = "https://alpha.example/skan/postbacks?src=sim", betaURL: String? = nil,
    developerEndpoint: Bool = true, delivery: String? = nil
  ) -> String {
    let timelines = (0..<users).map { index in
      let network = index.isMultiple(of: 2) ? "alpha" : "beta"
      let campaign = index.isMultiple(of: 2) ? "broad" : "video"
      let hour = 1 + index * 3
      return """
        { name: "u\(index)", timeline: [
          { at: "\(hour)h", action: "click", network: "\(network)", campaign: "\(campaign)", publisher: "garden" },
          { at: "\(hour)h10m", action: "install" }, { at: "\(hour)h20m", action: "launch" },
          { at: "\(hour + 1)h", action: "update", fine: \(index + 1), coarse: "medium" } ] }
        """
    }
    func url(_ text: String?) -> String { text.map { "postbackURL: \"\($0)\", " } ?? "" }
    return """
      {
        version: 1, name: "deliver", seed: 1, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "4.0"\(delivery.map { ", postbackDelivery: \($0)" } ?? "") },
        app: { appId: 1234567890\(developerEndpoint ? ", attributionReportEndpoint: \"https://example.com\"" : "") },
        adNetworks: [
          { name: "alpha", identifier: "alpha1234.skadnetwork", \(url(alphaURL))campaigns: [{ name: "broad", sourceIdentifier: 5211 }] },
          { name: "beta", identifier: "beta5678.skadnetwork", \(url(betaURL))campaigns: [{ name: "video", sourceIdentifier: 4431 }] },
        ],
        publishers: [{ name: "garden", appId: 6444000001, adNetworks: ["alpha", "beta"] }],
        privacy: { forceTier: 3 },
        users: [\(timelines.joined(separator: ",\n"))],
      }
      """
  }

  /// An AdAttributionKit user tapping `n1`'s ad and one tapping `s1`'s (SKAdNetwork 4.0), in
  /// ``TestScenarios/adAttributionKit(users:infoPlist:rules:privacy:platformExtra:)``'s world,
  /// whose app has both developer-copy endpoints.
  static let adAttributionKit = TestScenarios.adAttributionKit(
    users: """
      { name: "a", timeline: [
        { at: "1h", action: "click", network: "n1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "2h5m", action: "launch" }, { at: "3h", action: "update", fine: 12 } ] },
      { name: "s", timeline: [
        { at: "1h", action: "click", network: "s1", campaign: "c", publisher: "hub" },
        { at: "2h", action: "install" }, { at: "2h5m", action: "launch" }, { at: "3h", action: "update", fine: 21 } ] }
      """)

  /// The scenario and its postbacks in send order.
  static func run(_ text: String) throws -> (scenario: Scenario, postbacks: [PostbackRecord]) {
    let scenario = try TestScenarios.load(text)
    return (scenario, ScenarioRunner.collect(scenario).1.postbacks)
  }

  /// The `transaction-id` or `postback-identifier` of a body as received.
  static func identifier(_ body: Data) -> String? {
    guard let node = try? JSONParser.parse(String(decoding: body, as: UTF8.self)) else { return nil }
    return PostbackFields(JSONValue(node)).identifier
  }
}

/// A receiver that answers each postback by how many times it has seen it (at the same path),
/// and remembers the status it gave each request.
final class ScriptedReceiver: @unchecked Sendable {
  private let lock = NSLock()
  private let answer: @Sendable (_ seen: Int) -> LoopbackServer.Response
  private var seen: [String: Int] = [:]
  private var given: [Int: Int] = [:]

  /// `answer` gets 1 for a postback's first arrival at a path, 2 for its second, and so on.
  init(answer: @escaping @Sendable (_ seen: Int) -> LoopbackServer.Response) { self.answer = answer }

  /// Fails the first `failures` arrivals of each postback with `status`, then answers 200.
  static func failing(first failures: Int, status: Int = 500) -> ScriptedReceiver {
    ScriptedReceiver { seen in .json("{}", status: seen <= failures ? status : 200) }
  }

  func handle(_ request: LoopbackServer.Request) -> LoopbackServer.Response {
    let key = "\(DeliveryFixtures.identifier(request.body) ?? "?") \(request.path)"
    let response = lock.withLock {
      seen[key, default: 0] += 1
      let response = answer(seen[key]!)
      if !response.dropConnection, !response.resetConnection { given[request.number] = response.status }
      return response
    }
    return response
  }

  /// The status answered to request `number`; nil when the connection was dropped.
  func status(of number: Int) -> Int? { lock.withLock { given[number] } }
}
