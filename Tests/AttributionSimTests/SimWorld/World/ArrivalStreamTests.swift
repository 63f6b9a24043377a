import AttributionSim
import AttributionTestSupport
import SimEngine
import Testing

/// Every world walks one arrival stream and admits its own ordinals: users are numbered alike
/// whatever the shards and lanes.
@Suite("Arrival stream")
struct ArrivalStreamTests {
  /// Two cohorts whose arrival periods overlap (days 0–3 and 2–5), 300 and 200 users, after 3
  /// scripted users.
  private static func behaviours() throws -> [CohortBehaviour] {
    let cohort = { (name: String, count: Int, from: String, to: String) in
      """
      { name: "\(name)", count: \(count), arrivals: { from: "\(from)", to: "\(to)" }, exposures: [],
        install: { organic: 1, delay: "1h" } }
      """
    }
    let scenario = try TestScenarios.load(
      """
      {
        version: 1, name: "a", seed: 5, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "4.0" }, app: { appId: 111 },
        adNetworks: [{ name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 1234 }] }],
        publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha"] }],
        cohorts: [\(cohort("early", 300, "0d", "3d")), \(cohort("late", 200, "2d", "5d"))],
      }
      """)
    let root = RandomStream(seed: scenario.seed)
    return scenario.cohorts.map { CohortBehaviour(cohort: $0, scenario: scenario, root: root) }
  }

  /// Windows of about 64 arrivals, so that the 500 users take several.
  private static func walk(
    _ behaviours: [CohortBehaviour], range: Range<Int>, lane: Lane?, windowSize: Int = 64
  ) -> [ArrivalStream.Arrival] {
    var stream = ArrivalStream(behaviours, firstOrdinal: 3, windowSize: windowSize)
    var admitted: [ArrivalStream.Arrival] = []
    while let arrival = stream.next(before: range.upperBound, where: { $0 >= range.lowerBound && (lane?.contains($0) ?? true) }) {
      admitted.append(arrival)
    }
    return admitted
  }

  /// Streamed in windows of 64, 7 or one arrival, or all at once, the stream is every user's own
  /// arrival (drawn from their stream) sorted by (time, cohort, index) and numbered from 3.
  @Test("the windowed stream is every user's own arrival, sorted and numbered")
  func windowedStreamIsEveryArrivalSorted() throws {
    let behaviours = try Self.behaviours()
    let sorted = behaviours.enumerated().flatMap { cohort, behaviour in
      (0..<behaviour.cohort.count).map { (time: behaviour.arrival(of: $0), cohort: Int32(cohort), index: Int32($0)) }
    }.sorted { ($0.time, $0.cohort, $0.index) < ($1.time, $1.cohort, $1.index) }
    let expected = sorted.enumerated().map {
      ArrivalStream.Arrival(time: $0.element.time, cohort: $0.element.cohort, index: $0.element.index, ordinal: 3 + $0.offset)
    }
    #expect(expected.count == 500)
    for windowSize in [1, 7, 64, 1 << 20] {
      #expect(Self.walk(behaviours, range: 0..<503, lane: nil, windowSize: windowSize) == expected, "windows of \(windowSize)")
    }
  }

  /// 40,000 users over four days weighted 1, 2, 3, 4, streamed in windows of 1,000: days hold
  /// 10 %, 20 %, 30 %, 40 %, each within four standard errors (√(p(1 − p)/40,000): 0.0015 to
  /// 0.0024), in time order.
  @Test("streamed arrivals keep the cohort's daily weights")
  func streamedArrivalsKeepDailyWeights() throws {
    let n = 40_000
    let scenario = try TestScenarios.load(
      CohortBehaviourTests.scenario(count: n, cohort: #"arrivals: { from: "0d", to: "4d", daily: [1, 2, 3, 4] },"#))
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: 11))
    var stream = ArrivalStream([behaviour], firstOrdinal: 0, windowSize: 1_000)
    var offsets: [Int64] = []
    while let arrival = stream.next() { offsets.append((arrival.time - SimTime.zero).milliseconds) }
    #expect(offsets.count == n)
    #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
    let day: Int64 = 86_400_000
    for (index, expected) in [0.1, 0.2, 0.3, 0.4].enumerated() {
      let share = Double(offsets.count { $0 / day == Int64(index) }) / Double(n)
      #expect(abs(share - expected) < 4 * (expected * (1 - expected) / Double(n)).squareRoot(), "day \(index): \(share)")
    }
  }

  /// 1 to 3 shards (ranges of the 503 ordinals) times 1 to 3 lanes: the worlds' admissions, put
  /// together in ordinal order, are the whole stream's, user for user and time for time.
  @Test("users admitted are the same set and order whatever the shards and lanes")
  func admittedUsersAreTheSameWhateverTheSplit() throws {
    let behaviours = try Self.behaviours()
    let whole = Self.walk(behaviours, range: 0..<503, lane: nil)
    for shards in 1...3 {
      for lanes in 1...3 {
        var together: [ArrivalStream.Arrival] = []
        for shardIndex in 0..<shards {
          let range = try #require(Shard(index: shardIndex, count: shards)).range(of: 503)
          for laneIndex in 0..<lanes {
            let part = Self.walk(behaviours, range: range, lane: Lane(index: laneIndex, count: lanes))
            #expect(part.allSatisfy { range.contains($0.ordinal) && $0.ordinal % lanes == laneIndex })
            together += part
          }
        }
        #expect(together.sorted { $0.ordinal < $1.ordinal } == whole, "\(shards) shards × \(lanes) lanes")
      }
    }
  }
}
