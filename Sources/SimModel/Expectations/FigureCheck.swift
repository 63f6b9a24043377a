/// A bound on one figure of a run's `summary.json`, or on the share one figure is of another.
public struct FigureCheck: Sendable {
  /// The figure checked.
  public var metric: SummaryPath
  /// The figure ``metric`` is divided by, making it a share; nil to check the figure itself.
  public var denominator: SummaryPath?
  /// The value it must equal (within 1e-9), if any.
  public var equals: Double?
  /// The least and greatest values allowed, if any.
  public var minimum: Double?, maximum: Double?
  /// The greatest magnitude allowed, if any: an error within ±bound.
  public var within: Double?
  /// The rule or intent the check guards, in the author's words.
  public var rule: String?
  /// Where the check was written.
  public var origin: ExpectationOrigin

  /// A check with every part given.
  public init(
    metric: SummaryPath, denominator: SummaryPath? = nil, equals: Double? = nil, minimum: Double? = nil,
    maximum: Double? = nil, within: Double? = nil, rule: String? = nil,
    origin: ExpectationOrigin = ExpectationOrigin(path: "check")
  ) {
    self.metric = metric
    self.denominator = denominator
    self.equals = equals
    self.minimum = minimum
    self.maximum = maximum
    self.within = within
    self.rule = rule
    self.origin = origin
  }

  /// The figure's name, as a share when it has a denominator.
  package var name: String { denominator.map { "\(metric) / \($0)" } ?? metric.description }

  /// The bounds in words: "at least 0.2 and at most 0.5".
  package var bounds: String {
    var parts: [String] = []
    if let equals { parts.append("exactly \(FigureCheck.format(equals))") }
    if let minimum { parts.append("at least \(FigureCheck.format(minimum))") }
    if let maximum { parts.append("at most \(FigureCheck.format(maximum))") }
    if let within { parts.append("within ±\(FigureCheck.format(within))") }
    return parts.joined(separator: " and ")
  }

  /// Why `value` breaks the bounds, or nil when it keeps them.
  package func violation(_ value: Double) -> String? {
    let holds =
      (equals.map { abs(value - $0) <= 1e-9 } ?? true) && (minimum.map { value >= $0 } ?? true)
      && (maximum.map { value <= $0 } ?? true) && (within.map { abs(value) <= $0 } ?? true)
    return holds ? nil : "expected \(bounds), got \(FigureCheck.format(value))"
  }

  /// The shortest text that reads back as the same number, whole numbers without a point.
  package static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }
}
