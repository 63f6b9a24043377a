import SimJSON
import SimModel
import SimRecords

/// One run of a sweep: a point's settings, its replicate and seed, and the run's outcomes, as a
/// line of `sweep.csv` and lines of `sweep-long.csv`.
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
  /// The run's figures for `sweep-long.csv`: the outcomes, and per campaign and window.
  public var figures: [SweepFigure]

  /// The columns before the parameters'; parameters may not take these names.
  package static let reservedNames = SweepColumns.leading

  /// The header line of `sweep.csv` for parameters spread over `columns`.
  package static func header(_ columns: SweepParameterColumns) -> String {
    (reservedNames + columns.names + SweepMetrics.names).map(CSVField.text).joined(separator: ",")
  }

  /// The header line of `sweep-long.csv`.
  package static let longHeader = SweepFigure.longColumns.joined(separator: ",")

  /// The `sweep.csv` line: settings one leaf a column, figures at fixed precision so the file is
  /// byte-stable.
  package func csvLine(_ columns: SweepParameterColumns) -> String {
    let figures = zip(SweepMetrics.names, metrics.values).map { SweepFigure.cell($1, metric: $0) }
    return (["\(point)", "\(replicate)", "\(seed)"] + columns.cells(settings) + figures).map(CSVField.text)
      .joined(separator: ",")
  }

  /// The `sweep-long.csv` lines, each ending in a newline.
  package var longLines: String {
    let lead = "\(point),\(replicate),"
    return figures.map { lead + $0.cells.map(CSVField.text).joined(separator: ",") + "\n" }.joined()
  }
}
