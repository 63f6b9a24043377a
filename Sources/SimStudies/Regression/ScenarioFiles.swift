import Foundation
import SimJSON

/// The scenario files under a list of paths, named or found by searching folders recursively;
/// schemas and sweeps are skipped.
public struct ScenarioFiles: Sendable {
  /// Scenario files, sorted, each once.
  public var scenarios: [String] = []
  /// Files in folders that are not scenarios, with what they are.
  public var skipped: [(file: String, reason: String)] = []
  /// Paths that do not exist.
  public var missing: [String] = []

  /// Finds the scenarios under `paths`.
  public init(paths: [String]) {
    var found = Set<String>()
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        missing.append(path)
        continue
      }
      guard isFolder.boolValue else {
        if let reason = Self.notAScenario(path) { skipped.append((path, reason)) } else { found.insert(path) }
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      let entries = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
      for entry in entries where entry.hasSuffix(".json") || entry.hasSuffix(".json5") {
        // Golden copies hold outputs, never scenarios.
        if entry.split(separator: "/").dropLast().contains(where: { $0.hasSuffix(".golden") }) { continue }
        let file = "\(base)/\(entry)"
        if let reason = Self.notAScenario(file) {
          skipped.append((file, reason))
        } else {
          found.insert(file)
        }
      }
    }
    scenarios = found.sorted()
  }

  /// What the file is when it is not a scenario; nil for a scenario (or a file too broken to
  /// tell, which loading then reports).
  package static func notAScenario(_ file: String) -> String? {
    guard let text = try? String(contentsOf: URL(fileURLWithPath: file), encoding: .utf8),
      let node = try? JSONParser.parse(text), case .object(let members) = node.value
    else { return nil }
    let keys = Set(members.map(\.key))
    if keys.contains("platform") || keys.contains("adNetworks") || keys.contains("cohorts") { return nil }
    if keys.contains("parameters") || keys.contains("combine") { return "a sweep" }
    if keys.contains("fineValue") || keys.contains("coarseValue") || keys.contains("decoding") {
      return "a conversion schema"
    }
    return "not a scenario (no 'platform' key)"
  }
}
