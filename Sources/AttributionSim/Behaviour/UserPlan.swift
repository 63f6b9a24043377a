import SimEngine

/// Everything one user will do, in time order, fixed before the simulation meets them.
///
/// Behaviour does not depend on attribution, so it can be drawn up front from the user's own
/// random stream; the platform rules then react to it as it unfolds.
struct UserPlan {
  /// The user's name in outputs.
  var name: UserName
  /// Install country.
  var country: String
  /// Actions with absolute times from virtual time zero, sorted (ties keep their order).
  var actions: [TimedAction]
  /// The stream the platform's draws for this user derive from.
  var stream: RandomStream
  /// Whether the user allows tracking (ATT): Apple Ads records are detailed (§8).
  var trackingAuthorized = false
}

/// A user's name, built only when an output needs it: most cohort users never appear in one.
struct UserName: CustomStringConvertible {
  /// The scripted user's name, or the cohort's.
  var base: String
  /// The index within the cohort; nil for scripted users.
  var index: Int?

  var description: String { index.map { "\(base)#\($0)" } ?? base }
}
