import SimEngine

/// A draft with the virtual time it was made at and the user it belongs to, which put drafts
/// in the order a run with every user would make them.
struct DraftEnvelope: Sendable {
  /// The world's clock when the draft was made.
  var at: SimTime
  /// The user's place among all the scenario's users: scripted users first, then cohort users in
  /// arrival order.
  var ordinal: Int
  /// The draft.
  var draft: RunDraft
}
