import Foundation

/// Where delivered postbacks go: each recipient's own endpoint, or one receiver for them all.
public enum DeliveryTarget: Sendable, Hashable {
  /// Every recipient's URL as the scenario gives it: networks' `postbackURL`s and the app's
  /// developer-copy endpoints (rulebook §7.6).
  case scenario
  /// One receiver, such as a test server: its scheme, host and port replace each recipient's,
  /// whose path is kept (after the receiver's own path, if it has one). A network without a
  /// `postbackURL` gets the path `/postbacks/<ad network identifier>/`.
  case receiver(URL)
}
