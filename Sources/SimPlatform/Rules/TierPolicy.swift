import SimEngine

/// Decides crowd-anonymity tiers; Apple publishes no thresholds, so this is a modelling choice.
///
/// The world calls ``record(_:)`` once per attributed install, then ``decide(for:)`` for the
/// winner and for each non-winning network, in install-time order.
public protocol TierPolicy: Sendable {
  /// Counts an attributed install towards the crowds it belongs to.
  mutating func record(_ install: ConversionFacts)
  /// The tier and the fields it allows for one conversion.
  mutating func decide(for conversion: ConversionFacts) -> TierDecision
}
