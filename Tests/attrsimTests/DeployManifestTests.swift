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

  /// The attrsim words of `name`, which must parse as the command `path`.
  static func parsedWords(_ name: String, as path: [String]) throws -> [String] {
    let words = try attrsimWords(manifest(name))
    guard case .command(let parsed) = AttrsimTool.spec.parse(words) else {
      Issue.record("attrsim refuses \(words) in \(name)")
      return words
    }
    #expect(parsed.commandPath == path, "\(name) runs attrsim \(path.joined(separator: " "))")
    return words
  }

  @Test("two-phase run: the shard Job is Indexed and its 'run --shard auto/N' names its completions")
  func runShards() throws {
    let manifest = try Self.manifest("run-shards.json")
    let spec = try #require(manifest["spec"] as? [String: Any])
    #expect(spec["completionMode"] as? String == "Indexed")
    let completions = try #require(spec["completions"] as? Int)
    let words = try Self.parsedWords("run-shards.json", as: ["run"])
    #expect(words.contains("auto/\(completions)"))
    #expect(words.contains("/out/shard-0"), "each index writes its own folder")
    #expect(try Self.neverRetried(manifest) == [64, 65, 66])
  }

  @Test("two-phase run: the reduce, the Indexed finalise and the last merge parse and name every shard")
  func runPhases() throws {
    let shardSpec = try #require(try Self.manifest("run-shards.json")["spec"] as? [String: Any])
    let completions = try #require(shardSpec["completions"] as? Int)
    let shards = (0..<completions).map { "/out/shard-\($0)" }

    let reduce = try Self.parsedWords("run-reduce.json", as: ["merge"])
    #expect(reduce.contains("--reduce"))
    #expect(reduce.filter { $0.hasPrefix("/out/shard-") } == shards)
    let sum = try #require(reduce.firstIndex(of: "--out").map { reduce[$0 + 1] })

    let finalise = try Self.manifest("run-finalise.json")
    let finaliseSpec = try #require(finalise["spec"] as? [String: Any])
    #expect(finaliseSpec["completionMode"] as? String == "Indexed" && finaliseSpec["completions"] as? Int == completions)
    let words = try Self.parsedWords("run-finalise.json", as: ["merge"])
    #expect(words.firstIndex(of: "--finalise").map { words[$0 + 1] } == sum, "phase 2 reads the reduce's sum")
    #expect(words.last == "/out/shard-0", "index 0 finalises shard 0")

    let merge = try Self.parsedWords("run-merge.json", as: ["merge"])
    #expect(!merge.contains("--reduce") && !merge.contains("--finalise"))
    #expect(merge.filter { $0.hasPrefix("/out/shard-") } == shards)
    for name in ["run-reduce.json", "run-finalise.json", "run-merge.json"] {
      #expect(try Self.neverRetried(Self.manifest(name)) == [64, 65, 66], "\(name) never retries bad configuration")
    }
  }

  @Test("run-two-phase.sh applies the four Jobs in order, each after the one before completed")
  func twoPhaseScript() throws {
    let script = try String(contentsOf: Self.folder.appendingPathComponent("run-two-phase.sh"), encoding: .utf8)
    let applied = script.split(separator: "\n").filter { $0.hasPrefix("kubectl") }.map(String.init)
    let names = ["shards", "reduce", "finalise", "merge"]
    #expect(applied == names.flatMap { name in
      ["kubectl apply -f run-\(name).json", "kubectl wait --for=condition=complete --timeout=\(name == "reduce" ? "1h" : "24h") job/crowd-base-\(name)"]
    })
    for name in names {
      let metadata = try #require(try Self.manifest("run-\(name).json")["metadata"] as? [String: Any])
      #expect(metadata["name"] as? String == "crowd-base-\(name)")
    }
  }

  @Test("a drifted option would be caught: attrsim's parser refuses an option it does not have")
  func parserRefusesUnknownOption() {
    guard case .usageError = AttrsimTool.spec.parse(["sweep", "s.json", "--shards", "auto/4"]) else {
      Issue.record("an unknown option parsed")
      return
    }
  }
}
