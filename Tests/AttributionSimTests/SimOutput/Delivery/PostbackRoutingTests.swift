import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Where each postback goes (rulebook §7.6): networks' registered endpoints and the app's
/// developer-copy endpoints under their well-known paths.
@Suite("Each postback goes to its recipient's endpoint")
struct PostbackRoutingTests {
  /// The paths the server saw, by recipient and network of the postback delivered.
  private func paths(_ text: String) throws -> (server: [String], attempts: [DeliveryAttempt], postbacks: [PostbackRecord]) {
    let server = try LoopbackServer { _ in .json("{}") }
    let (scenario, postbacks) = try DeliveryFixtures.run(text)
    let result = try PostbackDeliverer(scenario: scenario, target: .receiver(server.baseURL)).deliver(postbacks)
    return (server.requests.map(\.path), result.attempts, postbacks)
  }

  @Test("§7.6: to one receiver, network postbacks keep their postbackURL's path (or /postbacks/<id>/), SKAdNetwork copies go to the skadnetwork well-known path")
  func skAdNetworkRouting() throws {
    let (server, attempts, postbacks) = try paths(DeliveryFixtures.skAdNetwork())
    #expect(server.count == postbacks.count)
    for (path, attempt) in zip(server, attempts) {
      let expected =
        switch (attempt.recipient, attempt.network) {
        case (.developer, _): "/.well-known/skadnetwork/report-attribution/"
        case (.adNetwork, "alpha1234.skadnetwork"): "/skan/postbacks"
        default: "/postbacks/beta5678.skadnetwork/"
        }
      #expect(path == expected)
    }
    #expect(Set(server).count == 3)
    // The registered URL's query travels with its path.
    let alpha = try #require(attempts.first { $0.network == "alpha1234.skadnetwork" && $0.recipient == .adNetwork })
    #expect(alpha.url.query == "src=sim")
  }

  @Test("45.12: the receiver URL's own query is kept on every URL, before the postbackURL's")
  func receiverQueryIsKept() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    let (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork())
    let receiver = try #require(URL(string: server.baseURL.absoluteString + "/in?token=t%26k"))
    let result = try PostbackDeliverer(scenario: scenario, target: .receiver(receiver)).deliver(postbacks)
    #expect(server.requests.count == postbacks.count)
    #expect(server.requests.allSatisfy { $0.queryItems.first == LoopbackServer.QueryItem(name: "token", value: "t&k") })
    let alpha = try #require(result.attempts.first { $0.network == "alpha1234.skadnetwork" && $0.recipient == .adNetwork })
    #expect(alpha.url.query == "token=t%26k&src=sim")
  }

  @Test("45.12: delivering to the scenario's endpoints refuses a postbackURL with a password, without repeating it")
  func credentialsInPostbackURLAreRefused() throws {
    let (scenario, _) = try DeliveryFixtures.run(
      DeliveryFixtures.skAdNetwork(
        alphaURL: "http://ann:hunter2@127.0.0.1:9/in", betaURL: "http://127.0.0.1:9/beta", developerEndpoint: false))
    #expect {
      _ = try PostbackRouter(scenario: scenario, target: .scenario)
    } throws: { error in
      let text = (error as? DeliveryError)?.description ?? ""
      return text.contains("user name or password") && !text.contains("hunter2") && !text.contains("ann")
    }
  }

  @Test("§7.6: AdAttributionKit copies go to the appattribution well-known path, SKAdNetwork copies beside them to the skadnetwork one")
  func adAttributionKitRouting() throws {
    let (server, attempts, postbacks) = try paths(DeliveryFixtures.adAttributionKit)
    // AdAttributionKit attempts are logged under the JWS payload's postback-identifier (§7.5).
    for attempt in attempts {
      let said = postbacks[attempt.index].said
      let identifier = said["postback-identifier"]?.stringValue ?? said["transaction-id"]?.stringValue
      #expect(identifier != nil && attempt.postback == identifier)
    }
    let routes = Set(zip(attempts, server).map { "\($0.recipient.rawValue) \($0.network) \($1)" })
    #expect(routes == [
      "ad-network net1.adattributionkit /postbacks/net1.adattributionkit/",
      "developer net1.adattributionkit /.well-known/appattribution/report-attribution/",
      "ad-network sk1.skadnetwork /postbacks/sk1.skadnetwork/",
      "developer sk1.skadnetwork /.well-known/skadnetwork/report-attribution/",
    ])
  }

  @Test("§7.6: delivered to the scenario's endpoints, each network's postbacks go to its postbackURL as written")
  func scenarioEndpoints() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    let base = server.baseURL.absoluteString
    let (scenario, postbacks) = try DeliveryFixtures.run(
      DeliveryFixtures.skAdNetwork(alphaURL: "\(base)/alpha/in", betaURL: "\(base)/beta/in?k=v", developerEndpoint: false))
    let result = try PostbackDeliverer(scenario: scenario, target: .scenario).deliver(postbacks)
    #expect(result.summary.delivered == 4)
    #expect(Set(server.requests.map(\.path)) == ["/alpha/in", "/beta/in"])
    #expect(server.requests.filter { $0.path == "/beta/in" }.allSatisfy { $0.query == ["k": "v"] })
    #expect(Set(result.attempts.map(\.url.absoluteString)) == ["\(base)/alpha/in", "\(base)/beta/in?k=v"])
  }

  @Test("§7.6: a developer copy goes to the app endpoint's domain under the well-known path")
  func developerCopyURL() throws {
    let (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.adAttributionKit.replacing(
      required: "AttributionCopyEndpoint: \"https://example.com\"", with: "AttributionCopyEndpoint: \"https://copies.example.org\""))
    var scenarioWithURLs = scenario
    for index in scenarioWithURLs.adNetworks.indices {
      scenarioWithURLs.adNetworks[index].postbackURL = URL(string: "https://net\(index).example/p")
    }
    let direct = try PostbackRouter(scenario: scenarioWithURLs, target: .scenario)
    let copies = postbacks.filter { $0.recipient == .developer }
    #expect(copies.count == 2)
    let urls = try Set(copies.map { try direct.url(for: $0).absoluteString })
    #expect(urls == [
      "https://copies.example.org/.well-known/appattribution/report-attribution/",
      "https://example.com/.well-known/skadnetwork/report-attribution/",
    ])
  }

  @Test("a receiver URL with a path prefixes every recipient's path")
  func receiverPathPrefix() throws {
    let (scenario, postbacks) = try DeliveryFixtures.run(DeliveryFixtures.skAdNetwork(users: 2))
    let router = try PostbackRouter(scenario: scenario, target: .receiver(URL(string: "https://sink.example:8443/capture/")!))
    let urls = try Set(postbacks.map { try router.url(for: $0).absoluteString })
    #expect(urls == [
      "https://sink.example:8443/capture/skan/postbacks?src=sim",
      "https://sink.example:8443/capture/postbacks/beta5678.skadnetwork/",
      "https://sink.example:8443/capture/.well-known/skadnetwork/report-attribution/",
    ])
  }

  @Test("§7.6: delivering to the scenario's endpoints, a network that can get postbacks but has no postbackURL is named before anything is sent")
  func missingPostbackURL() throws {
    let scenario = try TestScenarios.load(DeliveryFixtures.skAdNetwork(alphaURL: "https://alpha.example/p"))
    #expect(throws: DeliveryError("ad network 'beta' (beta5678.skadnetwork) has no postbackURL to deliver postbacks to")) {
      _ = try PostbackRouter(scenario: scenario, target: .scenario)
    }
    // A network no user ever sees an ad of needs none.
    let oneUser = try TestScenarios.load(DeliveryFixtures.skAdNetwork(users: 1, alphaURL: "https://alpha.example/p"))
    #expect(throws: Never.self) { _ = try PostbackRouter(scenario: oneUser, target: .scenario) }
    // To one receiver, every network has a path.
    #expect(throws: Never.self) { _ = try PostbackRouter(scenario: scenario, target: .receiver(URL(string: "http://127.0.0.1:9")!)) }
  }
}
