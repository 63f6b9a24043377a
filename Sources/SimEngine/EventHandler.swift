/// Reacts to the events a ``Simulation`` processes; this is where a model's rules live.
public protocol EventHandler<Event> {
  /// The model's event type.
  associatedtype Event

  /// Handles one event at `simulation.now`; may schedule further events.
  mutating func handle(_ event: Event, in simulation: inout Simulation<Event>)
}
