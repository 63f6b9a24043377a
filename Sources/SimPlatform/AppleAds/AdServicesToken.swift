import SimEngine
import SimModel

/// An attribution token the app got from `AAAttribution.attributionToken()` (§8).
package struct AdServicesToken {
  /// When the app got it: it can be exchanged for 24 hours.
  package var created: SimTime
  /// Whether it reaches Apple intact.
  package var valid: Bool
  /// When Apple's record for it is ready; calls before get 404.
  package var recordReady: SimTime

  /// Each stored property as given; other targets of the package build it too.
  package init(created: SimTime, valid: Bool, recordReady: SimTime) {
    self.created = created
    self.valid = valid
    self.recordReady = recordReady
  }
}
