import SimBehaviour
import SimEngine
import SimModel
import SimPlatform

/// A user the world is simulating now; released as soon as nothing more can happen to them.
///
/// Slots hold one of these for every user in flight, and most users never install: what only
/// installs, Apple Ads, re-engagements, the client SDK or a moved clock need lives in a box
/// (``Later``) made the first time one of them is written, so a slot stays small.
package struct ActiveUser {
  package var plan: UserPlan
  /// The user's place among all the scenario's users (``DraftEnvelope/ordinal``).
  package let ordinal: Int
  /// Events scheduled for this user and not yet processed.
  package var pending = 0
  package var impressions = ImpressionStore()
  /// Ads shown so far: numbers each ad's nonce.
  package var adsShown: Int32 = 0
  package var launched = false
  package var installed = false
  /// The rarer state, nil until first written.
  private var later: Later?

  package init(plan: UserPlan, ordinal: Int) {
    self.plan = plan
    self.ordinal = ordinal
  }

  /// The user's conversions: the install's, if attributed, then re-engagements (§3.5).
  package var conversions: [Conversion] {
    get { later?.conversions ?? [] }
    _modify { yield &box().conversions }
  }
  /// When the install conversion happened, for the install cooldown (§2.5).
  package var lastInstallConversion: SimTime? {
    get { later?.lastInstallConversion }
    _modify { yield &box().lastInstallConversion }
  }
  /// When re-engagement conversions happened, for the cooldown and limits.
  package var reengagements: [SimTime] {
    get { later?.reengagements ?? [] }
    _modify { yield &box().reengagements }
  }
  /// Apple Ads taps and views, in time order: Apple's record of them (§8).
  package var appleAdsInteractions: [(interaction: AppleAdsInteraction, time: SimTime)] {
    get { later?.appleAdsInteractions ?? [] }
    _modify { yield &box().appleAdsInteractions }
  }
  /// The AdServices side of the install, in scenarios with Apple Ads (§8).
  package var adServices: AdServicesSession? {
    get { later?.rare?.adServices }
    _modify { yield &box().rareBox().adServices }
  }
  /// How far the device's clock is off virtual time, after the user moved it.
  package var clockOffset: SimDuration {
    get { later?.clockOffset ?? .zero }
    _modify { yield &box().clockOffset }
  }
  /// The client SDK's state, from its registration at first launch (issue 9).
  package var sdk: SDKState? {
    get { later?.rare?.sdk }
    _modify { yield &box().rareBox().sdk }
  }

  /// The box, made on first write and copied first if a copy of this user shares it, so users
  /// keep value semantics.
  private mutating func box() -> Later {
    if later == nil {
      later = Later()
    } else if !isKnownUniquelyReferenced(&later!) {
      later = later!.copy()
    }
    return later!
  }

  /// State most users never need.
  private final class Later {
    var conversions: [Conversion] = []
    var lastInstallConversion: SimTime?
    var reengagements: [SimTime] = []
    var appleAdsInteractions: [(interaction: AppleAdsInteraction, time: SimTime)] = []
    var clockOffset = SimDuration.zero
    /// Apple Ads' and the client SDK's state, in a box of its own: inline, they made every
    /// installer's box about 250 bytes in scenarios with neither.
    var rare: Rare?

    /// The box of Apple Ads' and the SDK's state, made on first write, and copied first if a
    /// copy of this state shares it.
    func rareBox() -> Rare {
      if rare == nil {
        rare = Rare()
      } else if !isKnownUniquelyReferenced(&rare!) {
        rare = rare!.copy()
      }
      return rare!
    }

    func copy() -> Later {
      let copy = Later()
      (copy.conversions, copy.lastInstallConversion, copy.reengagements) = (conversions, lastInstallConversion, reengagements)
      (copy.appleAdsInteractions, copy.clockOffset, copy.rare) = (appleAdsInteractions, clockOffset, rare)
      return copy
    }
  }

  /// Apple Ads' and the client SDK's state.
  private final class Rare {
    var adServices: AdServicesSession?
    var sdk: SDKState?

    func copy() -> Rare {
      let copy = Rare()
      (copy.adServices, copy.sdk) = (adServices, sdk)
      return copy
    }
  }
}
