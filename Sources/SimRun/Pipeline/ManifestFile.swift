import Foundation
import SimJSON

/// The small JSON files beside a shard's outputs (sums of crowd counts, finalised shards, sweep
/// shards): each names its kind and version, and a file of another kind or version is refused
/// the same way, naming the file.
package enum ManifestFile {
  /// The members of the JSON object at `url`, when its `format` is `format` and its `version`
  /// is `version`; otherwise a failure saying `notKind` or `otherVersion` after the path.
  package static func members(
    at url: URL, format: String, version: Int64, notKind: String, otherVersion: String
  ) throws(ShardFailure) -> [String: JSONValue] {
    func fail(_ reason: String) -> ShardFailure { ShardFailure(description: "\(url.path): \(reason)") }
    guard let text = try? String(contentsOf: url, encoding: .utf8), let node = try? JSONParser.parse(text),
      case .object(let object) = JSONValue(node), object["format"] == .string(format)
    else { throw fail(notKind) }
    guard object["version"] == .int(version) else { throw fail(otherVersion) }
    return object
  }
}
