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

  private static func walk(_ behaviours: [CohortBehaviour], range: Range<Int>, lane: Lane?) -> [ArrivalStream.Arrival] {
    var stream = ArrivalStream(behaviours, firstOrdinal: 3)
    var admitted: [ArrivalStream.Arrival] = []
    while let arrival = stream.next(before: range.upperBound, where: { $0 >= range.lowerBound && (lane?.contains($0) ?? true) }) {
      admitted.append(arrival)
    }
    return admitted
  }

  /// The whole stream: ordinals 3 to 502 in order of (time, cohort, index), and each cohort's
  /// users 0, 1, 2, … in their arrival order.
  @Test("the merged stream numbers all cohort users in arrival order")
  func mergedStreamNumbersUsersInArrivalOrder() throws {
    let all = Self.walk(try Self.behaviours(), range: 0..<503, lane: nil)
    #expect(all.map(\.ordinal) == Array(3..<503))
    #expect(zip(all, all.dropFirst()).allSatisfy { ($0.time, $0.cohort, $0.index) < ($1.time, $1.cohort, $1.index) })
    #expect(all.filter { $0.cohort == 0 }.map(\.index) == (0..<300).map(Int32.init))
    #expect(all.filter { $0.cohort == 1 }.map(\.index) == (0..<200).map(Int32.init))
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
