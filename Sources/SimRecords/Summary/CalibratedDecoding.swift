import SimJSON
import SimModel

/// Which estimator a decoded table values postbacks with, and for the calibrated one its
/// calibration and how often each of its cell levels answered (so the table says how much of
/// its estimate fell back).
public struct CalibratedDecoding: Sendable, Equatable {
  /// The estimator.
  public var estimator: DecodingSettings.Estimate
  /// The calibration; nil under `midpoint` and `lower`, or when none could be made (every value
  /// then falls back to the midpoint).
  public var calibration: Calibration?
  /// Why there is no calibration under the calibrated estimator, for the table.
  public var missingReason: String?
  /// Postbacks with a value valued by their source's cell, the pooled cell, or the midpoint.
  public private(set) var sourceCells = 0, pooledCells = 0, midpointFallbacks = 0
  /// Postbacks without a value imputed, and those left at zero (no cell with enough installs).
  public private(set) var imputedNulls = 0, nullsNotImputed = 0

  /// The state of a table valued with `estimator`.
  public init(estimator: DecodingSettings.Estimate, calibration: Calibration? = nil, missingReason: String? = nil) {
    self.estimator = estimator
    self.calibration = estimator == .calibrated ? calibration : nil
    self.missingReason = estimator == .calibrated && calibration == nil ? missingReason : nil
  }

  /// The calibrated revenue of a postback for `window` carrying `signal` from `source`: nil when
  /// the range estimate applies (another estimator, or no cell with enough installs); 0 for a
  /// postback without a value that cannot be imputed.
  package mutating func revenue(window: Int, signal: CalibrationSignal, source: CalibrationCell.Source) -> Double? {
    guard estimator == .calibrated else { return nil }
    let estimate = calibration?.estimate(window: window, signal: signal, source: source)
    if signal.isImputed {
      if estimate == nil { nullsNotImputed += 1 } else { imputedNulls += 1 }
      return estimate?.revenue
    }
    switch estimate?.level {
    case .source: sourceCells += 1
    case .pooled: pooledCells += 1
    case nil: midpointFallbacks += 1
    }
    return estimate?.revenue
  }

  /// The calibrated forecast of what an install whose window-`window` postback carried `signal`
  /// from `source` earns in the windows after it; a value too rare for a cell of its own (often
  /// a whale's) takes its pooled cell's mean however few installs it has, not nothing. Nil under
  /// another estimator, or when no calibration install carried it, or the calibration does not
  /// know later revenue.
  package func forecast(window: Int, signal: CalibrationSignal, source: CalibrationCell.Source) -> Double? {
    guard estimator == .calibrated, let calibration else { return nil }
    return calibration.estimate(window: window, signal: signal, source: source)?.laterRevenue
      ?? calibration.pooledLaterRevenue(window: window, signal: signal)
  }

  /// Whether the table can forecast the horizon from early postbacks.
  public var forecasts: Bool { estimator == .calibrated && calibration?.hasForecasts == true }

  /// `rows` (in table order) with each window whose postbacks never came imputed: a
  /// campaign's window-1 postbacks minus its window-`w` postbacks, times the calibration's mean
  /// for a missing window-`w` postback of that source. A window with no row gets one.
  package func imputingMissing(_ rows: [DecodedTable.Row], eventCount: Int) -> [DecodedTable.Row] {
    guard estimator == .calibrated, let calibration, calibration.windowCount > 1 else { return rows }
    var result: [DecodedTable.Row] = []
    var index = 0
    while index < rows.count {
      // One source's rows, windows ascending.
      var end = index
      while end < rows.count, rows[end].network == rows[index].network, rows[end].campaign == rows[index].campaign { end += 1 }
      var group = Array(rows[index..<end])
      if let first = group.first(where: { $0.window == 0 }) {
        let source = CalibrationCell.Source(network: first.network, campaign: first.campaign)
        for window in 1..<calibration.windowCount {
          var row: DecodedTable.Row
          let position = group.firstIndex { $0.window == window }
          if let position {
            row = group[position]
          } else {
            row = DecodedTable.Row(
              network: first.network, campaign: first.campaign, window: window,
              trueEventUsers: Array(repeating: 0, count: eventCount), decodedEventUsers: Array(repeating: 0, count: eventCount))
          }
          let missing = first.postbacks - row.postbacks
          if missing > 0, let estimate = calibration.estimate(window: window, signal: .missing, source: source) {
            let imputed = Double(missing) * estimate.revenue
            row.decodedRevenue += imputed
            row.imputedRevenue += imputed
            row.missingImputed += imputed
            row.missingPostbacks += missing
            row.forecastRevenue += Double(missing) * (estimate.laterRevenue ?? 0)
          }
          if let position { group[position] = row } else if row.imputedRevenue > 0 || row.forecastRevenue > 0 { group.append(row) }
        }
        group.sort { $0.window < $1.window }
      }
      result += group
      index = end
    }
    return result
  }

  /// The `estimator` object of `summary.json`'s decoding.
  public var json: JSONValue {
    var object: [String: JSONValue] = ["name": .string(estimator.rawValue)]
    guard estimator == .calibrated else { return .object(object) }
    if let calibration {
      object["calibration"] = .object([
        "scenario": .string(calibration.scenario), "runs": .int(Int64(calibration.seeds.count)),
        "installs": .int(Int64(calibration.installs)), "minimumInstalls": .int(Int64(calibration.minimumInstalls)),
      ])
    } else {
      object["calibration"] = .null
      object["note"] = .string(missingReason ?? "no calibration: every value decoded at its midpoint")
    }
    object["values"] = .object([
      "sourceCell": .int(Int64(sourceCells)), "pooledCell": .int(Int64(pooledCells)),
      "midpoint": .int(Int64(midpointFallbacks)),
    ])
    object["nulls"] = .object(["imputed": .int(Int64(imputedNulls)), "notImputed": .int(Int64(nullsNotImputed))])
    return .object(object)
  }
}
