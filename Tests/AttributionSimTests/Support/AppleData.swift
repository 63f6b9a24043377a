import Foundation
import SimJSON
import Testing

/// Fixtures/: public Apple keys and signed artifacts others collected (see Fixtures/PROVENANCE.md),
/// with the result each must get. Read through #filePath so a plain clone has them all.
enum AppleData {
  /// One manifest entry.
  struct Entry: Sendable, CustomTestStringConvertible {
    var file: String
    var kind: String
    var expect: String
    var key: String?
    var testDescription: String { file }
  }

  static let directory: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures").path

  static func entries(kind: String) -> [Entry] {
    guard let text = try? String(contentsOfFile: directory + "/manifest.json", encoding: .utf8),
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
