import SimEngine
import SimModel

/// A non-winning impression and its postback (rulebook §3.3).
package struct RunnerUp {
  /// The impression.
  package var impression: StoredImpression
  /// The postback prepared with the winner's first postback, until sent.
  package var postback: PostbackDraft?
  /// When that postback was (or will be) sent.
  package var sendTime: SimTime?

  /// Each stored property as given; other targets of the package build it too.
  package init(impression: StoredImpression, postback: PostbackDraft? = nil, sendTime: SimTime? = nil) {
    self.impression = impression
    self.postback = postback
    self.sendTime = sendTime
  }
}
