/// What a scenario's `expect` block says must hold after a run: postbacks of scripted users,
/// figures of the run, and golden copies of its outputs.
public struct Expectations: Sendable {
  /// Postbacks scripted users must (or must not) send, matched in send order.
  public var postbacks: [PostbackExpectation]
  /// What scripted users' AdServices tokens must get from Apple's attribution API (§8).
  public var adServices: [AdServicesExpectation] = []
  /// What scripted users' client SDKs must write to `sdk-trace.jsonl` (issue 9).
  public var sdk: [SDKExpectation] = []
  /// Whether the users named in ``postbacks`` may send no postbacks beyond those listed.
  public var exhaustive: Bool
  /// Figures of `summary.json` that must lie within bounds.
  public var checks: [FigureCheck]
  /// Which outputs golden copies cover, and how they are normalised.
  public var golden: GoldenSettings

  /// Expectations with every part given; by default none.
  public init(
    postbacks: [PostbackExpectation] = [], exhaustive: Bool = false, checks: [FigureCheck] = [],
    golden: GoldenSettings = GoldenSettings()
  ) {
    self.postbacks = postbacks
    self.exhaustive = exhaustive
    self.checks = checks
    self.golden = golden
  }

  /// The users whose postbacks, AdServices calls or SDK trace the expectations name.
  package var users: Set<String> { Set(postbacks.map(\.user) + adServices.map(\.user) + sdk.map(\.user)) }
}
