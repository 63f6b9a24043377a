/// An attributed install: the crowd keys of its winning impression and of the impressions that
/// run up (rulebook §3.3, §6).
struct InstallDraft: Sendable {
  /// The winner's network, campaign, publisher, country and install time.
  var winner: ConversionFacts
  /// The same for each non-winning network's best impression, best first.
  var runnerUps: [ConversionFacts]
  /// Which of the user's conversions it starts.
  var conversion = 0
}
