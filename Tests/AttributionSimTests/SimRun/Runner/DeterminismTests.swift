import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@Suite("Determinism and common random numbers")
struct DeterminismTests {
  /// The quickstart with fewer users, so the tests stay quick.
  private func quickstart(users: Int = 1_500, seed: UInt64? = nil) throws -> Scenario {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/quickstart.json")
    scenario.cohorts[0].count = users
    scenario.cohorts[1].count = users / 2
    if let seed { scenario.seed = seed }
    return scenario
  }

  /// Runs into a temporary folder and returns the three files' bytes.
  private func files(of scenario: Scenario) throws -> [String: Data] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("attrsim-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    var writer = try RunDirectoryWriter(directory: directory, epoch: scenario.epoch)
    let summary = ScenarioRunner.run(scenario, sink: &writer)
    try writer.commit(summary, scenario: scenario)
    var result: [String: Data] = [:]
    for name in ["postbacks.jsonl", "conversions.jsonl", "summary.json", "keys.json"] {
      result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    return result
  }

  @Test("the same scenario and seed give byte-identical output files")
  func byteIdenticalReruns() throws {
    let scenario = try quickstart()
    let first = try files(of: scenario)
    let second = try files(of: scenario)
    #expect(first == second)
    #expect((first["postbacks.jsonl"]?.count ?? 0) > 1_000)
  }

  @Test("another seed gives different output")
  func otherSeedDiffers() throws {
    let first = try files(of: try quickstart(seed: 1))
    let second = try files(of: try quickstart(seed: 2))
    #expect(first["postbacks.jsonl"] != second["postbacks.jsonl"])
    #expect(first["conversions.jsonl"] != second["conversions.jsonl"])
  }

  /// Each user's outputs, keyed by user name, as serialized lines.
  private func outputsByUser(_ scenario: Scenario) -> [String: [String]] {
    let outputs = ScenarioRunner.collect(scenario).outputs
    var byUser: [String: [String]] = [:]
    for postback in outputs.postbacks {
      byUser[postback.user, default: []].append(postback.jsonLine(epoch: scenario.epoch).serialized())
    }
    for conversion in outputs.conversions {
      guard case .object(let members) = conversion.json, case .string(let user) = members["user"] else { continue }
      byUser[user, default: []].append(conversion.json.serialized())
    }
    return byUser
  }

  @Test("adding a user leaves every other user's outputs unchanged")
  func addingAUser() throws {
    let base = try quickstart(users: 800)
    var grown = base
    grown.cohorts[0].count += 1
    let before = outputsByUser(base)
    let after = outputsByUser(grown)
    #expect(!before.isEmpty)
    for (user, lines) in before { #expect(after[user] == lines, "outputs of \(user) changed") }
  }

  @Test("adding a cohort and a scripted user leaves the existing users' outputs unchanged")
  func addingACohort() throws {
    let base = try quickstart(users: 800)
    var grown = base
    var extra = base.cohorts[1]
    extra.name = "extra"
    grown.cohorts.append(extra)
    grown.scriptedUsers.append(ScriptedUser(name: "zed", country: "US", timeline: []))
    let after = outputsByUser(grown)
    for (user, lines) in outputsByUser(base) { #expect(after[user] == lines, "outputs of \(user) changed") }
    #expect(after.keys.contains { $0.hasPrefix("extra#") })
  }
}
