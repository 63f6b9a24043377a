import AttributionTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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

  @Test("45.5: interrupted mid-delivery, the log holds each answered attempt, and a rerun into the folder sends only the rest")
  func interruptedDeliveryResumes() throws {
    let binary = try #require(ChildProcess.attrsim)
    let slow = SlowSwitch()
    let server = try LoopbackServer { _ in
      var response = LoopbackServer.Response.json("{}")
      response.delay = slow.delay
      return response
    }
    let folder = try TemporaryFolder.create("deliver")
    defer { try? FileManager.default.removeItem(at: folder) }
    try DeliveryFixtures.skAdNetwork().write(to: folder.appendingPathComponent("deliver.json"), atomically: true, encoding: .utf8)
    let arguments = ["run", "deliver.json", "--out", "out", "--deliver", server.baseURL.absoluteString]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    while server.requests.count < 3, Date() < deadline, process.isRunning { Thread.sleep(forTimeInterval: 0.02) }
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    let logFile = folder.appendingPathComponent("out/deliveries.jsonl")
    let logged = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
    #expect(logged.count >= 2, "each answered attempt is in the log at once")
    #expect(logged.allSatisfy { $0.contains(#""outcome":"delivered""#) })
    let before = server.requests.count
    slow.delay = 0
    let (status, output) = try ChildProcess.run(binary, arguments, in: folder)
    #expect(status == 0, "\(output)")
    #expect(output.contains("resuming out/deliveries.jsonl: \(logged.count) postbacks the receiver accepted before are not sent again"), "\(output)")
    #expect(server.requests.count - before == 8 - logged.count)
    let all = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
    #expect(all.count == 8)
    #expect(Array(all.prefix(logged.count)) == logged)
  }

  /// The test receiver's delay, changed between the two runs.
  private final class SlowSwitch: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0.2
    var delay: Double {
      get { lock.withLock { value } }
      set { lock.withLock { value = newValue } }
    }
  }

  @Test("45.12: --deliver with user:password@ is refused without repeating the password, and nothing is sent or written")
  func credentialsAreRefused() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    let url = "http://ann:hunter2@127.0.0.1:\(server.port)/in"
    let (status, output, out) = try run(DeliveryFixtures.skAdNetwork(), ["--deliver", url])
    defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
    #expect(status == 64)
    #expect(output.contains("user name or password"), "\(output)")
    #expect(!output.contains("hunter2"))
    #expect(server.requests.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: out.path))
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
