/// How a user met an ad: AdAttributionKit's `ad-interaction-type` (rulebook §2.1, §7.5).
public enum InteractionType: String, CaseIterable, Hashable, Sendable {
  /// A tap: custom click (`handleTap`) or a tapped StoreKit-rendered ad.
  case click
  /// A view: custom view (`beginView`/`endView`, `handleView`) or StoreKit-rendered ad on screen 2 s.
  case view
}
