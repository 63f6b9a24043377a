/// An event the simulation has just taken from its queue, as the trace hook sees it.
public struct ProcessedEvent<Event> {
  /// The virtual time it was processed at.
  public let time: SimTime
  /// Its tie-break priority.
  public let priority: EventPriority
  /// Its insertion sequence.
  public let sequence: UInt64
  /// The event itself.
  public let event: Event

  @usableFromInline init(time: SimTime, priority: EventPriority, sequence: UInt64, event: Event) {
    self.time = time
    self.priority = priority
    self.sequence = sequence
    self.event = event
  }
}
