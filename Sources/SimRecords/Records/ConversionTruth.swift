import SimEngine
import SimModel

/// What a conversion really was, for judging how well its postbacks decode.
package struct ConversionTruth: Sendable {
  /// The winning network and campaign, as scenario indices.
  package var network: Int, campaign: Int
  /// When the app was installed, or the re-engagement happened.
  package var installTime: SimTime
  /// The user's name in outputs.
  package var user: String
  /// Its number among the user's conversions.
  package var conversion = 0
  /// Whether the app was launched in time and the windows started.
  package var attributed: Bool
  /// What the app measured in each window.
  package var windows: [Measures]
  /// Whether it is an install (download or redownload), not a re-engagement.
  package var isInstall: Bool
  /// What became of each window's postback, in window order (one window before 4.0).
  package var fates: [WindowFate]

  /// Each stored property as given; other targets of the package build it too.
  package init(
    network: Int,
    campaign: Int,
    installTime: SimTime,
    user: String,
    conversion: Int = 0,
    attributed: Bool,
    windows: [Measures],
    isInstall: Bool = true,
    fates: [WindowFate] = []
  ) {
    self.network = network
    self.campaign = campaign
    self.installTime = installTime
    self.user = user
    self.conversion = conversion
    self.attributed = attributed
    self.windows = windows
    self.isInstall = isInstall
    self.fates = fates
  }
}
