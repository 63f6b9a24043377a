/// The world's events; small values, so the queue stays compact.
package enum WorldEvent {
  /// The next cohort user in arrival order becomes reachable.
  case admitNext
  /// A user's next planned action is due.
  case action(slot: Int32)
  /// A conversion window's scheduled end, or (before 4.0) a possible timer expiry.
  case windowEnd(slot: Int32, conversion: Int16, window: Int8)
  /// A prepared winning postback's random send time.
  case send(slot: Int32, conversion: Int16, window: Int8)
  /// A prepared non-winning postback's random send time.
  case sendRunnerUp(slot: Int32, conversion: Int16, index: Int8)
  /// The advertiser's server calls Apple's attribution API with a user's AdServices token (§8).
  case adServicesCall(slot: Int32)
  /// A conversion-value service's answer to the user's SDK arrives (issue 9).
  case sdkAnswer(slot: Int32, ticket: Int32)
}
