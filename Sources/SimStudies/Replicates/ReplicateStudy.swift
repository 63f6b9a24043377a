import SimJSON
import SimModel
import SimOutput
import SimRecords

/// The headline figures of a scenario run under several replicate seeds: each replicate's value
/// and, per figure, the mean with its 95 % interval (`replicates.json`, the printed table and
/// the report's section).
public struct ReplicateStudy: Sendable {
  /// How the intervals are made, in the words every output uses.
  public static let method = ConfidenceInterval.method

  /// The scenario's name and seed (replicate 0's).
  public var scenario: String
  public var seed: UInt64
  /// Each replicate's seed, replicate 0 first.
  public var seeds: [UInt64]
  public var figures: [HeadlineFigure]
  /// values[figure][replicate]; nil where the run had nothing to measure.
  public var values: [[Double?]]
  /// Per figure, over the replicates with a value; nil when none had one.
  public var intervals: [ConfidenceInterval?]
  /// Each replicate's LTV curve (nil where it has none: before 4.0, or no installs).
  package var curves: [[RevenueCurveSection.Point]?]
  /// The currency revenue is decoded in.
  private var currency: String

  /// The study of `summaries`, replicate 0 first, of `scenario` (whose seed is replicate 0's).
  public init(scenario: Scenario, summaries: [RunSummary], figures: [HeadlineFigure]? = nil) {
    self.scenario = scenario.name
    seed = scenario.seed
    seeds = ReplicateSeeds.seeds(base: scenario.seed, count: summaries.count)
    self.figures = figures ?? HeadlineFigure.all(for: scenario)
    values = self.figures.map { figure in summaries.map { figure.value($0) } }
    intervals = zip(self.figures, values).map { ConfidenceInterval($1.compactMap { $0 }, range: $0.range) }
    curves = summaries.map { $0.decoding.flatMap(RevenueCurveSection.points) }
    currency = scenario.schema.currencies.base
  }

  /// How revenue captured spread across the replicates, in one sentence; nil without two values.
  public var spread: String? {
    guard let index = figures.firstIndex(where: { $0.name == "revenueCapturedRatio" }),
      let deviation = intervals[index]?.standardDeviation
    else { return nil }
    let captured = values[index].compactMap { $0 }
    guard let low = captured.min(), let high = captured.max() else { return nil }
    return "Across the \(captured.count) replicates revenue captured ran from \(ReportFormat.percent(low)) to "
      + "\(ReportFormat.percent(high)) (standard deviation \(SVGWriter.number(deviation * 100, decimals: 1)) points): "
      + "with few paying users a seed moves it this much, whatever the decoder; one run cannot settle a schema."
  }

  /// `replicates.json`: the method, the seeds, and per figure its mean, interval and the value
  /// of each replicate (in seed order), rounded to 4 decimals.
  public var json: JSONValue {
    let rows: [JSONValue] = figures.indices.map { index in
      // Counts stay whole numbers where they are (a mean of counts need not be).
      let whole = figures[index].kind == .count
      func number(_ value: Double?) -> JSONValue {
        guard let value else { return .null }
        return whole && value == value.rounded() && abs(value) < 1e15 ? .int(Int64(value)) : .double(CSVField.rounded(value))
      }
      let interval = intervals[index]
      return .object([
        "name": .string(figures[index].name),
        "label": .string(figures[index].label),
        "replicatesWithValue": .int(Int64(interval?.count ?? 0)),
        "mean": number(interval?.mean),
        "standardDeviation": number(interval?.standardDeviation),
        "lower": number(interval?.lower),
        "upper": number(interval?.upper),
        "values": .array(values[index].map(number)),
      ])
    }
    return .object([
      "scenario": .string(scenario),
      "seed": .int(Int64(bitPattern: seed)),
      "replicates": .int(Int64(seeds.count)),
      "seeds": .array(seeds.map { .int(Int64(bitPattern: $0)) }),
      "confidenceLevel": .double(ConfidenceInterval.level),
      "method": .string(Self.method),
      "figures": .array(rows),
    ])
  }

  /// One row per figure: its label, mean and 95 % interval.
  public var table: [[String]] {
    let intervalHeader =
      seeds.count >= ConfidenceInterval.minimumReplicates
      ? "95 % interval" : "95 % interval (none: under \(ConfidenceInterval.minimumReplicates) replicates)"
    return [["figure", "mean", intervalHeader]]
      + figures.indices.map { index in
        let figure = figures[index]
        guard let interval = intervals[index] else { return [figure.label, "–", "–"] }
        let range = interval.lower.flatMap { lower in interval.upper.map { "\(figure.text(lower)) – \(figure.text($0))" } }
        return [figure.label, figure.text(interval.mean), range ?? "–"]
      }
  }

  /// Each figure with a value, by name, as the report's headline tiles show it: the mean with its
  /// 95 % interval, and the interval's ends for the tiles' verdicts.
  package var headlineValues: [String: ReplicatedValue] {
    var values: [String: ReplicatedValue] = [:]
    for (figure, interval) in zip(figures, intervals) {
      guard let interval else { continue }
      values[figure.name] = ReplicatedValue(
        text: figure.text(interval), lower: interval.lower, upper: interval.upper, replicates: interval.count)
    }
    return values
  }

  /// The report's leading sections: the same table, with the spread of revenue captured, and
  /// the LTV curve of replicate 0 with the 95 % intervals of its points over the replicates.
  package var reportSections: [ReportSection] {
    var sections = [
      ReportSection(
        title: "Replicates: mean and 95 % interval",
        caption: "\(seeds.count) replicate\(seeds.count == 1 ? "" : "s") (seeds \(seeds.map(String.init).joined(separator: ", "))); "
          + "the rest of this report is replicate 0 (seed \(seed)). \(Self.method.prefix(1).uppercased())\(Self.method.dropFirst())."
          + (spread.map { " " + $0 } ?? ""),
        table: table)
    ]
    if let first = curves.first, let points = first {
      let present = curves.compactMap { $0 }.filter { $0.count == points.count }
      func band(_ value: (RevenueCurveSection.Point) -> Double) -> [ClosedRange<Double>?] {
        points.indices.map { index in
          let interval = ConfidenceInterval(present.map { value($0[index]) }.filter(\.isFinite), range: .nonNegative)
          guard let lower = interval?.lower, let upper = interval?.upper else { return nil }
          return lower...upper
        }
      }
      sections.append(
        RevenueCurveSection.make(
          points, currency: currency, bands: (decoded: band(\.decodedRevenue), truth: band(\.trueRevenue)),
          note: "Lines are replicate 0; the intervals are over the \(present.count) replicates' curves (\(Self.method))."))
    }
    return sections
  }
}
