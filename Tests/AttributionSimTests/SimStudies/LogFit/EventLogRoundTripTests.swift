import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

@testable import SimStudies

/// Issue 38, point 5: a scenario's own users written out as an event log (`run --event-log`)
/// and read back. Resampled, they reproduce the original run's revenue, decoded revenue and
/// payer shares by window; fitted, the fit recovers the retention the scenario was written with.
@Suite("Event logs: a run's own users, written and read back")
struct EventLogRoundTripTests {
  static let replicates = 10

  /// The quickstart at a tenth of its users, half of whom install without an ad, so that the
  /// log holds several hundred users.
  static func original() throws -> String {
    try TestScenarios.smallQuickstart()
      .replacing(required: "organic: 0.01,", with: "organic: 0.5,")
      .replacing(required: "organic: 0.008,", with: "organic: 0.5,")
  }

  /// `text` with each cohort's modelled in-app life replaced by resampling `log` within its country.
  static func resampling(_ text: String, log: String) throws -> String {
    var result = text
    let logKey = #"""
      log: { path: "\#(log)", format: "delimited", use: "resample", stratifyByCountry: true,
             columns: { user: "user", time: "time", event: "event", kind: "kind", revenue: "revenue",
                        currency: "currency", country: "country" } },
      """#
    for cohort in ["us-players", "eu-players"] {
      let start = try #require(result.range(of: #"name: "\#(cohort)""#))
      let retention = try #require(result.range(of: "      retention: [", range: start.upperBound..<result.endIndex))
      let eventsEnd = try #require(result.range(of: "      ],\n    },", range: retention.upperBound..<result.endIndex))
      result.replaceSubrange(retention.lowerBound..<eventsEnd.upperBound, with: logKey + "\n    },")
    }
    return result
  }

  /// Headline figures of a run: true and decoded revenue of attributed installs.
  static func revenues(_ scenario: Scenario) -> (true: Double, decoded: Double) {
    let decoding = ScenarioRunner.collect(scenario).summary.decoding
    return (decoding?.trueRevenue ?? 0, decoding?.decodedRevenue ?? 0)
  }

  /// Whether replicates `a` of the original and `b` of the resampled agree within sampling error:
  /// the log is one run's users, so its own error (one run's standard deviation) joins the
  /// replicates' in the tolerance, t(0.975, r − 1) · √(s_a² (1 + 1/r) + s_b² / r).
  static func agree(_ a: [Double], _ b: [Double]) -> (Bool, String) {
    func moments(_ values: [Double]) -> (Double, Double) {
      let mean = values.reduce(0, +) / Double(values.count)
      return (mean, values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1))
    }
    let ((meanA, varA), (meanB, varB)) = (moments(a), moments(b))
    let r = Double(a.count)
    let tolerance = StudentT.quantile(0.975, degreesOfFreedom: a.count - 1) * (varA * (1 + 1 / r) + varB / r).squareRoot()
    return (abs(meanA - meanB) <= tolerance, "original \(meanA), resampled \(meanB), tolerance \(tolerance)")
  }

  @Test("Resampled from its own events.csv, a scenario gives back its revenue, decoded revenue and payer shares by window; the fit recovers its retention")
  func roundTrip() throws {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("round-trip")
    defer { try? FileManager.default.removeItem(at: folder) }
    let originalText = try Self.original()
    try originalText.write(to: folder.appendingPathComponent("original.json"), atomically: true, encoding: .utf8)
    let run = try ChildProcess.run(binary, ["run", "original.json", "--event-log", "-o", "out"], in: folder)
    #expect(run.status == 0, "\(run.output)")
    let logPath = folder.appendingPathComponent("out/events.csv").path
    let original = try TestScenarios.load(originalText)
    let resampled = try ScenarioLoader.parse(try Self.resampling(originalText, log: logPath), file: "resampled.json")
    #expect(resampled.cohorts.allSatisfy { ($0.log?.users.count ?? 0) > 300 })

    let seeds = (0..<Self.replicates).map { ReplicateSeeds.seed(base: 77, replicate: $0) }
    func replicate(_ scenario: Scenario) -> [(true: Double, decoded: Double, payers: [Double])] {
      seeds.map { seed in
        var copy = scenario
        copy.seed = seed
        let revenue = Self.revenues(copy)
        let figures = LifeSimulation.figures(copy.cohorts, in: copy, seed: seed, horizonDays: 35)
        return (revenue.true, revenue.decoded, LifeFigures.checkpoints.map { figures.payerShare(by: $0)?.value ?? 0 })
      }
    }
    let (a, b) = (replicate(original), replicate(resampled))
    for (name, pick) in [("true revenue", { (x: (true: Double, decoded: Double, payers: [Double])) in x.true }), ("decoded revenue", { $0.decoded })] {
      let (ok, detail) = Self.agree(a.map(pick), b.map(pick))
      #expect(ok, "\(name): \(detail)")
    }
    for (index, checkpoint) in LifeFigures.checkpoints.enumerated() {
      let (ok, detail) = Self.agree(a.map { $0.payers[index] }, b.map { $0.payers[index] })
      #expect(ok, "payer share by day \(checkpoint): \(detail)")
    }

    // The US players' retention, fitted from their rows of the log, within each day's 95 % interval.
    let us = try #require(resampled.cohorts.first { $0.name == "us-players" }?.log?.users)
    let usOnly = us.users(at: (0..<us.count).filter { us.country(of: $0) == "US" })
    let fit = BehaviourFit(usOnly, horizonDays: 35)
    let observed = LogFitStudy.figures(of: usOnly, horizonDays: 35)
    let written = try #require(original.cohorts.first { $0.name == "us-players" }?.retention)
    for day in [1, 2, 3, 7, 14] {
      // The fitted retention with its 95 % Wilson interval over the users watched that day.
      let fitted = fit.retention(day: day)
      let (low, high) = FitComparison.wilson(fitted, of: Double(observed.watched(day: day)))
      #expect(written[day - 1] >= low && written[day - 1] <= high, "day \(day): written \(written[day - 1]), fitted \(fitted), \(low)–\(high)")
    }
  }
}
