/// Trace messages of Apple Ads' attribution (rulebook §8).
extension RuleNote {
  /// §8: AdServices attributes downloads only, so a tap or view after the install claims nothing.
  package static func appleAdsAfterInstall(_ kind: String) -> RuleNote {
    RuleNote("§8", "an Apple Ads \(kind) after the install: no claim, no network click")
  }

  /// §8: a campaign targeting age or gender gets no detailed record.
  package static func appleAdsTargeted(_ kind: String, campaign: String) -> RuleNote {
    RuleNote(
      "§8",
      "the download follows a \(kind) of Apple Ads campaign '\(campaign)', which targets age or gender: "
        + "its record will say attribution false")
  }

  /// §8: Apple claims the download or redownload for its campaign.
  package static func appleAdsClaims(_ type: String, kind: String, campaign: String) -> RuleNote {
    RuleNote("§8", "Apple attributes the \(type) to a \(kind) of Apple Ads campaign '\(campaign)'")
  }
}
