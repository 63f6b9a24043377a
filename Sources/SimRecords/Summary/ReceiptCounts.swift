import SimJSON

/// What a receiver did with the postbacks it got: the `received` object of `summary.json`.
public struct ReceiptCounts: Equatable, Sendable {
  /// Postbacks accepted.
  public var accepted = 0
  /// Replays dropped.
  public var duplicates = 0
  /// Of those, replays whose fields differ from the accepted copy.
  public var duplicatesDiffering = 0
  /// Rejected postbacks by reason code.
  public var rejected: [String: Int] = [:]

  /// Counts as given; all zero by default.
  public init(accepted: Int = 0, duplicates: Int = 0, duplicatesDiffering: Int = 0, rejected: [String: Int] = [:]) {
    self.accepted = accepted
    self.duplicates = duplicates
    self.duplicatesDiffering = duplicatesDiffering
    self.rejected = rejected
  }

  /// All postbacks received.
  public var total: Int { accepted + duplicates + rejected.values.reduce(0, +) }

  /// The `received` object of `summary.json`.
  public var json: JSONValue {
    .object([
      "accepted": .int(Int64(accepted)), "duplicates": .int(Int64(duplicates)),
      "duplicatesDiffering": .int(Int64(duplicatesDiffering)),
      "rejected": .object(rejected.mapValues { .int(Int64($0)) }), "total": .int(Int64(total)),
    ])
  }
}
