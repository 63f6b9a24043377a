/// A row of a value table: GA4's "conversion value" entry. In its window the first row whose
/// condition holds decides the fine value (window 1), the coarse value and whether to lock,
/// together.
public struct ValueRow: Hashable, Sendable {
  /// The row's name as people read it (GA4's `displayName`); may be empty.
  public var name: String
  /// The fine value it sets, 0–63 (window 1 only); nil to set none.
  public var fine: Int?
  /// The coarse value it sets; nil to leave it to the schema's coarse rules.
  public var coarse: CoarseValue?
  /// Whether choosing it locks the window (GA4's `lockEnabled`).
  public var lock: Bool
  /// When it applies: every condition it names holds (GA4's event mappings, ANDed).
  public var condition: Condition
  /// JSON path in its file; empty when built in code.
  public var source: String

  /// A row.
  public init(name: String = "", fine: Int? = nil, coarse: CoarseValue? = nil, lock: Bool = false, condition: Condition, source: String = "") {
    self.name = name
    self.fine = fine
    self.coarse = coarse
    self.lock = lock
    self.condition = condition
    self.source = source
  }
}
