import SimEngine
import SimModel

/// Apple's attribution of a download to an Apple Ads interaction (rulebook §8): the latest tap
/// within the tap lookback wins; without one, the latest view within the view lookback.
package struct AdServicesClaim: Equatable {
  /// The winning interaction.
  package var interaction: AppleAdsInteraction
  /// When it happened.
  package var time: SimTime

  /// Whether the claim is a tap (`claimType` Click) rather than a view (Impression).
  package var isTap: Bool { interaction.kind == .tap }

  /// The claim for a download at `install`, or nil when no interaction is within its lookback.
  /// Pre-orders look back 90 days for taps and 61 for views; downloads 30 days and 24 hours.
  package static func decide(
    _ interactions: [(interaction: AppleAdsInteraction, time: SimTime)], install: SimTime, preOrder: Bool
  ) -> AdServicesClaim? {
    let tapLookback = preOrder ? AppleAds.preOrderTapLookback : AppleAds.tapLookback
    let viewLookback = preOrder ? AppleAds.preOrderViewLookback : AppleAds.viewLookback
    func latest(_ kind: AppleAdsInteraction.Kind, within lookback: SimDuration) -> AdServicesClaim? {
      // Interactions are recorded in time order: the last one found is the latest.
      interactions.last { $0.interaction.kind == kind && $0.time <= install && install - $0.time <= lookback }
        .map { AdServicesClaim(interaction: $0.interaction, time: $0.time) }
    }
    return latest(.tap, within: tapLookback) ?? latest(.view, within: viewLookback)
  }
}
