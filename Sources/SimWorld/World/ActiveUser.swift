import SimBehaviour
import SimEngine
import SimModel
import SimPlatform

/// A user the world is simulating now; released as soon as nothing more can happen to them.
package struct ActiveUser {
  package var plan: UserPlan
  /// The user's place among all the scenario's users (``DraftEnvelope/ordinal``).
  package let ordinal: Int
  /// Index of the next action in the plan.
  package var nextAction = 0
  /// Events scheduled for this user and not yet processed.
  package var pending = 0
  package var impressions = ImpressionStore()
  /// Ads shown so far: numbers each ad's nonce.
  package var adsShown: Int32 = 0
  package var launched = false
  package var installed = false
  /// The user's conversions: the install's, if attributed, then re-engagements (§3.5).
  package var conversions: [Conversion] = []
  /// When the install conversion happened, for the install cooldown (§2.5).
  package var lastInstallConversion: SimTime?
  /// When re-engagement conversions happened, for the cooldown and limits.
  package var reengagements: [SimTime] = []
  /// Apple Ads taps and views, in time order: Apple's record of them (§8).
  package var appleAdsInteractions: [(interaction: AppleAdsInteraction, time: SimTime)] = []
  /// The AdServices side of the install, in scenarios with Apple Ads (§8).
  package var adServices: AdServicesSession?
  /// How far the device's clock is off virtual time, after the user moved it.
  package var clockOffset = SimDuration.zero
  /// The client SDK's state, from its registration at first launch (issue 9).
  package var sdk: SDKState?
}
