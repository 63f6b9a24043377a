import SimEngine

/// What a conversion really was, for judging how well its postbacks decode.
struct ConversionTruth: Sendable {
  /// The winning network and campaign, as scenario indices.
  var network: Int, campaign: Int
  /// When the app was installed, or the re-engagement happened.
  var installTime: SimTime
  /// The user's name in outputs.
  var user: String
  /// Its number among the user's conversions.
  var conversion = 0
  /// Whether the app was launched in time and the windows started.
  var attributed: Bool
  /// What the app measured in each window.
  var windows: [Measures]
}
