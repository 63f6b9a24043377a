/// A user the world is simulating now; released as soon as nothing more can happen to them.
struct ActiveUser {
  var plan: UserPlan
  /// The user's place among all the scenario's users (``DraftEnvelope/ordinal``).
  let ordinal: Int
  /// Index of the next action in the plan.
  var nextAction = 0
  /// Events scheduled for this user and not yet processed.
  var pending = 0
  var impressions = ImpressionStore()
  /// Ads shown so far: numbers each ad's nonce.
  var adsShown: Int32 = 0
  var launched = false
  var conversion: Conversion?
}
