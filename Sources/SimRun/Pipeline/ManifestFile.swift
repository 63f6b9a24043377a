import Foundation
import SimJSON

/// The small JSON files beside a shard's outputs (sums of crowd counts, finalised shards, sweep
/// shards): each names its kind and version, and a file of another kind or version is refused
/// the same way, naming the file.
package enum ManifestFile {
  /// The members of the JSON object at `url` (which should be `what`, e.g. "a run shard's
  /// manifest"), when its `format` is `format` and its `version` is `version`; otherwise a
  /// failure after the path: `unreadable` when there is no file to read, what stands there
  /// when it is not a regular file, the parser's own message (line and column) for damaged
  /// JSON, and what was expected and found for JSON of another kind (then the hint `notKind`)
  /// or another version (then the hint `otherVersion`).
  package static func members(
    at url: URL, what: String, format: String, version: Int64, unreadable: String? = nil, notKind: String,
    otherVersion: String
  ) throws(ShardFailure) -> [String: JSONValue] {
    func fail(_ reason: String) -> ShardFailure { ShardFailure(description: "\(url.path): \(reason)") }
    let text: String
    do {
      text = try ShardFile.text(url, what: what)
    } catch {
      // The folder was given and is there: without its manifest it is not what was asked for (65).
      guard error.kind == .missing, let unreadable else { throw error }
      throw ShardFailure(description: "\(url.path): \(unreadable)")
    }
    let root: JSONValue
    // The parser says line:column, which follows the path as in every located error.
    do { root = JSONValue(try JSONParser.parse(text)) } catch {
      throw ShardFailure(description: "\(url.path):\(error.description) (expected \(what))")
    }
    guard case .object(let object) = root else { throw fail("expected \(what), a JSON object; found another JSON value") }
    guard object["format"] == .string(format) else {
      let found = object["format"].map { "\"format\": \($0.serialized())" } ?? "no \"format\""
      throw fail("expected \(what) (\"format\": \"\(format)\"), found \(found): \(notKind)")
    }
    guard object["version"] == .int(version) else {
      let found = object["version"].map { "version \($0.serialized())" } ?? "no \"version\""
      throw fail("expected \(what) of version \(version), found \(found): \(otherVersion)")
    }
    return object
  }
}
