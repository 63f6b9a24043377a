/// What a calibration cohort taught the decoder: for each window, what a postback carried and
/// where it pointed, the installs behind it and their true revenue and events (the
/// conditional-mean estimator of arXiv 2102.08458, learned by simulation rather than assumed).
///
/// A cell with fewer than `minimumInstalls` installs gives way to the pooled cell of its window
/// and signal (every source together), and that to the schema's midpoint.
public struct Calibration: Hashable, Sendable {
  /// The scenario the cohort was simulated from.
  public var scenario: String
  /// The ``ConversionSchema/digest`` of the schema it was made for; decoding with another
  /// schema is refused.
  public var schemaDigest: String
  /// The currency revenue is in (the schema's).
  public var currency: String
  /// The schema's event names, in its order (the cells' event counts follow it).
  public var eventNames: [String]
  /// Postback windows of the framework (3 from SKAdNetwork 4.0, else 1).
  public var windowCount: Int
  /// Installs a cell needs before its own mean is used.
  public var minimumInstalls: Int
  /// The seeds of the calibration runs, derived from the scenario seed.
  public var seeds: [UInt64]
  /// Attributed installs with a first postback, over every run.
  public var installs: Int
  /// Whether the cells know each install's revenue in later windows (``CalibrationCell/laterRevenue``),
  /// so the decoder can forecast the horizon from early postbacks; false for files written
  /// before it was recorded.
  public var hasForecasts: Bool
  /// Cells by their source; pooled cells are derived, not stored.
  public private(set) var cells: [CalibrationCell.Key: CalibrationCell]
  private var pooled: [CalibrationCell.Key: CalibrationCell] = [:]

  /// A calibration from its cells (keys with a source; pooled cells are summed here).
  public init(
    scenario: String, schemaDigest: String, currency: String, eventNames: [String], windowCount: Int,
    minimumInstalls: Int, seeds: [UInt64], installs: Int, cells: [CalibrationCell.Key: CalibrationCell],
    hasForecasts: Bool = true
  ) {
    self.hasForecasts = hasForecasts
    self.scenario = scenario
    self.schemaDigest = schemaDigest
    self.currency = currency
    self.eventNames = eventNames
    self.windowCount = windowCount
    self.minimumInstalls = minimumInstalls
    self.seeds = seeds
    self.installs = installs
    self.cells = cells.filter { $0.key.source != nil }
    pooled = CalibrationCell.summing(CollectionOfOne(self.cells), eventCount: eventNames.count) {
      CalibrationCell.Key(window: $0.window, signal: $0.signal, source: nil)
    }
  }

  /// The conditional mean for an install whose window-`window` postback carried `signal` and
  /// pointed at `source` (nil when it pointed nowhere known): the source's cell, else the pooled
  /// one; nil when neither has `minimumInstalls` installs (the decoder falls back to the midpoint).
  public func estimate(window: Int, signal: CalibrationSignal, source: CalibrationCell.Source?) -> CalibratedEstimate? {
    if let source, let cell = cells[CalibrationCell.Key(window: window, signal: signal, source: source)],
      cell.installs >= minimumInstalls
    {
      return estimate(cell, level: .source)
    }
    if let cell = pooled[CalibrationCell.Key(window: window, signal: signal, source: nil)], cell.installs >= minimumInstalls {
      return estimate(cell, level: .pooled)
    }
    return nil
  }

  /// The later-window revenue mean of the pooled cell for `window` and `signal`, whatever its
  /// installs; nil without installs or when later revenue is not known.
  public func pooledLaterRevenue(window: Int, signal: CalibrationSignal) -> Double? {
    guard hasForecasts, let cell = pooled[CalibrationCell.Key(window: window, signal: signal, source: nil)], cell.installs > 0
    else { return nil }
    return cell.meanLaterRevenue
  }

  private func estimate(_ cell: CalibrationCell, level: CalibratedEstimate.Level) -> CalibratedEstimate {
    let installs = Double(cell.installs)
    return CalibratedEstimate(
      revenue: cell.meanRevenue, laterRevenue: hasForecasts ? cell.meanLaterRevenue : nil,
      eventShares: cell.eventUsers.map { Double($0) / installs }, level: level, installs: cell.installs)
  }
}
