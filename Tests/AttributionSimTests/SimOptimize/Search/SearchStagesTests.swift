@testable import AttributionSim
import AttributionTestSupport
import Testing

/// Each stage of the schema search on its own, with a budget worked out by hand: what it spends
/// (runs' worth of the scenario's users, in `state.spent`, and users through the tracker) and
/// what it produces, on the six scripted payers of ``SchemaSearchTests/twoClusters(schema:)``.
@Suite("Schema search stages")
struct SearchStagesTests {
  /// Two rungs at full size, each calibrated on the same two seeds (so the second reuses the
  /// first's calibrations), scoring on one run then two; edges 0.5, 5 and 80 as a fixed space.
  private static func search(finalists: Int = 2, race: SchemaSearch.Rung? = SchemaSearch.Rung(scale: 1, calibrationRuns: 2, runs: 3))
    throws -> SchemaSearch
  {
    let scenario = try TestScenarios.load(SchemaSearchTests.twoClusters())
    let profile = RevenueProfile(installs: 6, revenues: [[1, 1, 1, 50, 50, 50], [], []], eventShares: [:], currency: "USD")
    let space = SchemaSpace(
      windowCount: 3, events: ["purchase"], profile: profile, fixed: [0.5, 5, 80].map(SchemaSearchTests.ladder))
    let options = SchemaSearch.Options(
      objective: .roasError, budget: 100, jobs: 2, seed: 11, finalReplicates: 2, finalCalibrationRuns: 2,
      rungs: [SchemaSearch.Rung(scale: 1, calibrationRuns: 2, runs: 1), SchemaSearch.Rung(scale: 1, calibrationRuns: 2, runs: 2)],
      minimumCellInstalls: 5, space: space, finalists: finalists, race: race)
    return try SchemaSearch(scenario: scenario, options: options)
  }

  /// The state after the first generation of ``search(finalists:race:)``.
  private static func firstGeneration(_ search: SchemaSearch) throws -> SearchState {
    var state = search.begin()
    let space = try search.pilot(&state)
    search.generation(try search.drawFirstGeneration(from: space, &state), number: 0, &state)
    return state
  }

  @Test("the pilot spends its runs at the first rung's share and pools their revenue; with a space given it runs nothing")
  func pilot() throws {
    let given = try Self.search()
    #expect(given.scenario.userCount == 6)
    var state = given.begin()
    let space = try given.pilot(&state)
    #expect(state.spent == 0 && state.tracker.usersSimulated == 0)
    #expect(space.profile == given.options.space?.profile)

    // Drawn around a pilot of 2 runs at full size: 2 runs' worth, 2 · 6 users, every payer twice.
    var options = given.options
    options.space = nil
    options.pilotRuns = 2
    let drawn = try SchemaSearch(scenario: given.scenario, options: options)
    var pilotState = drawn.begin()
    let profile = try drawn.pilot(&pilotState).profile
    #expect(pilotState.spent == 2)
    #expect(pilotState.tracker.usersSimulated == 12)
    #expect(profile.revenues[0] == [1, 1, 1, 1, 1, 1, 50, 50, 50, 50, 50, 50])
    #expect(pilotState.rows.isEmpty && pilotState.candidates.isEmpty)
  }

  @Test("drawing the first generation admits the space's candidates, each read back, and runs nothing")
  func drawing() throws {
    let search = try Self.search()
    var state = search.begin()
    let space = try search.pilot(&state)
    let admitted = try search.drawFirstGeneration(from: space, &state)
    #expect(admitted == [0, 1, 2])
    #expect(state.candidates.map(\.revenueBounds) == [[0.5], [5], [80]])
    #expect(state.texts.count == 3 && state.schemas.count == 3)
    #expect(state.startCopy == nil, "a fixed space is searched as given")
    #expect(state.spent == 0 && state.tracker.usersSimulated == 0)
  }

  @Test("a generation's halving spends each rung's calibrations once and its runs per schema, keeping the best third")
  func generation() throws {
    let state = try Self.firstGeneration(Self.search())
    // Rung 1: the start and 3 candidates, each calibrated on 2 runs and scored on 1: 4 · 2 + 4 · 1 = 12.
    // Rung 2 keeps ⌈3 / 3⌉ = 1 with the start, calibrations reused: 2 · 2 = 4. In all 16 runs of 6 users.
    #expect(state.spent == 16)
    #expect(state.tracker.usersSimulated == 16 * 6)
    #expect(state.tracker.candidatesScored == 3 + 1)
    #expect(state.rows.map(\.name) == ["start", "c1", "c2", "c3", "start", "c2"])
    #expect(state.rows.map(\.rung) == [0, 0, 0, 0, 1, 1])
    #expect(state.rows.filter(\.advanced).map(\.name) == ["c2"], "edge 5 alone splits the clusters")
    #expect(state.lastRung.map(\.name) == ["start", "c2"])
    #expect(state.lastRung.map(\.runs) == [2, 2])
  }

  @Test("the finalists are the last rung's contenders; the race spends its runs for them and the start, reusing calibrations")
  func race() throws {
    let search = try Self.search()
    var state = try Self.firstGeneration(search)
    let finalists = search.chooseFinalists(&state)
    #expect(finalists == [1])
    #expect(state.rows.filter { $0.rung == 1 && $0.advanced }.map(\.name) == ["c2"])
    #expect(state.spent == 16, "choosing runs nothing")
    // The start and c2 on 3 runs each, calibrations made at rung 1 (same size and seeds): 2 · 3 = 6.
    let best = search.race(finalists, on: try #require(state.race), &state)
    #expect(best == 1)
    #expect(state.raceSpent == 6)
    #expect(state.spent == 22)
    #expect(state.tracker.usersSimulated == 22 * 6)
    #expect(state.rows.suffix(2).map(\.name) == ["start", "c2"])
    #expect(state.rows.suffix(2).map(\.rung) == [2, 2])
    #expect(state.rows.suffix(2).map(\.advanced) == [false, true])
  }

  @Test("without a race the last rung's best mean is the result, and nothing more runs")
  func noRace() throws {
    let search = try Self.search(finalists: 0, race: nil)
    var state = try Self.firstGeneration(search)
    let finalists = search.chooseFinalists(&state)
    #expect(finalists == [1])
    #expect(search.lastRungChoice(finalists, &state) == 1)
    #expect(state.spent == 16 && state.raceSpent == 0)
    #expect(state.rows.count == 6)
  }

  @Test("the final comparison runs fresh calibrations and final runs outside the search's spending")
  func finalComparison() throws {
    let search = try Self.search()
    var state = try Self.firstGeneration(search)
    let best = search.race(search.chooseFinalists(&state), on: try #require(state.race), &state)
    let users = state.tracker.usersSimulated
    let final = search.finalComparison(best: best, state)
    // Two schemas, each calibrated afresh on 2 runs and scored on 2 final runs: 8 runs of 6 users.
    #expect(state.tracker.usersSimulated - users == 8 * 6)
    #expect(state.spent == 22)
    #expect(final.seeds == state.seeds.final)
    let lumped = 98.0 / 153.0
    #expect(final.scores[0].allSatisfy { abs(($0 ?? .nan) - lumped) < 1e-9 })
    #expect(final.scores[1].allSatisfy { abs($0 ?? .nan) < 1e-9 })
  }
}
