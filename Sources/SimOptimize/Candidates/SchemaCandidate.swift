import SimModel
import SimStudies

/// One point of the schema search space: a fine-value layout (a revenue ladder, a counter and
/// event flags), coarse thresholds per window and at most one lock rule, with the reason for
/// each choice. ``text(currency:exchangeRates:header:)`` writes it as a schema file.
public struct SchemaCandidate: Hashable, Sendable {
  /// A window's coarse mapping: "high" from `high`, "medium" from `medium` (or, when set,
  /// whenever `mediumEvent` happened), "low" from `low` revenue when set, else for any session.
  public struct Coarse: Hashable, Sendable {
    public var medium: Double, high: Double
    public var mediumEvent: String?
    /// Revenue from which "low" holds; nil: any session. Below it no rule holds, so the window
    /// gets no coarse value and (by default) no postback, which the calibrated decoder imputes
    /// as a missing window: a fourth level, for installs that earned (almost) nothing.
    public var low: Double?
    /// Thresholds as given; `low` < `medium` < `high`.
    public init(medium: Double, high: Double, mediumEvent: String? = nil, low: Double? = nil) {
      self.medium = medium
      self.high = high
      self.mediumEvent = mediumEvent
      self.low = low
    }

    /// The revenue bounds as `optimize.csv` shows them: "0.5/3/10" (low/medium/high), or
    /// "3/10" when "low" is any session.
    public var bounds: String { levels(withEvent: false) }

    /// ``bounds`` with " or EVENT" after the medium bound when an event makes "medium" too.
    public var summary: String { levels(withEvent: true) }

    private func levels(withEvent: Bool) -> String {
      let mediumText = SchemaCandidate.amount(medium) + (withEvent ? mediumEvent.map { " or " + $0 } ?? "" : "")
      return ([low.map(SchemaCandidate.amount)].compactMap { $0 } + [mediumText, SchemaCandidate.amount(high)])
        .joined(separator: "/")
    }
  }

  /// When a window is finalised early.
  public enum Lock: Hashable, Sendable {
    /// When the window's revenue reaches the amount: the value can rise no further.
    case revenue(window: Int, atLeast: Double)
    /// At the first activity this many hours after install: an earlier postback, later activity unseen.
    case hours(window: Int, atLeast: Int)
    /// When the event happens.
    case event(window: Int, name: String)

    /// The window (0–2) it locks.
    public var window: Int {
      switch self {
      case .revenue(let window, _), .hours(let window, _), .event(let window, _): window
      }
    }
  }

  /// A counter field in the fine value.
  public struct Counter: Hashable, Sendable {
    /// "sessions" or "activeDays".
    public var measure: String
    public var bits: Int
    /// A counter of `measure` in `bits` bits.
    public init(measure: String, bits: Int) {
      self.measure = measure
      self.bits = bits
    }
  }

  /// Ascending revenue bounds of the ladder in the low bits (window 1's fine value).
  public var revenueBounds: [Double]
  /// Bits the ladder takes: at least enough for its buckets; values above the top bucket are headroom.
  public var revenueBits: Int
  /// A counter above the ladder, if any.
  public var counter: Counter?
  /// Events with a flag bit, from the bit above the ladder and counter up, in this order.
  public var eventBits: [String]
  /// Coarse thresholds per window; empty where the framework has no coarse values.
  public var coarse: [Coarse]
  /// The lock rule, if any.
  public var lock: Lock?
  /// Why each part was chosen, by part: "revenue", "counter", "events", "coarse", "lock".
  public var reasons: [String: String]
  /// When set, the ladder buckets the predicted revenue to day 35 of this predicted-LTV model
  /// (its bounds halfway between the model's predictions), not the revenue seen so far.
  public var predictor: RevenuePredictor?

  /// A candidate from its parts.
  public init(
    revenueBounds: [Double], revenueBits: Int? = nil, counter: Counter? = nil, eventBits: [String] = [],
    coarse: [Coarse] = [], lock: Lock? = nil, reasons: [String: String] = [:]
  ) {
    self.revenueBounds = revenueBounds
    self.revenueBits = revenueBits ?? Self.bitsNeeded(revenueBounds.count)
    self.counter = counter
    self.eventBits = eventBits
    self.coarse = coarse
    self.lock = lock
    self.reasons = reasons
  }

  /// Bits needed to hold a value from 0 to `count`.
  public static func bitsNeeded(_ count: Int) -> Int {
    var bits = 0
    while (1 << bits) <= count { bits += 1 }
    return bits
  }

  /// Bits the fine value uses; at most 6.
  public var bitsUsed: Int { revenueBits + (counter?.bits ?? 0) + eventBits.count }

  /// Fine values the ladder leaves unused above its top bucket.
  public var headroom: Int { (1 << revenueBits) - 1 - revenueBounds.count }

  /// A one-line summary for tables: "24 bounds/5 bits (7 spare) + purchase; coarse 0.5/5 … ; lock w2 ≥ 50".
  public var summary: String {
    var parts = [(predictor == nil ? "" : "pLTV ") + "\(revenueBounds.count) bounds/\(revenueBits) bits (\(headroom) spare)"]
    if let counter { parts.append("\(counter.measure) counter/\(counter.bits) bits") }
    if !eventBits.isEmpty { parts.append("flags " + eventBits.joined(separator: ", ")) }
    var line = parts.joined(separator: " + ")
    if !coarse.isEmpty {
      line +=
        "; coarse "
        + coarse.map(\.summary).joined(separator: " | ")
    }
    switch lock {
    case .revenue(let window, let amount)?: line += "; lock w\(window + 1) at revenue ≥ \(Self.amount(amount))"
    case .hours(let window, let hours)?: line += "; lock w\(window + 1) after \(hours) h"
    case .event(let window, let name)?: line += "; lock w\(window + 1) at \(name)"
    case nil: line += "; no lock"
    }
    return line
  }

  /// An amount as a schema writes it: at most 4 significant digits, no trailing zeros.
  public static func amount(_ value: Double) -> String {
    guard value != value.rounded() || abs(value) >= 1e15 else { return String(Int64(value)) }
    var text = String(format: "%.4g", value)
    if text.contains("e") { text = String(format: "%.6f", value) }
    while text.contains("."), text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

extension SchemaCandidate {
  /// This candidate with its ladder encoding `predictor`'s predicted revenue instead of the
  /// revenue seen so far: one bucket per distinct prediction (``PredictedSchema/bounds(_:)``),
  /// the counter and then flags dropped where the ladder needs their bits; coarse values and
  /// lock as they were.
  public func predicting(with predictor: RevenuePredictor) -> SchemaCandidate {
    // One prediction for everyone: no ladder to draw.
    guard !PredictedSchema.bounds(predictor).isEmpty else { return self }
    var copy = self
    copy.predictor = predictor
    copy.revenueBounds = PredictedSchema.bounds(predictor)
    copy.revenueBits = max(1, Self.bitsNeeded(copy.revenueBounds.count))
    if copy.bitsUsed > 6 { copy.counter = nil }
    while copy.bitsUsed > 6, !copy.eventBits.isEmpty { copy.eventBits.removeLast() }
    if copy.counter == nil { copy.reasons["counter"] = nil }
    // A window-1 lock at the ladder's top edge no longer means that: the ladder is predictions.
    if case .revenue(0, _)? = copy.lock {
      copy.lock = nil
      copy.reasons["lock"] = nil
    }
    if copy.eventBits.isEmpty { copy.reasons["events"] = nil }
    copy.reasons["revenue"] =
      "A predicted-LTV ladder: \(copy.revenueBounds.count) bounds in \(copy.revenueBits) bits on the revenue to day "
      + "\(predictor.horizonDays) that the predictor below expects from window 1's revenue and sessions (learned from "
      + "the pilot's installs as attrsim schema train learns one), one bucket per distinct prediction."
    return copy
  }
}
