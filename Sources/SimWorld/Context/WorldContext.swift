import SimEngine
import SimPlatform
import SimRecords

/// What a subsystem of the world (the client SDK, Apple Ads) reaches in it: the users in flight,
/// the run's counters, the output, and scheduling a user's events.
///
/// Subsystems take it generically (`inout some WorldContext`), so the world's calls into them
/// are specialised and cost what a call within the world would.
package protocol WorldContext {
  /// The users in flight, by slot.
  var users: UserSlots { get set }
  /// The run's counters.
  var summary: RunSummary { get set }
  /// Records a platform decision about the user in `slot`, when the sink wants a trace.
  mutating func trace(_ slot: Int32, at time: SimTime, _ level: TraceRecord.Level, _ note: @autoclosure () -> RuleNote)
  /// Counts an outcome for the user in `slot` and traces it.
  mutating func note(
    _ counter: WritableKeyPath<RunSummary, Int>, _ slot: Int32, at time: SimTime, _ level: TraceRecord.Level,
    _ note: @autoclosure () -> RuleNote)
  /// Hands a draft about the user in `slot` to the sink.
  mutating func emit(_ draft: RunDraft, slot: Int32)
  /// Schedules one of the user in `slot`'s events, counting it pending so the user stays in flight.
  mutating func schedule(
    _ event: WorldEvent, for slot: Int32, at time: SimTime, priority: EventPriority, in simulation: inout Simulation<WorldEvent>)
}

extension WorldContext {
  /// Schedules one of the user in `slot`'s events at normal priority, counting it pending.
  package mutating func schedule(
    _ event: WorldEvent, for slot: Int32, at time: SimTime, in simulation: inout Simulation<WorldEvent>
  ) {
    schedule(event, for: slot, at: time, priority: .normal, in: &simulation)
  }
}
