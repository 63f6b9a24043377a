/// A condition on the app's measurements: each measure it names lies in its range.
public struct Condition: Hashable, Sendable {
  /// The range each named measure must lie in; measures not named are free.
  public var ranges: [Measure: ValueRange] { didSet { checks = Self.checks(ranges) } }
  /// The same ranges as an array: checked on every activity, faster to walk than a dictionary.
  private var checks: [(Measure, ValueRange)]

  /// A condition from measure ranges; no ranges means it always holds.
  public init(_ ranges: [Measure: ValueRange] = [:]) {
    self.ranges = ranges
    checks = Self.checks(ranges)
  }

  private static func checks(_ ranges: [Measure: ValueRange]) -> [(Measure, ValueRange)] {
    ranges.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// Whether it holds for the measured values.
  public func holds(_ values: MeasureValues) -> Bool {
    for (measure, range) in checks where !range.contains(values[measure]) { return false }
    return true
  }

  public static func == (a: Condition, b: Condition) -> Bool { a.ranges == b.ranges }
  public func hash(into hasher: inout Hasher) { hasher.combine(ranges) }

  /// The range of `measure` the condition allows.
  public func range(_ measure: Measure) -> ValueRange { ranges[measure] ?? .any }

  /// Whether it names no measure, so always holds.
  public var isAlways: Bool { ranges.isEmpty }

  /// The condition holding when both do.
  public func and(_ other: Condition) -> Condition {
    Condition(ranges.merging(other.ranges) { $0.intersection($1) })
  }

  /// Whether no values satisfy it (a measure's range is empty).
  public var isImpossible: Bool {
    ranges.contains { measure, range in
      // Counts take whole values: [2.5, 3) holds none.
      range.isEmpty || (measure.isCount && range.below.map { $0 <= range.atLeast.rounded(.up) } ?? false)
    }
  }

  /// Whether every values satisfying this also satisfy `other`.
  public func implies(_ other: Condition) -> Bool {
    other.ranges.allSatisfy { range($0.key).isSubset(of: $0.value) }
  }

  /// The condition left once `earlier`, checked first, is known to have failed, as far as one
  /// range per measure can say it: only a condition on a single measure with one bound narrows
  /// the others (failing `x ≥ a` means `x < a`).
  public func excluding(_ earlier: Condition) -> Condition {
    guard earlier.ranges.count == 1, let (measure, range) = earlier.ranges.first else { return self }
    var narrowed = self
    if range.below == nil {
      narrowed.ranges[measure] = self.range(measure).intersection(ValueRange(atLeast: 0, below: range.atLeast))
    } else if range.atLeast == 0, let upper = range.below {
      narrowed.ranges[measure] = self.range(measure).intersection(ValueRange(atLeast: upper))
    }
    return narrowed
  }
}
