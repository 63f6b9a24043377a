import AttributionTestSupport
import Testing

@testable import AttributionSim

/// The client SDK driven alone, through a context standing in for the world.
@Suite struct SimulatedClientSDKTests {
  /// A world reduced to what the SDK reaches: it records the platform calls and the drafts, and
  /// answers every call as applied in window 1.
  struct RecordingContext: ClientSDKContext {
    var users = UserSlots()
    var summary = RunSummary()
    var drafts: [RunDraft] = []
    var calls: [ConversionUpdate] = []
    var scheduled: [WorldEvent] = []

    mutating func trace(_ slot: Int32, at time: SimTime, _ level: TraceRecord.Level, _ note: @autoclosure () -> RuleNote) {}
    mutating func note(
      _ counter: WritableKeyPath<RunSummary, Int>, _ slot: Int32, at time: SimTime, _ level: TraceRecord.Level,
      _ note: @autoclosure () -> RuleNote
    ) { summary[keyPath: counter] += 1 }
    mutating func emit(_ draft: RunDraft, slot: Int32) { drafts.append(draft) }
    mutating func schedule(
      _ event: WorldEvent, for slot: Int32, at time: SimTime, priority: EventPriority,
      in simulation: inout Simulation<WorldEvent>
    ) {
      users[slot].pending += 1
      scheduled.append(event)
      simulation.schedule(event, at: time, priority: priority)
    }
    func currentWindow(_ conversion: Int, slot: Int32, now: SimTime) -> Int? { 0 }
    mutating func call(
      _ update: ConversionUpdate, api: UpdateAPI, routing: UpdateRouting, slot: Int32,
      in simulation: inout Simulation<WorldEvent>
    ) -> UpdateOutcome {
      calls.append(update)
      return .applied(window: 0)
    }
  }

  /// The sequential test model answers 0, 1, 2 on the first three requests and nothing new after:
  /// the SDK registers, asks after each session, passes the three values to the platform and
  /// traces every activity, with no world around it.
  @Test func sequentialModelPassesItsThreeValuesToThePlatform() throws {
    let scenario = try TestScenarios.load(TestScenarios.sdk(sdk: "{ model: \"sequential\" }", steps: ""))
    let model = scenario.schema
    let sdk = try #require(
      SimulatedClientSDK(scenario: scenario, model: model, layout: MeasureLayout(scenario: scenario, model: model), pool: nil))
    var context = RecordingContext()
    let plan = UserPlan(name: UserName(base: "u"), country: "US", actions: [], stream: RandomStream(seed: 1))
    let slot = context.users.admit(ActiveUser(plan: plan, ordinal: 0))
    var simulation = Simulation<WorldEvent>()
    sdk.register(slot: slot, now: simulation.now, context: &context)
    for _ in 0..<4 { sdk.handle(.session, slot: slot, context: &context, in: &simulation) }

    #expect(context.calls.map(\.fine) == [0, 1, 2])
    #expect(context.summary.sdk.registrations == 1)
    #expect(context.summary.sdk.requests == 4)
    #expect(context.summary.sdk.answersWithValue == 3)
    #expect(context.summary.sdk.answersNothingNew == 1)
    #expect(context.scheduled.isEmpty)
    let actions = context.drafts.compactMap { draft -> String? in
      if case .sdk(let record) = draft { return record.action }
      return nil
    }
    let applied = (0...2).map { "applied fine \($0) in its window 1" }
    #expect(actions == applied + ["no update: nothing new"])
  }
}
