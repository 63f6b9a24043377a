/// Why shards could not be run or merged: a shard folder's manifest or drafts that cannot be read.
public struct ShardFailure: Error, CustomStringConvertible {
  /// What kind of failure, which decides the exit status a cluster retries on or not.
  public enum Kind: Sendable {
    /// The shards' files are wrong or do not belong together: running the task again fails again.
    case badShard
    /// A folder or file the merge needs is not there (or not yet: a shard that did not finish).
    case missing
    /// An output could not be written (a full disk): a passing reason.
    case cannotWrite
  }

  /// Lowercase description naming the file.
  public var description: String
  /// What kind of failure.
  public var kind: Kind

  /// A failure described by `description`.
  package init(description: String, kind: Kind = .badShard) {
    self.description = description
    self.kind = kind
  }
}
