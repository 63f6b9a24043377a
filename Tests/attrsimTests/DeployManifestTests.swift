import AttributionTestSupport
import CommandLineKit
import Foundation
import Testing

@testable import attrsim

/// The Kubernetes manifests in Docs/deploy: they parse, they are the Jobs the docs describe, and
/// every attrsim command line in them is one attrsim's own parser accepts.
@Suite("Deploy manifests")
struct DeployManifestTests {
  static let folder = TestPaths.repository.appendingPathComponent("Docs/deploy/kubernetes")

  static func manifest(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(name) is a JSON object")
  }

  /// The container's command as attrsim's words: the array itself, or the `sh -c` string split
  /// on spaces with `$JOB_COMPLETION_INDEX` standing for an index.
  static func attrsimWords(_ manifest: [String: Any]) throws -> [String] {
    let spec = try #require(manifest["spec"] as? [String: Any])
    let template = try #require((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
    let container = try #require((template["containers"] as? [[String: Any]])?.first)
    #expect(container["name"] as? String == "attrsim", "the podFailurePolicy names the container 'attrsim'")
    var command = try #require(container["command"] as? [String])
    if command.first == "sh" {
      let script = try #require(command.last).replacingOccurrences(of: "$JOB_COMPLETION_INDEX", with: "0")
      command = script.split(separator: " ").map(String.init).filter { $0 != "exec" }
    }
    #expect(command.first == "attrsim")
    return Array(command.dropFirst())
  }

  /// Exit statuses the policy never retries: attrsim's configuration errors.
  static func neverRetried(_ manifest: [String: Any]) throws -> [Int] {
    let spec = try #require(manifest["spec"] as? [String: Any])
    let rules = try #require((spec["podFailurePolicy"] as? [String: Any])?["rules"] as? [[String: Any]])
    let exits = rules.compactMap { $0["onExitCodes"] as? [String: Any] }
    return exits.flatMap { ($0["values"] as? [Int]) ?? [] }
  }

  @Test("the shard Job is Indexed, and its command parses with --shard auto/N matching its completions")
  func shards() throws {
    let manifest = try Self.manifest("sweep-shards.json")
    let spec = try #require(manifest["spec"] as? [String: Any])
    #expect(manifest["kind"] as? String == "Job" && spec["completionMode"] as? String == "Indexed")
    let words = try Self.attrsimWords(manifest)
    guard case .command(let parsed) = AttrsimTool.spec.parse(words) else {
      Issue.record("attrsim refuses \(words)")
      return
    }
    #expect(parsed.commandPath == ["sweep"])
    let completions = try #require(spec["completions"] as? Int)
    #expect(words.contains("auto/\(completions)"), "--shard auto/N names the Job's completions")
    #expect(try Self.neverRetried(manifest) == [64, 65, 66])
  }

  @Test("the merge Job's command parses and names every shard the Indexed Job writes")
  func merge() throws {
    let shards = try Self.manifest("sweep-shards.json")
    let completions = try #require((shards["spec"] as? [String: Any])?["completions"] as? Int)
    let manifest = try Self.manifest("sweep-merge.json")
    let words = try Self.attrsimWords(manifest)
    guard case .command(let parsed) = AttrsimTool.spec.parse(words) else {
      Issue.record("attrsim refuses \(words)")
      return
    }
    #expect(parsed.commandPath == ["merge"])
    #expect(words.filter { $0.hasPrefix("/out/shard-") } == (0..<completions).map { "/out/shard-\($0)" })
    #expect(try Self.neverRetried(manifest) == [64, 65, 66])
  }

  @Test("a drifted option would be caught: attrsim's parser refuses an option it does not have")
  func parserRefusesUnknownOption() {
    guard case .usageError = AttrsimTool.spec.parse(["sweep", "s.json", "--shards", "auto/4"]) else {
      Issue.record("an unknown option parsed")
      return
    }
  }
}
