/// What kind of conversion a postback reports: AdAttributionKit's `conversion-type` (rulebook §3.4).
public enum ConversionType: String, CaseIterable, Hashable, Sendable {
  /// A first install of the app on the account.
  case download
  /// An install by an account that installed the app before.
  case redownload
  /// A tap that opened the already installed app (§3.5).
  case reengagement = "re-engagement"
}
