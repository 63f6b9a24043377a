import SimJSON

/// A declarative conversion model: the same file decides on the device which fine value, coarse
/// value and lock each activity produces, and decodes postbacks on the server.
public struct ConversionSchema: ConversionModel, Hashable, Sendable {
  /// The highest schema format version this build reads.
  public static let supportedFormatVersion = 1

  /// Every event name the schema mentions, in order of first mention.
  public var eventNames: [String]
  /// The currency revenue bounds are stated in, and exchange rates into it.
  public var currencies: CurrencyTable
  /// The fine-value mapping.
  public var fine: FineMapping
  /// Coarse rules for each window (index 0–2), in priority order.
  public var coarse: [[CoarseRule]]
  /// Lock rules.
  public var locks: [LockRule]
  /// Value tables for each window (index 0–2): the first row that holds decides the window's
  /// values; empty for a window the fine mapping and coarse rules decide.
  public var table: [[ValueRow]] = [[], [], []]
  /// Hours after the first launch from which the app stops updating values (Google Ads'
  /// `measurementWindowHours`); nil for never.
  public var stopAfterHours: Double?
  /// What the schema was imported from (format, identifiers, settings with no effect here),
  /// kept as written so that exporting gives the same file back; nil when written here.
  public var origin: JSONValue?
  /// The predicted-LTV model `predicted` revenue reads; nil for a schema without one.
  public var predictor: RevenuePredictor?
  /// How decoding estimates revenue.
  public var decoding: DecodingSettings
  /// What the schema is for, from its file.
  public var summary: String
  /// SHA-256 (hex) of the schema's canonical JSON without `$schema`, `description` and
  /// `decoding` (which change no value it sets): a calibration records it and is refused for a
  /// schema with another. Empty for a schema built in code until the caller sets one.
  public var digest = ""

  /// A schema from its parts; `coarse` may list fewer than three windows (the rest have none).
  public init(
    eventNames: [String], currencies: CurrencyTable = .usd, fine: FineMapping, coarse: [[CoarseRule]] = [],
    locks: [LockRule] = [], decoding: DecodingSettings = DecodingSettings(), summary: String = "",
    predictor: RevenuePredictor? = nil
  ) {
    self.predictor = predictor
    self.eventNames = eventNames
    self.currencies = currencies
    self.fine = fine
    self.coarse = (0..<3).map { coarse.indices.contains($0) ? coarse[$0] : [] }
    self.locks = locks
    self.decoding = decoding
    self.summary = summary
  }

  /// A schema that sets no values beyond registration.
  public static let empty = ConversionSchema(eventNames: [], fine: .none)

  /// Whether any coarse rule exists in any window.
  public var hasCoarseValues: Bool { coarse.contains { !$0.isEmpty } }

  public func update(for state: MeasurementState) -> ConversionUpdate? {
    let values = MeasureValues(state.inWindow, state: state, table: currencies, predictor: predictor)
    // Google Ads' measurement window: the app stops asking for values after it.
    if let hours = stopAfterHours, values[.hoursSinceInstall] >= hours { return nil }
    switch state.valueRules {
    case .increasingOnly:
      // Before 4.0 only a greater value counts (§4), so the model never asks for less, and has
      // no coarse value or lock to ask for.
      guard let value = fineValue(values), value > (state.lastFine ?? 0) else { return nil }
      return ConversionUpdate(fine: value)
    case .windowed:
      var update = ConversionUpdate()
      // A window beyond the third (a state built by hand) has no rows or coarse rules.
      let row = table.indices.contains(state.window) ? table[state.window].first { $0.condition.holds(values) } : nil
      if state.window == 0 { update.fine = table[0].isEmpty ? fineValue(values) : row?.fine }
      update.coarse =
        row?.coarse
        ?? (coarse.indices.contains(state.window) ? coarse[state.window].first { $0.condition.holds(values) }?.value : nil)
      let fineAfter = state.window == 0 ? update.fine ?? state.lastFine : nil
      let coarseAfter = update.coarse ?? state.lastCoarse
      update.lock =
        row?.lock == true
        || locks.contains { rule in
          (rule.window == nil || rule.window == state.window) && rule.condition.holds(values)
            && (rule.whenFine.map { $0 == fineAfter } ?? true) && (rule.whenCoarse.map { $0 == coarseAfter } ?? true)
        }
      // An SDK calls only when its answer changed or it locks.
      let fineChanges = update.fine != nil && update.fine != state.lastFine
      let coarseChanges = update.coarse != nil && update.coarse != state.lastCoarse
      return fineChanges || coarseChanges || update.lock ? update : nil
    }
  }

  /// The fine value the mapping gives, or nil when it gives none.
  package func fineValue(_ values: MeasureValues) -> Int? {
    if !table[0].isEmpty { return table[0].first { $0.condition.holds(values) }?.fine }
    switch fine {
    case .bits(let fields):
      guard !fields.isEmpty else { return nil }
      return fields.reduce(0) { value, field in value | (field.encode(values) << field.low) }
    case .table(let rules):
      return rules.filter { $0.condition.holds(values) }.map(\.value).max()
    }
  }
}

extension BitField {
  /// The field's value for the measurements, before shifting into place.
  package func encode(_ values: MeasureValues) -> Int {
    switch content {
    case .revenueBucket(let source, let bounds):
      let revenue = values[.revenue(source)]
      return bounds.reduce(0) { $0 + (revenue >= $1 ? 1 : 0) }
    case .flag(let event):
      return values[.eventCount(event)] > 0 ? 1 : 0
    case .count(let measure):
      return min(Int(values[measure]), maximum)
    }
  }
}
