import AttributionCrypto
import Foundation
import SimInput
import SimJSON
import SimModel
import SimOutput

/// The files a sharded run read (the scenario, the schemas and keys it names), copied into each
/// shard folder's `inputs/` with their SHA-256 digests and the paths of their originals, so that
/// the merge reads exactly what the shards read, from wherever the folders are, and refuses
/// shards that read different inputs.
package struct PinnedInputs {
  /// One input: its path inside `inputs/` (the files keep their layout relative to the folder
  /// that holds them all, so a scenario's relative references resolve among the copies), the
  /// SHA-256 of its bytes, in hex, and the absolute path of the original the shard read, by which
  /// the scenario's references (absolute ones too) find the copy.
  package struct File: Equatable {
    package var path: String
    package var digest: String
    package var source: String
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
    let here = FileManager.default.currentDirectoryPath
    let absolute = paths.map { InputCopies.normalised($0.hasPrefix("/") ? $0 : "\(here)/\($0)") }
    guard let first = absolute.first else {
      throw ShardFailure(description: "the \(what) was not read from a file, so its shards cannot be merged")
    }
    func folderParts(_ path: String) -> [Substring] { path.split(separator: "/").dropLast() }
    // The deepest folder holding every input: copies keep their paths relative to it.
    var root = folderParts(first)
    for path in absolute.dropFirst() {
      root = Array(zip(root, folderParts(path)).prefix { $0 == $1 }.map(\.0))
    }
    let inputs = folder.appendingPathComponent(folderName)
    try? FileManager.default.removeItem(at: inputs)
    var files: [File] = []
    for (source, given) in zip(absolute, paths) {
      let relative = source.split(separator: "/").dropFirst(root.count).joined(separator: "/")
      // The text the loader read (it reads UTF-8 only), so the copy is byte for byte the same.
      guard let data = FileManager.default.contents(atPath: source), let text = String(data: data, encoding: .utf8) else {
        throw ShardFailure(description: "\(given): cannot read it again to pin it beside the shard")
      }
      let copy = inputs.appendingPathComponent(relative)
      do {
        try BufferedFile.write(text, to: copy)
      } catch {
        throw ShardFailure(description: "cannot copy '\(given)' beside the shard: \(error.description)", kind: .cannotWrite)
      }
      files.append(File(path: relative, digest: Self.digest(data), source: source))
    }
    return PinnedInputs(scenario: files[0].path, files: files)
  }

  /// Checks that `folder/inputs/` holds every file as pinned (regular files with the digests
  /// noted), and returns the copies by original, for the loader.
  package func verified(in folder: URL, shard: String) throws(ShardFailure) -> InputCopies {
    let inputs = folder.appendingPathComponent(Self.folderName)
    var copies: [String: String] = [:]
    for file in files {
      let copy = inputs.appendingPathComponent(file.path)
      let data = try ShardFile.contents(copy, what: "the copy of '\(file.source)' that \(shard) ran with")
      let digest = Self.digest(data)
      guard digest == file.digest else {
        throw ShardFailure(
          description: "\(copy.path): expected the copy of '\(file.source)' that \(shard) ran with (SHA-256 \(file.digest)), "
            + "found other contents (SHA-256 \(digest)): it changed after the shard ran; run the shard again")
      }
      copies[file.source] = copy.path
    }
    return InputCopies(copies: copies)
  }

  /// The original path of the scenario's (or sweep's) own file.
  package var source: String { files[0].source }

  /// Why `other` is not what these inputs are, as a phrase whose subject is `other`'s folder
  /// ("did not read 'schema.json'"); nil when it is. Where the originals were does not matter:
  /// shards may run from different folders.
  package func difference(from other: PinnedInputs) -> String? {
    func pairs(_ inputs: PinnedInputs) -> [[String]] { inputs.files.map { [$0.path, $0.digest] } }
    guard other.scenario != scenario || pairs(other) != pairs(self) else { return nil }
    if other.scenario != scenario { return "ran '\(other.scenario)', the other '\(scenario)'" }
    let mine = Dictionary(files.map { ($0.path, $0.digest) }, uniquingKeysWith: { a, _ in a })
    let theirs = Dictionary(other.files.map { ($0.path, $0.digest) }, uniquingKeysWith: { a, _ in a })
    if let changed = files.first(where: { theirs[$0.path] != nil && theirs[$0.path] != $0.digest }) {
      return "read '\(changed.path)' with other contents (SHA-256 \(theirs[changed.path]!), the other \(changed.digest))"
    }
    if let missing = files.first(where: { theirs[$0.path] == nil }) { return "did not read '\(missing.path)'" }
    if let extra = other.files.first(where: { mine[$0.path] == nil }) { return "also read '\(extra.path)'" }
    return "read its inputs in another order"
  }

  /// The `inputs` object of `shard.json`.
  package var json: JSONValue {
    .object([
      "scenario": .string(scenario),
      "files": .array(
        files.map { .object(["path": .string($0.path), "sha256": .string($0.digest), "source": .string($0.source)]) }),
    ])
  }

  /// Reads the `inputs` object of a shard's manifest; a failure says what is wrong where
  /// (`$.inputs.files[2].path: …`), without the manifest's path.
  package init(json: JSONValue?) throws(ShardFailure) {
    func fail(_ reason: String) -> ShardFailure { ShardFailure(description: "$.inputs\(reason)") }
    guard case .object(let object)? = json else { throw fail(": expected an object {scenario, files}") }
    guard case .string(let scenario)? = object["scenario"] else { throw fail(".scenario: expected a path inside inputs/") }
    guard case .array(let entries)? = object["files"], !entries.isEmpty else {
      throw fail(".files: expected a list of {path, sha256, source}, the scenario first")
    }
    var files: [File] = []
    for (index, entry) in entries.enumerated() {
      let at = ".files[\(index)]"
      guard case .object(let fields) = entry, case .string(let path)? = fields["path"],
        case .string(let digest)? = fields["sha256"], case .string(let source)? = fields["source"]
      else { throw fail("\(at): expected {path, sha256, source}") }
      // The merge reads these: a path leading out of inputs/ would read any file on the machine.
      if let problem = Self.confinementProblem(path) {
        throw fail("\(at).path: expected a relative path inside inputs/, found '\(path)' (\(problem))")
      }
      guard digest.count == 64, digest.allSatisfy(\.isHexDigit) else {
        throw fail("\(at).sha256: expected 64 hexadecimal digits, found '\(digest)'")
      }
      guard source.hasPrefix("/"), InputCopies.normalised(source) == source else {
        throw fail("\(at).source: expected the original's absolute path, found '\(source)'")
      }
      files.append(File(path: path, digest: digest, source: source))
    }
    guard files[0].path == scenario else {
      throw fail(".scenario: expected the first file's path '\(files[0].path)', found '\(scenario)'")
    }
    self.init(scenario: scenario, files: files)
  }

  /// Why `path` could lead out of `inputs/`; nil when it cannot.
  private static func confinementProblem(_ path: String) -> String? {
    if path.isEmpty { return "empty" }
    if path.hasPrefix("/") { return "an absolute path" }
    if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
      return "it has an empty, '.' or '..' component"
    }
    return nil
  }

  package init(scenario: String, files: [File]) {
    self.scenario = scenario
    self.files = files
  }

  /// SHA-256 of `data` in hex.
  package static func digest(_ data: Data) -> String {
    SHA256.hash([UInt8](data)).map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }
}
