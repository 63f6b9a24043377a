import SimEngine

/// How a conversion's measurement runs once its clock starts (rulebook §5.1, §5.2).
package enum WindowClock: Hashable, Sendable {
  /// Conversion windows that end at these offsets from the start (4.0, AdAttributionKit).
  case windows(ends: [SimDuration])
  /// One value timer, restarted by each increase of the value (2.2, 3.0).
  case valueTimer(SimDuration)
}
