import Foundation
import SimJSON

/// The small JSON files beside a shard's outputs (sums of crowd counts, finalised shards, sweep
/// shards): each names its kind and version, and a file of another kind or version is refused
/// the same way, naming the file.
package enum ManifestFile {
  /// The members of the JSON object at `url`, when its `format` is `format` and its `version`
  /// is `version`; otherwise a failure after the path: `unreadable` when there is no file to
  /// read, the parser's own message (line and column) for damaged JSON, `notKind` for JSON of
  /// another kind and `otherVersion` for another version.
  package static func members(
    at url: URL, format: String, version: Int64, unreadable: String? = nil, notKind: String, otherVersion: String
  ) throws(ShardFailure) -> [String: JSONValue] {
    func fail(_ reason: String) -> ShardFailure { ShardFailure(description: "\(url.path): \(reason)") }
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw fail(unreadable ?? "cannot read; \(notKind)") }
    let root: JSONValue
    // The parser says line:column, which follows the path as in every located error.
    do { root = JSONValue(try JSONParser.parse(text)) } catch { throw ShardFailure(description: "\(url.path):\(error.description)") }
    guard case .object(let object) = root, object["format"] == .string(format) else { throw fail(notKind) }
    guard object["version"] == .int(version) else { throw fail(otherVersion) }
    return object
  }
}
