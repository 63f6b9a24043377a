import SimEngine

/// What the world hands on: a run's outputs before crowd anonymity has decided what they carry.
///
/// Tiers depend on every user's installs, so the world, which may see only a shard of the users,
/// leaves them to a ``TierStage`` that sees all installs in time order.
enum RunDraft: Sendable {
  /// An attributed install, counted towards its crowds and given its tiers.
  case install(InstallDraft)
  /// A postback at its send time, awaiting its tier.
  case postback(PostbackDraft)
  /// A finished conversion's truth, awaiting its tiers.
  case conversion(ConversionRecord)
  /// A platform decision.
  case trace(TraceRecord)
}

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

/// Takes drafts in time order.
protocol DraftSink {
  /// A draft; envelopes arrive in non-decreasing `at` order.
  mutating func receive(_ envelope: DraftEnvelope)
  /// Whether trace drafts are wanted; the world skips building them otherwise.
  var wantsTrace: Bool { get }
}

/// Identifies one conversion across drafts: a user installs at most once at a given time.
struct ConversionKey: Hashable, Sendable {
  /// The user's ordinal.
  var ordinal: Int
  /// The install time.
  var installTime: SimTime
}
