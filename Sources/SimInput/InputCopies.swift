/// The copies of a document's input files pinned beside a shard, by the path each original had:
/// a loader given these reads every file the document names from its copy (an absolute
/// reference too) and refuses a file that was not pinned, so that a merge reads only what the
/// shards read, wherever the originals are now and whatever they hold.
package struct InputCopies: Sendable {
  /// The copy's path by the original's absolute path, as ``normalised(_:)`` writes it.
  package var copies: [String: String]

  /// Copies by original.
  package init(copies: [String: String]) {
    self.copies = copies
  }

  /// The copy of the file that `reference` names in a document whose original was in `folder`
  /// (absolute); nil when no such file was pinned.
  package func copy(of reference: String, from folder: String) -> String? {
    copies[Self.normalised(reference.hasPrefix("/") ? reference : "\(folder)/\(reference)")]
  }

  /// `path` (absolute) with `.`, `..` and doubled slashes taken out, from its text alone: the
  /// originals need not exist any more when a merge looks them up.
  package static func normalised(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }
}
