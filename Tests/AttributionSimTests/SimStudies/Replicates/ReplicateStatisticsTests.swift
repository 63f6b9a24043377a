@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Replicate seeds and the interval arithmetic behind `--replicates`, against values worked out
/// by hand and published t tables.
@Suite("Replicate seeds and intervals")
struct ReplicateStatisticsTests {
  @Test("replicate 0 keeps the scenario's seed; the others are fixed hashes of (seed, replicate), not seed + r")
  func seedsAreStable() {
    // Worked out with an independent SplitMix64 implementation; they must never change, or
    // every published replicated figure would.
    #expect(ReplicateSeeds.seeds(base: 20_260_302, count: 4) == [
      20_260_302, 1_760_475_340_905_470_717, 8_325_660_009_799_561_462, 5_839_690_888_280_864_190,
    ])
    #expect(ReplicateSeeds.seeds(base: 0, count: 3) == [0, 5_125_449_500_023_745_946, 7_114_449_266_201_438_132])
  }

  @Test("replicate seeds are distinct, within --seed's range, and neighbouring scenario seeds share none")
  func seedsAreIndependent() {
    let a = ReplicateSeeds.seeds(base: 20_260_302, count: 200)
    let b = ReplicateSeeds.seeds(base: 20_260_303, count: 200)
    #expect(Set(a).count == 200)
    #expect(Set(a).isDisjoint(with: b), "seed + r would make these overlap in 199 seeds")
    #expect(a.allSatisfy { $0 <= UInt64(Int64.max) })
    #expect(!a.contains(20_260_303) && !a.contains(20_260_304))
  }

  @Test("a replicate's seed does not depend on how many replicates there are")
  func seedsDoNotDependOnCount() {
    #expect(Array(ReplicateSeeds.seeds(base: 42, count: 10).prefix(3)) == ReplicateSeeds.seeds(base: 42, count: 3))
  }

  @Test(
    "the t quantile matches published tables",
    arguments: [
      (1, 12.7062), (2, 4.3027), (3, 3.1824), (4, 2.7764), (5, 2.5706), (9, 2.2622), (10, 2.2281), (29, 2.0452),
      (30, 2.0423), (100, 1.9840), (1000, 1.9623),
    ])
  func tQuantile(degrees: Int, expected: Double) {
    #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: degrees) - expected) < 0.00006)
  }

  @Test("the t quantile is symmetric and other levels match tables: t(0.995, 4) = 4.6041, t(0.9, 7) = 1.4149")
  func tQuantileOtherLevels() {
    #expect(abs(StudentT.quantile(0.995, degreesOfFreedom: 4) - 4.6041) < 0.00006)
    #expect(abs(StudentT.quantile(0.9, degreesOfFreedom: 7) - 1.4149) < 0.00006)
    #expect(StudentT.quantile(0.025, degreesOfFreedom: 4) == -StudentT.quantile(0.975, degreesOfFreedom: 4))
  }

  @Test("interval of 1, 2, 3, 4, 5: mean 3, s = √2.5, half-width 2.7764 · √2.5 / √5 = 1.9632")
  func intervalByHand() throws {
    let interval = try #require(ConfidenceInterval([1, 2, 3, 4, 5]))
    #expect(interval.count == 5 && interval.mean == 3)
    #expect(abs(try #require(interval.standardDeviation) - 2.5.squareRoot()) < 1e-12)
    #expect(abs(try #require(interval.halfWidth) - 1.963243) < 1e-5)
    #expect(abs(try #require(interval.lower) - 1.036757) < 1e-5)
    #expect(abs(try #require(interval.upper) - 4.963243) < 1e-5)
    #expect(interval.excludesZero == true)
  }

  @Test("one replicate gives a mean and no interval; none gives nothing")
  func oneReplicateHasNoInterval() throws {
    let one = try #require(ConfidenceInterval([0.8]))
    #expect(one.mean == 0.8 && one.halfWidth == nil && one.lower == nil && one.excludesZero == nil)
    #expect(ConfidenceInterval([]) == nil)
  }

  @Test("paired difference: (11, 14, 12, 15) − (10, 12, 11, 13) = 1, 2, 1, 2: 1.5 ± 3.1824 · √(1/3) / 2, excludes zero")
  func pairedDifferenceByHand() throws {
    let treatment: [Double?] = [11, 14, 12, 15, nil]
    let baseline: [Double?] = [10, 12, 11, 13, 99]
    let difference = try #require(ConfidenceInterval(pairedDifference: treatment, baseline: baseline))
    #expect(difference.count == 4, "the replicate without a value on one side is left out")
    #expect(difference.mean == 1.5)
    #expect(abs(try #require(difference.halfWidth) - 0.918693) < 1e-5)
    #expect(difference.excludesZero == true)
    // Unpaired, the two schemas' own intervals overlap: pairing is what separates them.
    let a = try #require(ConfidenceInterval([10, 12, 11, 13])), b = try #require(ConfidenceInterval([11, 14, 12, 15]))
    #expect(try #require(a.upper) > (try #require(b.lower)))
  }

  @Test("a difference whose interval spans zero is within its interval: 1, −1, 2, −2")
  func differenceWithinItsInterval() throws {
    let difference = try #require(ConfidenceInterval(pairedDifference: [1, -1, 2, -2], baseline: [0, 0, 0, 0]))
    #expect(difference.mean == 0 && difference.excludesZero == false)
  }

  @Test("two replicates give a mean and a standard deviation but no interval (t(0.975, 1) = 12.7 says nothing)")
  func twoReplicatesHaveNoInterval() throws {
    let two = try #require(ConfidenceInterval([0.6, 1.0], range: .unit))
    #expect(two.mean == 0.8 && two.standardDeviation != nil)
    #expect(two.halfWidth == nil && two.lower == nil && two.upper == nil)
    #expect(ConfidenceInterval.minimumReplicates == 3)
  }

  @Test("a share's interval stays in [0, 1]: 0.2, 0.9, 0.95 gives 0.683 ± 4.3027 · 0.4193 / √3, cut at 0 and 1")
  func shareIntervalStaysInItsRange() throws {
    let share = try #require(ConfidenceInterval([0.2, 0.9, 0.95], range: .unit))
    // mean 0.68333, s 0.41932, half-width 4.302653 · 0.41932 / 1.73205 = 1.04164: −0.358 to 1.725 uncut.
    #expect(abs(share.mean - 0.683333) < 1e-5)
    #expect(abs(try #require(share.halfWidth) - 1.04164) < 1e-4)
    #expect(share.lower == 0 && share.upper == 1)
    let unbounded = try #require(ConfidenceInterval([0.2, 0.9, 0.95]))
    let (lower, upper) = (try #require(unbounded.lower), try #require(unbounded.upper))
    #expect(lower < 0 && upper > 1, "cut only where the range says")
  }

  @Test("a count's interval stays non-negative; a relative error's stays at −100 % or more")
  func nonNegativeAndRelativeErrorRanges() throws {
    let count = try #require(ConfidenceInterval([0, 2, 100], range: .nonNegative))
    let upper = try #require(count.upper)
    #expect(count.lower == 0 && upper > 100)
    let error = try #require(ConfidenceInterval([-0.9, 0.5, 2], range: .relativeError))
    #expect(error.lower == -1)
  }

  @Test("a paired difference of shares stays in [−1, 1]")
  func shareDifferenceRange() throws {
    let difference = try #require(ConfidenceInterval(pairedDifference: [1, 0, 1], baseline: [0, 0, 0], range: .unit))
    let (lower, upper) = (try #require(difference.lower), try #require(difference.upper))
    #expect(lower >= -1 && upper == 1)
  }

  @Test("every headline figure has the range its meaning gives: shares [0, 1], revenue captured 0 or more")
  func headlineFigureRanges() throws {
    let figures = HeadlineFigure.all(for: try TestScenarios.load(TestScenarios.minimal))
    func range(_ name: String) -> FigureRange? { figures.first { $0.name == name }?.range }
    #expect(range("tier0Share") == .unit)
    #expect(range("postback1FineShare") == .unit)
    #expect(range("revenueCapturedRatio") == .nonNegative)
    #expect(range("attributedInstalls") == .nonNegative)
    #expect(range("campaignRevenueErrorWeightedMeanAbsRatio") == .nonNegative)
    #expect(range("errorFromGranularity") == .unbounded)
    #expect(range("revenueErrorRatio.alpha/c1") == .relativeError)
  }

  @Test("sweep metrics: shares within [0, 1], the signed revenue error −1 or more, the rest 0 or more")
  func sweepMetricRanges() {
    #expect(SweepFigure.range(ofMetric: "nullShare1") == .unit)
    #expect(SweepFigure.range(ofMetric: "nullShare") == .unit)
    #expect(SweepFigure.range(ofMetric: "revenueError") == .relativeError)
    #expect(SweepFigure.range(ofMetric: "attributedInstalls") == .nonNegative)
    #expect(SweepFigure.range(ofMetric: "campaignRevenueError") == .nonNegative)
  }
}
