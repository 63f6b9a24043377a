import SimEngine

/// A draft with the virtual time it was made at and the user it belongs to, which put drafts
/// in the order a run with every user would make them.
package struct DraftEnvelope: Sendable {
  /// The world's clock when the draft was made.
  package var at: SimTime
  /// The user's place among all the scenario's users: scripted users first, then cohort users in
  /// arrival order.
  package var ordinal: Int
  /// The draft.
  package var draft: RunDraft

  /// Each stored property as given; other targets of the package build it too.
  package init(at: SimTime, ordinal: Int, draft: RunDraft) {
    self.at = at
    self.ordinal = ordinal
    self.draft = draft
  }
}
