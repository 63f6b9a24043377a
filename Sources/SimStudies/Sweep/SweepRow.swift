import SimJSON
import SimModel

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

  /// The columns of `sweep.csv` for parameters spread over `columns`.
  package static func columns(_ columns: SweepParameterColumns) -> [String] {
    reservedNames + columns.names + SweepMetrics.names
  }

  /// The row of `sweep.csv`: settings one leaf a column, figures rounded as each column writes
  /// them, so that the file is byte-stable.
  package func cells(_ columns: SweepParameterColumns) -> [(column: String, cell: SweepCell)] {
    [("point", .whole(Int64(point))), ("replicate", .whole(Int64(replicate))), ("seed", .seed(seed))] + columns.cells(settings)
      + metrics.outcomes.map { ($0.name, SweepFigure.cell($0.value, metric: $0.name)) }
  }

  /// The rows of `sweep-long.csv`, one per figure.
  package var longCells: [[(column: String, cell: SweepCell)]] {
    figures.map { [("point", .whole(Int64(point))), ("replicate", .whole(Int64(replicate)))] + $0.cells }
  }
}
