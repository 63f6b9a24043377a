import AttributionTestSupport
import Foundation
import Testing

/// `attrsim run … --deliver`: the run's postbacks POSTed to a loopback receiver after its
/// outputs are written.
@Suite("attrsim run --deliver posts the run's postbacks")
struct DeliverCommandTests {
  /// Writes `text` as a scenario into a fresh folder and runs `attrsim run` on it with `arguments`.
  private func run(_ text: String, _ arguments: [String]) throws -> (status: Int32, output: String, folder: URL) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("deliver")
    let scenario = folder.appendingPathComponent("deliver.json")
    try text.write(to: scenario, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("out")
    let result = try ChildProcess.run(binary, ["run", scenario.path, "--out", out.path] + arguments)
    return (result.status, result.output, out)
  }

  @Test("§5.3: a receiver failing each first attempt gets every postback; deliveries.jsonl lists every attempt the receiver saw")
  func deliversAfterTheRun() throws {
    let receiver = ScriptedReceiver.failing(first: 1)
    let server = try LoopbackServer(handler: receiver.handle)
    let (status, output, out) = try run(DeliveryFixtures.skAdNetwork(), ["--deliver", server.baseURL.absoluteString])
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    #expect(status == 0, "\(output)")
    #expect(output.contains("delivered 8 of 8 postbacks in 16 attempts (8 retries, 0 given up, 0 possibly duplicated)"), "\(output)")
    let lines = try String(contentsOf: out.appendingPathComponent("deliveries.jsonl"), encoding: .utf8)
      .split(separator: "\n")
    let requests = server.requests
    #expect(lines.count == requests.count)
    #expect(lines.count == 16)
    for (line, request) in zip(lines, requests) {
      let id = try #require(DeliveryFixtures.identifier(request.body))
      #expect(line.contains("\"postback\":\"\(id)\""))
      #expect(line.contains("\"status\":\(receiver.status(of: request.number) ?? 0)"))
    }
    // The postbacks POSTed are those of postbacks.jsonl.
    let written = try String(contentsOf: out.appendingPathComponent("postbacks.jsonl"), encoding: .utf8)
    for request in requests { #expect(written.contains(String(decoding: request.body, as: UTF8.self))) }
  }

  @Test("§5.3: exit status 69 when a postback is given up")
  func givenUpExitStatus() throws {
    let server = try LoopbackServer { _ in .json("{}", status: 500) }
    let (status, output, out) = try run(
      DeliveryFixtures.skAdNetwork(users: 1, developerEndpoint: false, delivery: "{ maxAttempts: 2 }"),
      ["--deliver", server.baseURL.absoluteString])
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    #expect(status == 69, "\(output)")
    #expect(output.contains("delivered 0 of 1 postback in 2 attempts (1 retry, 1 given up, 0 possibly duplicated)"), "\(output)")
    #expect(server.requests.count == 2)
  }

  @Test(
    "pacing and delivery options that cannot work are usage errors, before anything runs",
    arguments: [
      (["--speed", "3600"], "'--speed' paces delivery and needs '--deliver <url|scenario>'"),
      (["--deliver", "http://127.0.0.1:9", "--shard", "0/2"], "'--deliver' cannot be used with '--shard'"),
      (["--deliver", "ftp://127.0.0.1"], "The value 'ftp://127.0.0.1' is invalid for '--deliver <url|scenario>'"),
      (["--deliver", "http://127.0.0.1:9", "--speed", "0"], "The value '0' is invalid for '--speed <n>'"),
      (["--deliver", "http://127.0.0.1:9", "--deliver-timeout", "0"], "The value '0' is invalid for '--deliver-timeout <seconds>'"),
    ])
  func usageErrors(arguments: [String], message: String) throws {
    let (status, output, out) = try run(DeliveryFixtures.skAdNetwork(users: 1), arguments)
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    #expect(status == 64)
    #expect(output.contains(message), "\(output)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test("§7.6: --deliver scenario with a network lacking a postbackURL names it and runs nothing")
  func missingEndpointBeforeTheRun() throws {
    let (status, output, out) = try run(DeliveryFixtures.skAdNetwork(), ["--deliver", "scenario"])
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    #expect(status == 65)
    #expect(output.contains("error: cannot deliver to the scenario's endpoints: ad network 'beta' (beta5678.skadnetwork) has no postbackURL"), "\(output)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }
}
