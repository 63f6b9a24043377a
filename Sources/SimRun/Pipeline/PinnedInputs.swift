import AttributionCrypto
import Foundation
import SimJSON
import SimModel
import SimOutput

/// The files a sharded run read (the scenario, the schemas and keys it names), copied into each
/// shard folder's `inputs/` with their SHA-256 digests, so that the merge reads exactly what the
/// shards read, from wherever the folders are, and refuses shards that read different inputs.
package struct PinnedInputs: Equatable {
  /// One input: its path inside `inputs/` (the files keep their layout relative to the folder
  /// that holds them all, so a scenario's relative references resolve among the copies) and the
  /// SHA-256 of its bytes, in hex.
  package struct File: Equatable {
    package var path: String
    package var digest: String
  }

  /// The scenario's (or sweep's) own file, as a path inside `inputs/`.
  package var scenario: String
  /// Every input, the scenario first.
  package var files: [File]

  /// The folder, inside a shard folder, that holds the copies.
  package static let folderName = "inputs"

  /// Copies `scenario`'s input files into `folder/inputs/` and notes their digests.
  package static func pin(_ scenario: Scenario, into folder: URL) throws(ShardFailure) -> PinnedInputs {
    try pin(files: scenario.inputFiles, what: "scenario", into: folder)
  }

  /// Copies `files` (the main document first: a scenario or a sweep) into `folder/inputs/` and
  /// notes their digests.
  package static func pin(files paths: [String], what: String, into folder: URL) throws(ShardFailure) -> PinnedInputs {
    let absolute = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
    guard let first = absolute.first else {
      throw ShardFailure(description: "the \(what) was not read from a file, so its shards cannot be merged")
    }
    // The deepest folder holding every input: copies keep their paths relative to it.
    var root = first.deletingLastPathComponent().pathComponents
    for url in absolute.dropFirst() {
      let parts = url.deletingLastPathComponent().pathComponents
      root = Array(zip(root, parts).prefix { $0 == $1 }.map(\.0))
    }
    let inputs = folder.appendingPathComponent(folderName)
    try? FileManager.default.removeItem(at: inputs)
    var files: [File] = []
    for (url, given) in zip(absolute, paths) {
      let relative = url.pathComponents.dropFirst(root.count).joined(separator: "/")
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw ShardFailure(description: "\(given): cannot read it again to pin it beside the shard")
      }
      let copy = inputs.appendingPathComponent(relative)
      do {
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: copy, options: .atomic)
      } catch {
        throw ShardFailure(description: "cannot copy '\(given)' into '\(copy.path)': \(FileProblem.reason(writing: copy.path, error))")
      }
      files.append(File(path: relative, digest: Self.digest(data)))
    }
    return PinnedInputs(scenario: files[0].path, files: files)
  }

  /// Checks that `folder/inputs/` still holds the files as pinned, and returns the path of the
  /// scenario's copy.
  package func verified(in folder: URL) throws(ShardFailure) -> String {
    let inputs = folder.appendingPathComponent(Self.folderName)
    for file in files {
      let copy = inputs.appendingPathComponent(file.path)
      guard let data = FileManager.default.contents(atPath: copy.path) else {
        throw ShardFailure(description: "\(copy.path): cannot read the copy of an input the shard ran with")
      }
      guard Self.digest(data) == file.digest else {
        throw ShardFailure(description: "\(copy.path): changed after the shard ran (its SHA-256 differs); run the shards again")
      }
    }
    return inputs.appendingPathComponent(scenario).path
  }

  /// Why `other` is not what these inputs are, as a phrase whose subject is `other`'s folder
  /// ("did not read 'schema.json'"); nil when it is.
  package func difference(from other: PinnedInputs) -> String? {
    guard other != self else { return nil }
    if other.scenario != scenario { return "ran '\(other.scenario)', the other '\(scenario)'" }
    let mine = Dictionary(files.map { ($0.path, $0.digest) }, uniquingKeysWith: { a, _ in a })
    let theirs = Dictionary(other.files.map { ($0.path, $0.digest) }, uniquingKeysWith: { a, _ in a })
    if let changed = files.first(where: { theirs[$0.path] != nil && theirs[$0.path] != $0.digest }) {
      return "read '\(changed.path)' with other contents (its SHA-256 differs)"
    }
    if let missing = files.first(where: { theirs[$0.path] == nil }) { return "did not read '\(missing.path)'" }
    if let extra = other.files.first(where: { mine[$0.path] == nil }) { return "also read '\(extra.path)'" }
    return "read its inputs in another order or under another scenario file"
  }

  /// The `inputs` object of `shard.json`.
  package var json: JSONValue {
    .object([
      "scenario": .string(scenario),
      "files": .array(files.map { .object(["path": .string($0.path), "sha256": .string($0.digest)]) }),
    ])
  }

  /// Reads the `inputs` object of `shard.json`; nil when it is not one.
  package init?(json: JSONValue?) {
    guard case .object(let object)? = json, case .string(let scenario)? = object["scenario"],
      case .array(let entries)? = object["files"]
    else { return nil }
    var files: [File] = []
    for entry in entries {
      guard case .object(let fields) = entry, case .string(let path)? = fields["path"],
        case .string(let digest)? = fields["sha256"]
      else { return nil }
      files.append(File(path: path, digest: digest))
    }
    guard files.first?.path == scenario else { return nil }
    self.init(scenario: scenario, files: files)
  }

  package init(scenario: String, files: [File]) {
    self.scenario = scenario
    self.files = files
  }

  /// SHA-256 of a file's bytes in hex, or nil when it cannot be read.
  package static func digest(ofFileAt path: String) -> String? {
    FileManager.default.contents(atPath: path).map(digest)
  }

  /// SHA-256 of `data` in hex.
  package static func digest(_ data: Data) -> String {
    SHA256.hash([UInt8](data)).map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }
}
