/// Why shards could not be run or merged: a shard folder's manifest or drafts that cannot be read.
public struct ShardFailure: Error, CustomStringConvertible {
  /// Lowercase description naming the file.
  public var description: String

  /// A failure described by `description`.
  package init(description: String) {
    self.description = description
  }
}
