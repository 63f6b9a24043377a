import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// Rulebook §5.1, §5.2 and §9: every send time inside its bounds, and the delays distributed as
/// configured (Kolmogorov–Smirnov at a fixed seed).
@Suite("§5 send-delay distributions")
struct SendDelayDistributionTests {
  /// 2,000 users who click, install an hour later and launch; every window sends a postback.
  private func delays(version: String, rules: String = "{ laterPostbacksWithoutUpdate: true }") throws -> [Int: [Double]] {
    let text = TestScenarios.multiNetwork(
      version: version, users: "", rules: rules,
      extra: """
        cohorts: [{
          name: "many", count: 2000, arrivals: { from: "0d", to: "2d" },
          exposures: [{ network: "n1", campaign: "c", publisher: "hub", click: 1 }],
          install: { afterClick: 1, delay: "1h" },
        }],
        """)
    let run = try TestScenarios.run(text)
    var delays: [Int: [Double]] = [:]
    for postback in run.postbacks where postback.recipient == .adNetwork {
      delays[postback.sequenceIndex, default: []].append(Double((postback.time - postback.preparedAt).milliseconds))
    }
    return delays
  }

  /// The largest gap between the empirical CDF of `sample` and `cdf`.
  private func ksStatistic(_ sample: [Double], _ cdf: (Double) -> Double) -> Double {
    let sorted = sample.sorted()
    let n = Double(sorted.count)
    var statistic = 0.0
    for (index, value) in sorted.enumerated() {
      let expected = cdf(value)
      statistic = max(statistic, abs(Double(index + 1) / n - expected), abs(expected - Double(index) / n))
    }
    return statistic
  }

  /// The KS critical value at the 1% level for `n` draws.
  private func critical(_ n: Int) -> Double { 1.628 / Double(n).squareRoot() }

  private func uniformCDF(hours low: Int64, _ high: Int64) -> (Double) -> Double {
    let a = Double(SimDuration.hours(low).milliseconds)
    let b = Double(SimDuration.hours(high).milliseconds)
    return { min(max(($0 - a) / (b - a), 0), 1) }
  }

  @Test("§5.2: 4.0 delays stay in 24–48 h and 24–144 h and are uniform by default")
  func fourPointZeroUniform() throws {
    let byIndex = try delays(version: "4.0")
    for (index, bounds) in [(0, (24, 48)), (1, (24, 144)), (2, (24, 144))] as [(Int, (Int64, Int64))] {
      let sample = try #require(byIndex[index])
      #expect(sample.count == 2000)
      let cdf = uniformCDF(hours: bounds.0, bounds.1)
      #expect(sample.allSatisfy { cdf($0) > 0 || $0 == Double(SimDuration.hours(bounds.0).milliseconds) })
      #expect(sample.allSatisfy { $0 <= Double(SimDuration.hours(bounds.1).milliseconds) })
      #expect(ksStatistic(sample, cdf) < critical(sample.count), "postback \(index + 1)")
    }
  }

  @Test("§5.1: 2.2/3.0 delays stay in 0–24 h after the timer and are uniform")
  func timerUniform() throws {
    for version in ["2.2", "3.0"] {
      let sample = try #require(try delays(version: version)[0])
      #expect(sample.count == 2000)
      #expect(sample.allSatisfy { $0 >= 0 && $0 <= Double(SimDuration.hours(24).milliseconds) })
      #expect(ksStatistic(sample, uniformCDF(hours: 0, 24)) < critical(sample.count), "version \(version)")
    }
  }

  @Test("§5.2 [U] setting sendDelayShape: the delays follow the configured shape, and the test tells shapes apart")
  func configuredShape() throws {
    // Half the mass in the first fifth of the range, half in the rest.
    let shaped = try #require(
      try delays(version: "4.0", rules: "{ sendDelayShape: { empirical: [[0, 0], [0.5, 0.2], [1, 1]] } }")[0])
    let low = Double(SimDuration.hours(24).milliseconds)
    let span = Double(SimDuration.hours(24).milliseconds)
    let shapeCDF: (Double) -> Double = { delay in
      let x = min(max((delay - low) / span, 0), 1)
      return x <= 0.2 ? x / 0.2 * 0.5 : 0.5 + (x - 0.2) / 0.8 * 0.5
    }
    #expect(ksStatistic(shaped, shapeCDF) < critical(shaped.count))
    // The same statistic rejects the uniform default for this sample, and this shape for the
    // uniform sample: it has the power to fail.
    #expect(ksStatistic(shaped, uniformCDF(hours: 24, 48)) > critical(shaped.count))
    let uniform = try #require(try delays(version: "4.0")[0])
    #expect(ksStatistic(uniform, shapeCDF) > critical(uniform.count))
  }
}
