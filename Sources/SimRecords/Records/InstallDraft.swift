import SimPlatform

/// An attributed install: the crowd keys of its winning impression and of the impressions that
/// run up (rulebook §3.3, §6).
package struct InstallDraft: Sendable {
  /// The winner's network, campaign, publisher, country and install time.
  package var winner: ConversionFacts
  /// The same for each non-winning network's best impression, best first.
  package var runnerUps: [ConversionFacts]
  /// Which of the user's conversions it starts.
  package var conversion = 0

  /// Each stored property as given; other targets of the package build it too.
  package init(winner: ConversionFacts, runnerUps: [ConversionFacts], conversion: Int = 0) {
    self.winner = winner
    self.runnerUps = runnerUps
    self.conversion = conversion
  }
}
