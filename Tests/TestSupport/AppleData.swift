import Foundation
import SimJSON
import Testing

/// Fixtures/: public Apple keys and signed artifacts others collected (see Fixtures/PROVENANCE.md),
/// with the result each must get, listed in `Fixtures/manifest.json`.
package enum AppleData {
  /// One manifest entry.
  package struct Entry: Sendable, CustomTestStringConvertible {
    package var file: String
    package var kind: String
    package var expect: String
    package var key: String?
    package var testDescription: String { file }
  }

  /// The manifest's entries of one kind, in its order.
  package static func entries(kind: String) -> [Entry] {
    guard let text = try? String(contentsOfFile: TestPaths.fixtures + "/manifest.json", encoding: .utf8),
      let node = try? JSONParser.parse(text), case .object(let root) = JSONValue(node),
      case .array(let artifacts) = root["artifacts"]
    else { return [] }
    return artifacts.compactMap { artifact in
      guard case .object(let fields) = artifact, case .string(let file) = fields["file"],
        case .string(let entryKind) = fields["kind"], entryKind == kind, case .string(let expect) = fields["expect"]
      else { return nil }
      var key: String?
      if case .string(let path) = fields["key"] { key = path }
      return Entry(file: file, kind: entryKind, expect: expect, key: key)
    }
  }
}
