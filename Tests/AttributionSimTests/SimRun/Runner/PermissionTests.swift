import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Issue 21: what a scenario needs allowed before it may start a program or reach another machine.
@Suite("Scenario permissions")
struct PermissionTests {
  @Test("an SDK command needs permission to start its program")
  func command() throws {
    let scenario = try TestScenarios.load(TestScenarios.sdk(sdk: #"{ model: { command: ["python3", "model.py"] } }"#, steps: ""))
    #expect(scenario.requiredPermissions == [.command(arguments: ["python3", "model.py"], path: "app.sdk.model.command")])
    #expect(scenario.requiredPermissions.first?.description == "starts the program 'python3 model.py'")
  }

  @Test("an SDK endpoint on another host needs permission; one on loopback does not")
  func endpoint() throws {
    let remote = try TestScenarios.load(TestScenarios.sdk(sdk: #"{ model: { endpoint: "https://model.example/v" } }"#, steps: ""))
    #expect(remote.requiredPermissions == [.network(url: "https://model.example/v", path: "app.sdk.model.endpoint")])
    let local = try TestScenarios.load(TestScenarios.sdk(sdk: #"{ model: { endpoint: "http://127.0.0.1:9/v" } }"#, steps: ""))
    #expect(local.requiredPermissions.isEmpty)
    let builtIn = try TestScenarios.load(TestScenarios.sdk(sdk: #"{ model: "sequential" }"#, steps: ""))
    #expect(builtIn.requiredPermissions.isEmpty)
  }

  @Test("delivering to the scenario's own endpoints needs permission for each recipient not on loopback")
  func delivery() throws {
    let scenario = try TestScenarios.load(DeliveryFixtures.skAdNetwork(betaURL: "http://localhost:8080/b"))
    #expect(scenario.deliveryPermissions == [
      .network(url: "https://alpha.example/skan/postbacks?src=sim", path: "adNetworks[0].postbackURL"),
      .network(url: "https://example.com", path: "app.attributionReportEndpoint"),
    ])
    #expect(scenario.requiredPermissions.isEmpty)
  }

  @Test(
    "loopback is 127.0.0.0/8, ::1 and localhost, nothing else",
    arguments: [
      ("http://127.0.0.1:8080/x", true), ("http://127.255.3.4/", true), ("http://localhost/", true),
      ("http://LOCALHOST.:80/", true), ("http://[::1]:9/", true), ("http://128.0.0.1/", false),
      ("http://127.0.0.1.evil.example/", false), ("http://localhost.example/", false), ("http://0.0.0.0/", false),
      ("http://[::ffff:7f00:1]/", false), ("http://127.1/", false), ("http://127.0.0.256/", false),
    ])
  func loopback(url: String, isLoopback: Bool) throws {
    #expect(try #require(URL(string: url)).isLoopback == isLoopback)
  }
}
