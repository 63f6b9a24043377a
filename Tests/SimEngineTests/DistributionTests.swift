import Testing
import SimEngine

@Suite("Distributions")
struct DistributionTests {
  private func samples(_ distribution: Distribution, count: Int = 20_000, seed: UInt64 = 11) -> [Double] {
    var stream = RandomStream(seed: seed)
    return (0..<count).map { _ in distribution.sample(using: &stream) }
  }

  private func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

  @Test("fixed always returns its value")
  func fixed() {
    #expect(Set(samples(.fixed(2.5), count: 100)) == [2.5])
  }

  @Test("uniform stays within its bounds and centres on their midpoint")
  func uniform() {
    let values = samples(.uniform(lower: 10, upper: 20))
    #expect(values.allSatisfy { $0 >= 10 && $0 < 20 })
    #expect(abs(mean(values) - 15) < 0.1)
  }

  @Test("exponential has the requested mean and no negative values")
  func exponential() {
    let values = samples(.exponential(mean: 4))
    #expect(values.allSatisfy { $0 >= 0 })
    #expect(abs(mean(values) - 4) < 0.1)
  }

  @Test("truncated normal respects its bounds and matches the truncated mean")
  func truncatedNormal() {
    let distribution = Distribution.normal(mean: 0, standardDeviation: 1, lower: 0, upper: nil)
    let values = samples(distribution)
    #expect(values.allSatisfy { $0 >= 0 })
    // E[X | X >= 0] for a standard normal is sqrt(2/pi) = 0.7979.
    #expect(abs(distribution.mean - 0.797_884_6) < 1e-6)
    #expect(abs(mean(values) - 0.797_9) < 0.02)
  }

  @Test("lognormal's median is exp(mu)")
  func lognormal() {
    let values = samples(.lognormal(mu: 1, sigma: 0.5)).sorted()
    #expect(abs(values[values.count / 2] - 2.718_28) < 0.05)
  }

  @Test("weighted choice picks values in proportion to their weights")
  func weightedChoice() {
    let choice = WeightedChoice<Double>([(1, 1), (2, 3)])
    let values = samples(.choice(choice))
    let share = Double(values.filter { $0 == 2 }.count) / Double(values.count)
    #expect(abs(share - 0.75) < 0.01)
    #expect(choice.mean == 1.75)
  }

  @Test("empirical tables interpolate between quantile points")
  func empirical() throws {
    let table = try EmpiricalTable(points: [(0, 0), (0.5, 10), (1, 30)])
    #expect(table.quantile(0.25) == 5)
    #expect(table.quantile(0.75) == 20)
    #expect(table.mean == 0.5 * 5 + 0.5 * 20)
    #expect(throws: EmpiricalTable.Problem.probabilitiesMustSpanZeroToOne) {
      try EmpiricalTable(points: [(0.1, 0), (1, 1)])
    }
    #expect(throws: EmpiricalTable.Problem.valueDecreasing(index: 1)) {
      try EmpiricalTable(points: [(0, 5), (1, 1)])
    }
  }

  @Test("every distribution consumes exactly one draw per sample")
  func oneDrawPerSample() throws {
    let all: [Distribution] = [
      .fixed(1), .uniform(lower: 0, upper: 1), .exponential(mean: 1),
      .normal(mean: 0, standardDeviation: 1, lower: -1, upper: 1), .lognormal(mu: 0, sigma: 1),
      .choice(WeightedChoice([(1, 1), (2, 1)])), .empirical(try EmpiricalTable(points: [(0, 0), (1, 1)])),
    ]
    for distribution in all {
      var used = RandomStream(seed: 3)
      var reference = RandomStream(seed: 3)
      _ = distribution.sample(using: &used)
      _ = reference.next()
      #expect(used.next() == reference.next())
    }
  }
}
