/// The simulated world's events; small values, so the queue stays compact.
enum WorldEvent {
  /// The next cohort user in arrival order becomes reachable.
  case admitNext
  /// A user's next planned action is due.
  case action(slot: Int32)
  /// A conversion window's scheduled end.
  case windowEnd(slot: Int32, window: Int8)
  /// A prepared postback's random send time.
  case send(slot: Int32, window: Int8)
}
