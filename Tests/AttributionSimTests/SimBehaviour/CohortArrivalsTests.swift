import AttributionSim
import AttributionTestSupport
import SimEngine
import Testing

/// A cohort's arrivals drawn in time order as the run advances keep the arrival distribution.
@Suite("Cohort arrivals streamed in time order")
struct CohortArrivalsTests {
  private static func behaviour(count: Int, arrivals: String) throws -> CohortBehaviour {
    let scenario = try TestScenarios.load(CohortBehaviourTests.scenario(count: count, cohort: "arrivals: \(arrivals),"))
    return CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: 11))
  }

  /// 40,000 users over four days weighted 1, 2, 3, 4: days hold 10 %, 20 %, 30 %, 40 %, each
  /// within four standard errors (√(p(1 − p)/40,000): 0.0015 to 0.0024); within a day arrivals
  /// stay uniform, so half of each day's come in its first twelve hours (4 × 0.0025).
  @Test("streamed arrivals come in time order with the cohort's daily weights")
  func streamedArrivalsFollowDailyWeights() throws {
    let n = 40_000
    let times = CohortBehaviourTests.arrivalTimes(try Self.behaviour(count: n, arrivals: #"{ from: "0d", to: "4d", daily: [1, 2, 3, 4] }"#))
    #expect(times.count == n)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    let day: Int64 = 86_400_000
    let offsets = times.map { ($0 - SimTime.zero).milliseconds }
    #expect(offsets.allSatisfy { (0..<4 * day).contains($0) })
    for (index, expected) in [0.1, 0.2, 0.3, 0.4].enumerated() {
      let share = Double(offsets.count { $0 / day == Int64(index) }) / Double(n)
      #expect(abs(share - expected) < 4 * (expected * (1 - expected) / Double(n)).squareRoot(), "day \(index): \(share)")
    }
    let firstHalves = Double(offsets.count { $0 % day < day / 2 }) / Double(n)
    #expect(abs(firstHalves - 0.5) < 0.01)
  }

  /// 10,000 users uniform over ten days: mean 5 days, standard error 10 / √(12 × 10,000) =
  /// 0.029 days; the first arrives within about 10 days / 10,001 = 86 s of the start and the
  /// last as near the end (both exponential: 20 times that is a 2e-9 chance).
  @Test("uniform streamed arrivals spread evenly from the first to the last")
  func uniformStreamedArrivalsSpreadEvenly() throws {
    let n = 10_000
    let times = CohortBehaviourTests.arrivalTimes(try Self.behaviour(count: n, arrivals: #"{ from: "0d", to: "10d" }"#))
    let days = times.map { Double(($0 - SimTime.zero).milliseconds) / 86_400_000 }
    #expect(zip(days, days.dropFirst()).allSatisfy { $0 <= $1 })
    let mean = days.reduce(0, +) / Double(n)
    #expect(abs(mean - 5) < 4 * 0.029)
    #expect(days[0] < 20 * 10 / 10_001.0)
    #expect(days[n - 1] > 10 - 20 * 10 / 10_001.0)
  }
}
