/// Orders events that fall at the same instant: lower values are processed first.
public struct EventPriority: Hashable, Comparable, Sendable {
  /// The rank; 0 is processed first.
  public var rank: UInt8

  /// A priority of the given rank.
  public init(rank: UInt8) { self.rank = rank }

  /// Before anything else at the same instant.
  public static let first = EventPriority(rank: 0)
  /// The default.
  public static let normal = EventPriority(rank: 128)
  /// After everything else at the same instant.
  public static let last = EventPriority(rank: 255)

  public static func < (a: EventPriority, b: EventPriority) -> Bool { a.rank < b.rank }
}
