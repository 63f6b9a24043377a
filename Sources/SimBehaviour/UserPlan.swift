import SimEngine
import SimModel

/// Everything one user will do, in time order, fixed before the simulation meets them.
///
/// Behaviour does not depend on attribution, so it can be drawn up front from the user's own
/// random stream; the platform rules then react to it as it unfolds.
package struct UserPlan {
  /// The user's name in outputs.
  package var name: UserName
  /// Install country.
  package var country: String
  /// Actions with absolute times from virtual time zero, sorted (ties keep their order).
  package var actions: [TimedAction]
  /// The stream the platform's draws for this user derive from.
  package var stream: RandomStream
  /// Whether the user allows tracking (ATT): Apple Ads records are detailed (§8).
  package var trackingAuthorized = false

  /// Each stored property as given; other targets of the package build it too.
  package init(
    name: UserName,
    country: String,
    actions: [TimedAction],
    stream: RandomStream,
    trackingAuthorized: Bool = false
  ) {
    self.name = name
    self.country = country
    self.actions = actions
    self.stream = stream
    self.trackingAuthorized = trackingAuthorized
  }
}
