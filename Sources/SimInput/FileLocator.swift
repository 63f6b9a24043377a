import SimJSON

/// Finds the files a document names (schemas, keys, event logs): beside the document as the user
/// named it, or, when it is read from copies pinned beside a shard, among those copies.
package struct FileLocator {
  /// The document's folder as the user named it ("" for the current folder).
  package var baseDirectory: String
  /// Set when the document is read from copies pinned beside a shard: the copies, and the folder
  /// (absolute) its original was in, against which its references resolve.
  package var pinned: (copies: InputCopies, folder: String)?

  /// Files beside a document in `baseDirectory`, or pinned.
  package init(baseDirectory: String, pinned: (copies: InputCopies, folder: String)? = nil) {
    self.baseDirectory = baseDirectory
    self.pinned = pinned
  }

  /// The file `relativePath` (written at `reader`) names, as the user would type it from where
  /// they ran the tool; from pinned copies, the copy of the file the shard read, or nil (an
  /// error logged) when it pinned none by that name.
  package func locate(_ relativePath: String, kind: String, _ reader: JSONReader) -> String? {
    guard let pinned else {
      return relativePath.hasPrefix("/") || baseDirectory.isEmpty ? relativePath : "\(baseDirectory)/\(relativePath)"
    }
    if let copy = pinned.copies.copy(of: relativePath, from: pinned.folder) { return copy }
    reader.error(
      "expected the \(kind) file '\(relativePath)' among the copies pinned beside the shard, found none: "
        + "the shard's manifest or inputs are damaged; run the shards again")
    return nil
  }
}
