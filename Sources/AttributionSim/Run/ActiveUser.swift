import SimEngine

/// A user the world is simulating now; released as soon as nothing more can happen to them.
struct ActiveUser {
  var plan: UserPlan
  /// The user's place among all the scenario's users (``DraftEnvelope/ordinal``).
  let ordinal: Int
  /// Index of the next action in the plan.
  var nextAction = 0
  /// Events scheduled for this user and not yet processed.
  var pending = 0
  var impressions = ImpressionStore()
  /// Ads shown so far: numbers each ad's nonce.
  var adsShown: Int32 = 0
  var launched = false
  var installed = false
  /// The user's conversions: the install's, if attributed, then re-engagements (§3.5).
  var conversions: [Conversion] = []
  /// When the install conversion happened, for the install cooldown (§2.5).
  var lastInstallConversion: SimTime?
  /// When re-engagement conversions happened, for the cooldown and limits.
  var reengagements: [SimTime] = []
  /// Apple Ads taps and views, in time order: Apple's record of them (§8).
  var appleAdsInteractions: [(interaction: AppleAdsInteraction, time: SimTime)] = []
  /// The AdServices side of the install, in scenarios with Apple Ads (§8).
  var adServices: AdServicesSession?
  /// How far the device's clock is off virtual time, after the user moved it.
  var clockOffset = SimDuration.zero
  /// The client SDK's state, from its registration at first launch (issue 9).
  var sdk: SDKState?
}
