import Foundation
import SimEngine
import SimJSON
import SimOutput

/// What `attrsim privacy fit` found: each threshold and the crowd period with a 95 % interval, or
/// why the evidence cannot tell; the goodness of fit; and what the evidence held.
public struct PrivacyFitResult: Sendable {
  /// One fitted threshold (installs per crowd per period for a tier).
  public struct Threshold: Sendable, Equatable {
    /// 1, 2 or 3.
    public var tier: Int
    /// The estimate: the middle of the values the likelihood puts highest; nil when not identified.
    public var estimate: Int?
    /// The 95 % cluster-bootstrap interval; a bound the evidence cannot give is nil.
    public var lower: Int?
    public var upper: Int?
    /// Why an estimate or a bound is missing; nil when the evidence identifies it.
    public var unidentified: String?
  }

  /// The crowd period with its interval, among the candidates tried.
  public struct Period: Sendable, Equatable {
    public var estimate: SimDuration
    public var lower: SimDuration
    public var upper: SimDuration
    public var candidates: [SimDuration]
  }

  /// Observed against fitted counts of postbacks by lowest tier shown, in bins of cells by how
  /// many postbacks a cell holds.
  public struct GoodnessOfFit: Sendable, Equatable {
    public struct Bin: Sendable, Equatable {
      /// The sizes its cells are judged at (postbacks per cell, or an observation's installs a
      /// day), smallest and largest, and their mean weighted by postbacks.
      public var smallest: Int, largest: Int
      public var meanSize: Double
      public var cells: Int
      /// By lowest tier shown (0–3; before 4.0 only 0 and 2 occur).
      public var observed: [Int]
      public var fitted: [Double]
      /// For each level the evidence speaks to, the observed share showing at least it with its
      /// 95 % interval (a cluster bootstrap over the bin's cells, or with fewer than 5 cells the
      /// Wilson score interval of its postbacks), and the fitted share.
      public var shares: [Share]
    }

    /// One level's share in a bin.
    public struct Share: Sendable, Equatable {
      public var level: Int
      public var observed: Double
      public var lower: Double, upper: Double
      public var fitted: Double
    }

    public var chiSquare: Double
    public var degreesOfFreedom: Int
    /// How much shared crowds spread the chi-square: the mean chi-square per term of the
    /// simulated runs read as evidence under the fitted model (at least 1); nil when not
    /// estimated (rows of observations only, or a single run).
    public var dispersion: Double?
    /// The p-value of the chi-square divided by ``dispersion`` (a first-order Rao–Scott
    /// correction): small values say the model misses something the evidence shows.
    public var pValue: Double
    /// The p-value as if postbacks were independent, which they are not: too small.
    public var pValueIndependent: Double
    public var bins: [Bin]
  }

  public var thresholds: [Threshold]
  public var period: Period
  public var goodnessOfFit: GoodnessOfFit
  /// Whether the evidence had tiers (4.0, AdAttributionKit).
  public var tiered: Bool
  /// Postbacks read, and of them those in cells the scenario never simulates (left out).
  public var postbacks: Int
  public var unmatchedPostbacks: Int
  public var cells: Int
  /// Simulated runs per candidate period, and bootstrap replicates.
  public var runs: Int
  public var replicates: Int

  /// How the figures were estimated, for the report and `fit.json`.
  public static let method =
    "composite likelihood over cells (a network's campaign on a day): for each tier the evidence shows, the cell's "
    + "postbacks showing at least that tier, binomial against the share of the cell's simulated postbacks that would "
    + "under the candidate thresholds; integer thresholds fitted one at a time, the crowd period by profile over the "
    + "candidates; 95 % intervals from a cluster bootstrap over cells (percentiles of the smallest and largest best "
    + "values); goodness of fit: Pearson chi-square over bins of cells by size, its p-value corrected for postbacks sharing "
    + "crowds by the dispersion of the simulated runs read as evidence under the fitted model (first-order Rao-Scott)"

  /// `value` to `places` decimals, for the file.
  private func rounded(_ value: Double, _ places: Int = 2) -> Double {
    let scale = pow(10, Double(places))
    return (value * scale).rounded() / scale
  }

  /// `tiers.svg`: observed against fitted shares of postbacks showing at least each tier, by the
  /// size cells are judged at, with the observed shares' 95 % intervals.
  public var chart: LineChart {
    let names = [1: "coarse or more (tier ≥ 1)", 2: tiered ? "fine or more (tier ≥ 2)" : "value (privacy threshold met)", 3: "publisher (tier 3)"]
    let levels = goodnessOfFit.bins.first?.shares.map(\.level) ?? []
    var series: [LineChart.Series] = []
    for level in levels {
      let shares = goodnessOfFit.bins.compactMap { bin in bin.shares.first { $0.level == level }.map { (bin.meanSize, $0) } }
      series.append(
        .init(name: "observed: \(names[level]!)", points: shares.map { .init(x: $0.0, y: $0.1.observed, interval: $0.1.lower...$0.1.upper) }))
      series.append(.init(name: "fitted: \(names[level]!)", points: shares.map { .init(x: $0.0, y: $0.1.fitted) }))
    }
    return LineChart(
      title: "Tier shares observed and fitted", xLabel: "Cell size (postbacks per cell, or installs per day)",
      yLabel: "Share of winning postbacks 1 (%)",
      caption: "Bins of cells by size: observed shares with 95 % intervals (cluster bootstrap over cells; Wilson with under 5 "
        + "cells), fitted shares under the estimated thresholds and crowd period.",
      series: series, yRange: 0...1, xScale: .logarithmic, yFormat: .percent)
  }

  /// `fit.json`: thresholds, crowd period, goodness of fit, evidence and method.
  public var json: JSONValue {
    func number(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
    var tiers: [String: JSONValue] = [:]
    for threshold in thresholds {
      var entry: [String: JSONValue] = [
        "estimate": number(threshold.estimate), "lower": number(threshold.lower), "upper": number(threshold.upper),
      ]
      if let note = threshold.unidentified { entry["unidentified"] = .string(note) }
      tiers["tier\(threshold.tier)"] = .object(entry)
    }
    let days = { (duration: SimDuration) in JSONValue.double(Double(duration.milliseconds) / 86_400_000) }
    return .object([
      "thresholds": .object(tiers),
      "crowdPeriod": .object([
        "estimate": .string(period.estimate.description), "lower": .string(period.lower.description),
        "upper": .string(period.upper.description), "estimateDays": days(period.estimate),
        "candidates": .array(period.candidates.map { .string($0.description) }),
      ]),
      "goodnessOfFit": .object([
        "chiSquare": .double(goodnessOfFit.chiSquare), "degreesOfFreedom": .int(Int64(goodnessOfFit.degreesOfFreedom)),
        "dispersion": goodnessOfFit.dispersion.map { .double(rounded($0, 3)) } ?? .null,
        "pValue": .double(goodnessOfFit.pValue), "pValueIndependent": .double(goodnessOfFit.pValueIndependent),
        "bins": .array(
          goodnessOfFit.bins.map { bin in
            .object([
              "cellSizes": .array([.int(Int64(bin.smallest)), .int(Int64(bin.largest))]), "cells": .int(Int64(bin.cells)),
              "meanSize": .double(rounded(bin.meanSize)),
              "observed": .array(bin.observed.map { .int(Int64($0)) }), "fitted": .array(bin.fitted.map { .double(rounded($0)) }),
              "atLeast": .array(
                bin.shares.map { share in
                  .object([
                    "tier": .int(Int64(share.level)), "observed": .double(rounded(share.observed, 4)),
                    "lower": .double(rounded(share.lower, 4)), "upper": .double(rounded(share.upper, 4)),
                    "fitted": .double(rounded(share.fitted, 4)),
                  ])
                }),
            ])
          }),
      ]),
      "evidence": .object([
        "postbacks": .int(Int64(postbacks)), "unmatchedPostbacks": .int(Int64(unmatchedPostbacks)), "cells": .int(Int64(cells)),
        "tiered": .bool(tiered),
      ]),
      "method": .object([
        "description": .string(Self.method), "runsPerPeriod": .int(Int64(runs)), "bootstrapReplicates": .int(Int64(replicates)),
      ]),
    ])
  }

  /// The thresholds to run with: the estimates, and where the evidence cannot identify one, the
  /// scenario's own value moved as little as keeps the three from decreasing.
  public var suggested: [Int]

  /// A `privacy` block to paste into a scenario: ``suggested``, each with its interval or why
  /// the evidence cannot tell.
  public var fragment: String {
    var lines = ["privacy: {", "  thresholds: {"]
    for threshold in thresholds {
      let value = suggested[threshold.tier - 1]
      let comment =
        threshold.estimate == nil
        ? "  // not identified: \(threshold.unidentified ?? "")"
        : "  // 95 % \(threshold.lower.map(String.init) ?? "…")–\(threshold.upper.map(String.init) ?? "…")"
      lines.append("    tier\(threshold.tier): \(value),\(comment)")
    }
    lines.append("  },")
    lines.append("  crowdPeriod: \"\(period.estimate)\",  // 95 % \(period.lower)–\(period.upper)")
    lines.append("},")
    return lines.joined(separator: "\n") + "\n"
  }
}
