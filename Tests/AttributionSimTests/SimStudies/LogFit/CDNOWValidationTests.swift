import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

@testable import SimInput
@testable import SimStudies

/// Issue 38's validation on a real log nobody here wrote: CDNOW's transactions (lifetimes 0.11.3,
/// fetched by .ci/cdnow-fetch, which .ci/run points ATTRSIM_CDNOW at; never committed). Each
/// customer's first purchase is their install and first launch, every purchase in-app revenue.
/// The customers with odd ids are resampled and fitted; those with even ids must fall inside
/// the simulated 95 % ranges (20 replicates of as many users as there are even customers):
/// repeat-purchase share and revenue per customer by days 2, 7 and 35. Each replicate first
/// draws a bootstrap copy of the odd customers (as many, with replacement) and resamples or
/// fits that: the odd half is itself a sample, and a range that left its own sampling error
/// out would be √2 too narrow for a second half of the same size.
@Suite("CDNOW validation: odd customers predict even ones")
struct CDNOWValidationTests {
  static let folder = ProcessInfo.processInfo.environment["ATTRSIM_CDNOW"]
  static let replicates = 20

  /// CDNOW_master.txt: a header, then customer id, date (yyyyMMdd), CDs and dollars, whitespace-separated.
  static var mapping: DelimitedLogMapping {
    var mapping = DelimitedLogMapping(user: .named("customer_id"), time: .named("date"))
    (mapping.delimiter, mapping.timeFormat, mapping.revenue) = (.whitespace, .pattern("yyyyMMdd"), .named("dollar_value"))
    return mapping
  }

  @Test(
    "Resampled and fitted odd customers predict even customers' repeat purchases and revenue by days 2, 7 and 35",
    .enabled(if: folder != nil, "needs ATTRSIM_CDNOW (.ci/cdnow-fetch)"))
  func oddPredictsEven() throws {
    let folder = try #require(Self.folder)
    let lines = try String(contentsOfFile: folder + "/CDNOW_master.txt", encoding: .utf8).split(whereSeparator: \.isNewline)
    let work = try TemporaryFolder.create("cdnow")
    defer { try? FileManager.default.removeItem(at: work) }
    var halves: [LoggedUsers] = []
    for parity in [1, 0] {
      let rows = lines.dropFirst().filter { line in
        line.split(separator: " ").first.flatMap { Int($0) }.map { $0 % 2 == parity } ?? false
      }
      let path = work.appendingPathComponent("half\(parity).txt").path
      try ([String(lines[0])] + rows.map(String.init)).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
      halves.append(try EventLogLoader.load(EventLogSource(path: path, format: .delimited(Self.mapping)), currencies: .usd).users)
    }
    let (odd, even) = (halves[0], halves[1])
    #expect(odd.count + even.count == 23_570)
    let observed = LogFitStudy.figures(of: even, horizonDays: 35)

    var scenario = try TestScenarios.load(CohortBehaviourTests.scenario(count: even.count, cohort: #"arrivals: { from: "0d", to: "1d" }"#))
    var cohort = scenario.cohorts[0]
    cohort.activeDays = 35
    cohort.log = CohortLog(source: EventLogSource(path: "odd", format: .delimited(Self.mapping)), use: .resample(stratifyByCountry: false), users: odd)
    scenario.cohorts = [cohort]
    let seeds = (0..<Self.replicates).map { ReplicateSeeds.seed(base: 38, replicate: $0) }
    let bootstraps = seeds.map { seed in
      var stream = RandomStream(seed: seed).child("bootstrap")
      return odd.users(at: (0..<odd.count).map { _ in min(Int(stream.nextUnit() * Double(odd.count)), odd.count - 1) })
    }
    let resampled = FitComparison(
      observed: observed,
      replicates: zip(seeds, bootstraps).map { seed, users in
        var copy = cohort
        copy.log?.users = users
        return LifeSimulation.figures([copy], in: scenario, seed: seed, horizonDays: 35)
      })
    #expect(BehaviourFit(odd, horizonDays: 35).extrapolatedDays.isEmpty, "every CDNOW customer is watched for more than 35 days")
    let fitted = FitComparison(
      observed: observed,
      replicates: zip(seeds, bootstraps).map { seed, users in
        let fit = BehaviourFit(users, horizonDays: 35)
        return LifeSimulation.figures(fit.cohorts(like: cohort, count: even.count, drawnWith: seed), in: scenario, seed: seed, horizonDays: 35)
      })

    let table = Self.table(resampled: resampled, fitted: fitted, odd: odd.count, even: even.count)
    try table.write(toFile: folder + "/validation.md", atomically: true, encoding: .utf8)
    print(table)
    let required = LifeFigures.checkpoints.flatMap { ["repeat-purchase share by day \($0)", "revenue per user by day \($0)"] }
    for (name, comparison) in [("resampled", resampled), ("fitted", fitted)] {
      #expect(Set(comparison.rows.map(\.figure)).isSuperset(of: required))
      for row in comparison.rows where required.contains(row.figure) {
        #expect(row.inside, "\(name): \(row.figure) observed \(row.observed), simulated range \(row.simulatedLow)–\(row.simulatedHigh)")
      }
    }
  }

  /// The comparison as a Markdown table, for the README and the closing note.
  static func table(resampled: FitComparison, fitted: FitComparison, odd: Int, even: Int) -> String {
    func number(_ value: Double, _ figure: String) -> String {
      figure.hasPrefix("revenue") ? String((value * 100).rounded() / 100) : String((value * 1000).rounded() / 10) + "%"
    }
    var lines = [
      "CDNOW: \(odd) odd-id customers resampled and fitted, \(even) even-id customers observed; \(resampled.replicates) replicates, "
        + "each of a bootstrap copy of the odd customers.",
      "",
      "| figure | even customers (95 % interval) | resampled: mean (95 % range) | | fitted: mean (95 % range) | |",
      "|---|---|---|---|---|---|",
    ]
    for (row, fit) in zip(resampled.rows, fitted.rows) {
      lines.append(
        "| \(row.figure) | \(number(row.observed, row.figure)) (\(number(row.observedLow, row.figure))–\(number(row.observedHigh, row.figure))) "
          + "| \(number(row.simulated, row.figure)) (\(number(row.simulatedLow, row.figure))–\(number(row.simulatedHigh, row.figure))) "
          + "| \(row.inside ? "inside" : "OUTSIDE") "
          + "| \(number(fit.simulated, fit.figure)) (\(number(fit.simulatedLow, fit.figure))–\(number(fit.simulatedHigh, fit.figure))) "
          + "| \(fit.inside ? "inside" : "OUTSIDE") |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
