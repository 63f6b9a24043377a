/// A discrete-event simulation: a virtual clock and a queue of future events.
///
/// Time only moves when an event is processed, jumping to that event's time; nothing here reads
/// a wall clock. Events at the same time are processed by priority, then in insertion order.
/// The engine knows nothing of what events mean: an ``EventHandler`` gives them meaning.
public struct Simulation<Event> {
  /// The current virtual time.
  @inlinable public var now: SimTime { currentTime }
  /// How many events have been processed.
  @inlinable public var processedCount: Int { processed }
  /// The single place every processed event can be observed, before its handler runs.
  public var observer: ((ProcessedEvent<Event>) -> Void)?

  @usableFromInline var queue = EventQueue<Event>()
  @usableFromInline var currentTime: SimTime = .zero
  @usableFromInline var processed = 0

  /// A simulation at time zero with nothing scheduled.
  public init() {}

  /// The number of events waiting.
  @inlinable public var pendingCount: Int { queue.count }
  /// The time of the next event, or nil when nothing is scheduled.
  @inlinable public var nextEventTime: SimTime? { queue.first?.time }

  /// Schedules `event` at `time`, which must not be in the past.
  @inlinable public mutating func schedule(_ event: Event, at time: SimTime, priority: EventPriority = .normal) {
    precondition(time >= now, "cannot schedule at \(time), before the current time \(now)")
    queue.insert(event, at: time, priority: priority)
  }

  /// Schedules `event` a non-negative `delay` from now.
  @inlinable public mutating func schedule(
    _ event: Event, after delay: SimDuration, priority: EventPriority = .normal
  ) {
    schedule(event, at: now + delay, priority: priority)
  }

  /// Processes the next event; returns false when there was none.
  @inlinable @discardableResult
  public mutating func step<Handler: EventHandler>(_ handler: inout Handler) -> Bool
  where Handler.Event == Event {
    guard let entry = queue.popFirst() else { return false }
    currentTime = entry.time
    processed += 1
    if let observer {
      observer(
        ProcessedEvent(
          time: entry.time, priority: entry.priority, sequence: entry.sequence,
          event: entry.payload))
    }
    handler.handle(entry.payload, in: &self)
    return true
  }

  /// Processes every event due at or before `limit`, then sets the clock to `limit`;
  /// with no limit, runs until nothing is left to do.
  @inlinable public mutating func run<Handler: EventHandler>(
    until limit: SimTime? = nil, handler: inout Handler
  ) where Handler.Event == Event {
    let end = limit ?? .distantFuture
    precondition(end >= now, "cannot run until \(end), before the current time \(now)")
    while let next = queue.first?.time, next <= end {
      step(&handler)
    }
    if let limit { currentTime = limit }
  }
}
