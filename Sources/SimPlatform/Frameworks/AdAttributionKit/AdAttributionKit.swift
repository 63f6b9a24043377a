import SimJSON
import SimModel

/// AdAttributionKit: SKAdNetwork 4.0's windows and tiers, with JWS impressions and postbacks,
/// re-engagement, and copies to the app's `AttributionCopyEndpoint` (rulebook §2.4, §3.5, §7.5).
package struct AdAttributionKit: ConversionWindowRules {
  package init() {}

  /// AdAttributionKit follows 4.0's windows and tiers (§3.6).
  package var version: SKAdNetworkVersion { .v4_0 }
  package var ranking: AttributionRanking { .fidelityThenRecency }
  package var sendsRunnerUpPostbacks: Bool { true }
  package var reengagesInstalledApp: Bool { true }
  package var expiresAppImpressions: Bool { true }

  /// The device verifies the impression's compact JWS with the network's key (§2.4); impressions
  /// are shown in apps only.
  package func impressionSignatureVerifies(_ impression: ServedImpression, signer: ImpressionSigner) -> Bool {
    guard case .app(let publisherItem) = impression.source else { return false }
    var payload: [String: JSONValue] = [
      "impression-identifier": .string(impression.nonce), "publisher-item-identifier": .int(publisherItem),
      "impression-type": .string("app-impression"), "ad-network-identifier": .string(impression.networkIdentifier),
      "source-identifier": .int(Int64(impression.sourceIdentifier)), "timestamp": .int(impression.timestamp),
      "advertised-item-identifier": .int(impression.appId),
    ]
    if impression.eligibleForReengagement { payload["eligible-for-re-engagement"] = .bool(true) }
    var received = signer.signedJWS(payload: payload, keyId: impression.networkIdentifier)
    if impression.tampered {
      payload["timestamp"] = .int(impression.timestamp + 1)
      received = CompactJWS.replacingPayload(of: received, with: .object(payload))
    }
    return (try? CompactJWS(parsing: received))?.verifies(with: signer.publicKey) ?? false
  }

  /// An AdAttributionKit body with `jws-string` (§7.5).
  package func signedPostback(
    of draft: PostbackDraft, tier: TierDecision, in scenario: Scenario, signers: PostbackSigners
  ) -> (body: JSONValue, content: SKAdNetworkPostback.ValueContent) {
    let network = scenario.adNetworks[draft.network]
    // AdAttributionKit publishers are apps; the reader refuses websites.
    guard case .app(let publisherItem) = scenario.publishers[draft.publisher].source else {
      preconditionFailure("AdAttributionKit ads are shown in apps")
    }
    guard let signer = signers.adAttributionKit else { preconditionFailure("no AdAttributionKit signer") }
    let postback = AdAttributionKitPostback(
      AdAttributionKitPostback.Facts(
        networkIdentifier: network.identifier, sourceIdentifier: network.campaigns[draft.campaign].sourceIdentifier,
        appId: scenario.app.appId, publisherItemId: publisherItem, postbackIdentifier: draft.transactionId,
        conversionType: draft.conversionType, interaction: draft.fidelityType == 1 ? .click : .view,
        didWin: draft.runnerUpRank == nil, sequenceIndex: draft.window, tier: tier, fine: draft.fine,
        coarse: draft.coarse, country: draft.country, marketplace: scenario.app.marketplace, rules: scenario.rules))
    return (signer.body(for: postback), postback.content)
  }

  /// Copies go to the app's `AttributionCopyEndpoint`, re-engagements' only when the app opts in (§3.5, §7.6).
  package func copiesToDeveloper(_ draft: PostbackDraft, in scenario: Scenario) -> Bool {
    scenario.app.attributionCopyEndpoint != nil
      && (draft.conversionType != .reengagement || scenario.app.reengagementPostbackCopies)
  }

  /// Info.plist `AttributionCopyEndpoint`.
  package func developerCopyEndpoint(of app: AdvertisedApp) -> String? { app.attributionCopyEndpoint }
  package var developerCopyPath: String { "/.well-known/appattribution/report-attribution/" }
  package var name: String { "AdAttributionKit" }
  package var impressionSigning: String { "impressions (AdAttributionKit JWS)" }
}
