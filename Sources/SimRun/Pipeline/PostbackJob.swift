import SimEngine
import SimPlatform

/// A postback whose tier is decided, waiting to be built and signed (``PostbackMaker``): what
/// the tier stage hands on so that signing can run off its thread.
package struct PostbackJob: Sendable {
  /// The world's draft.
  package var draft: PostbackDraft
  /// What its tier lets it carry.
  package var tier: TierDecision
  /// Its send time.
  package var time: SimTime

  /// Each stored property as given.
  package init(draft: PostbackDraft, tier: TierDecision, time: SimTime) {
    self.draft = draft
    self.tier = tier
    self.time = time
  }
}
