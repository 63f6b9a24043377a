import SimJSON
import SimModel
import SimRecords

/// One line of `sweep.csv`: a point's settings, its replicate and seed, and the run's outcomes.
public struct SweepRow: Sendable, Equatable {
  /// The point, from 0.
  public var point: Int
  /// The replicate, from 0.
  public var replicate: Int
  /// The seed the run used.
  public var seed: UInt64
  /// One value per parameter.
  public var settings: [JSONValue]
  /// The run's outcomes.
  public var metrics: SweepMetrics

  /// The columns before the parameters'; parameters may not take these names.
  package static let reservedNames = SweepColumns.leading

  /// The header line for `sweep`'s parameters.
  package static func header(_ parameters: [SweepParameter]) -> String {
    (reservedNames + parameters.map(\.name) + SweepMetrics.names).map(CSVField.text)
      .joined(separator: ",")
  }

  /// The CSV line: settings as compact JSON (strings bare), figures at fixed precision so the
  /// file is byte-stable.
  package var csvLine: String {
    let settings = settings.map { value -> String in
      if case .string(let text) = value { return text }
      return value.serialized()
    }
    let figures = zip(SweepMetrics.names, metrics.values).map { name, value -> String in
      guard let value else { return "" }
      if name.hasSuffix("Revenue") { return CSVField.money(value) }
      if name.contains("Share") || name.hasSuffix("Error") || name == "installsPerCampaignPerDay" {
        return CSVField.decimal(value, places: 6)
      }
      return String(Int64(value))
    }
    return (["\(point)", "\(replicate)", "\(seed)"] + settings + figures).map(CSVField.text).joined(separator: ",")
  }
}
