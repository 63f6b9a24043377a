import SimJSON
import SimModel

/// SKAdNetwork's rules for its signed ads and postbacks, shared by every version (rulebook §2.3,
/// §3, §6, §7).
package protocol SKAdNetworkFramework: AttributionFramework {
  /// Whether postbacks say whether they won, with `did-win` (3.0 and later, §3.3).
  var reportsWin: Bool { get }
  /// The postback body for `facts`, before signing (§6, §7.1).
  func postback(_ facts: SKAdNetworkPostback.Facts) -> SKAdNetworkPostback
  /// The fields Apple's signature covers, in order (§7.2).
  var signedFields: [PostbackSigningString.Field] { get }
}

extension SKAdNetworkFramework {
  package var ranking: AttributionRanking { .fidelityThenRecency }
  package var reengagesInstalledApp: Bool { false }
  package var expiresAppImpressions: Bool { false }

  /// The device checks the ad's signature over its fields with the network's key (§7.3).
  package func impressionSignatureVerifies(_ impression: ServedImpression, signer: ImpressionSigner) -> Bool {
    let served = ImpressionSignature(
      version: version.rawValue, adNetworkId: impression.networkIdentifier,
      sourceIdentifier: Int64(impression.sourceIdentifier), itemId: impression.appId, nonce: impression.nonce,
      source: impression.source, fidelityType: impression.fidelityType, timestamp: impression.timestamp, signature: "")
    var received = signer.signed(served)
    if impression.tampered {
      received.timestamp += 1
    }
    return received.verifies(with: signer.publicKey)
  }

  /// An SKAdNetwork body with `attribution-signature` (§7.1, §7.2).
  package func signedPostback(
    of draft: PostbackDraft, tier: TierDecision, in scenario: Scenario, signers: PostbackSigners
  ) -> (body: JSONValue, content: SKAdNetworkPostback.ValueContent) {
    let network = scenario.adNetworks[draft.network]
    let postback = postback(
      SKAdNetworkPostback.Facts(
        version: version, networkIdentifier: network.identifier,
        sourceIdentifier: network.campaigns[draft.campaign].sourceIdentifier, appId: scenario.app.appId,
        transactionId: draft.transactionId, redownload: draft.redownload,
        source: scenario.publishers[draft.publisher].source, fidelityType: draft.fidelityType,
        didWin: draft.runnerUpRank == nil, sequenceIndex: draft.window, tier: tier, fine: draft.fine,
        coarse: draft.coarse, country: draft.country, rules: scenario.rules))
    return (signers.skAdNetwork.signed(postback.payload), postback.content)
  }

  /// Developer copies need iOS 15 and an endpoint in the app (§1, §7.6).
  package func copiesToDeveloper(_ draft: PostbackDraft, in scenario: Scenario) -> Bool {
    scenario.app.attributionReportEndpoint != nil && scenario.platform.sendsDeveloperCopies
  }

  /// `NSAdvertisingAttributionReportEndpoint`.
  package func developerCopyEndpoint(of app: AdvertisedApp) -> String? { app.attributionReportEndpoint }
  package var developerCopyPath: String { "/.well-known/skadnetwork/report-attribution/" }
  package var name: String { "SKAdNetwork" }
  package var impressionSigning: String { "impressions (SKAdNetwork signature)" }

  /// The fields every SKAdNetwork postback carries, `did-win` from 3.0.
  package func commonFields(_ facts: SKAdNetworkPostback.Facts) -> [String: JSONValue] {
    var body: [String: JSONValue] = [
      "version": .string(facts.version.rawValue),
      "ad-network-id": .string(facts.networkIdentifier),
      "app-id": .int(facts.appId),
      "transaction-id": .string(facts.transactionId),
      "redownload": .bool(facts.redownload),
      "fidelity-type": .int(Int64(facts.fidelityType)),
    ]
    if reportsWin { body["did-win"] = .bool(facts.didWin) }
    return body
  }
}
