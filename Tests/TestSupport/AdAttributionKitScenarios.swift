import AttributionSim
import SimJSON

extension TestScenarios {
  /// An AdAttributionKit world on iOS 18.4: AdAttributionKit networks `n1` (campaign `c`,
  /// 5239, eligible for re-engagement; campaign `plain`, 1207, not eligible) and `n2` (campaign
  /// `c`, 4431), and the SKAdNetwork 4.0 network `s1` (campaign `c`, 6121); the production
  /// publisher `hub` and the development publisher `dev` (item ID 0) list all three. Tier 3 is
  /// forced unless `privacy` says otherwise; no schema, so only scripted updates set values.
  package static func adAttributionKit(
    users: String, infoPlist: String = "", rules: String = "{}", privacy: String = "{ forceTier: 3 }",
    platformExtra: String = ""
  ) -> String {
    """
    {
      version: 1,
      name: "aak",
      seed: 4,
      epoch: "2026-03-02T00:00:00Z",
      platform: { framework: "adattributionkit", iosVersion: "18.4"\(platformExtra) },
      app: {
        appId: 1234567890, attributionReportEndpoint: "https://example.com",
        infoPlist: { AttributionCopyEndpoint: "https://example.com"\(infoPlist.isEmpty ? "" : ", " + infoPlist) },
      },
      adNetworks: [
        { name: "n1", identifier: "net1.adattributionkit", campaigns: [
          { name: "c", sourceIdentifier: 5239, eligibleForReengagement: true }, { name: "plain", sourceIdentifier: 1207 }] },
        { name: "n2", identifier: "net2.adattributionkit", campaigns: [{ name: "c", sourceIdentifier: 4431 }] },
        { name: "s1", identifier: "sk1.skadnetwork", framework: "skadnetwork", campaigns: [{ name: "c", sourceIdentifier: 6121 }] },
      ],
      publishers: [
        { name: "hub", appId: 6444000009, adNetworks: ["n1", "n2", "s1"] },
        { name: "dev", appId: 0, adNetworks: ["n1", "n2", "s1"] },
      ],
      privacy: \(privacy),
      rules: \(rules),
      users: [\(users)],
    }
    """
  }
}
