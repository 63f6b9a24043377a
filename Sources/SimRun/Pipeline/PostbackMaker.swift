import SimModel
import SimPlatform
import SimRecords

/// Builds and signs tier-decided postbacks (rulebook §6, §7) and counts them: the tier stage's
/// last step, which a pipelined run (``OutputPipeline``) runs on several threads at once, one
/// maker a thread, since a signer serves one thread. Signatures depend on the key and the
/// message alone, so every maker gives every postback the same bytes.
package struct PostbackMaker {
  private let scenario: Scenario
  /// The simulated Apple's postback signing (§7.2); AdAttributionKit's JWS under the production
  /// or Developer Mode key ID (§7.5, §5.4).
  private let signers: PostbackSigners
  /// The platform's rules, and for each network the rules its ads follow (§3.6).
  private let framework: any AttributionFramework
  private let adFrameworks: [any AttributionFramework]

  /// A maker signing with the run's Apple keys.
  package init(scenario: Scenario, keys: SimulatedKeys) {
    self.scenario = scenario
    signers = PostbackSigners(
      skAdNetwork: PostbackSigner(keys.apple),
      adAttributionKit: scenario.usesAdAttributionKit
        ? (scenario.platform.developerMode
          ? AdAttributionKitSigner(keys.appleDevelopment, keyId: AdAttributionKitPostback.developmentKeyId)
          : AdAttributionKitSigner(keys.apple, keyId: AdAttributionKitPostback.productionKeyId)) : nil)
    framework = scenario.attributionFramework
    adFrameworks = scenario.adNetworks.map { AttributionFrameworks.ads(of: $0, on: scenario.platform) }
  }

  /// The signed postback of `job` with what its tier allows, and its developer copy where the
  /// framework sends one (§7.6); counted into `counts` by window and content.
  package func make(_ job: PostbackJob, counting counts: inout RunSummary) -> (
    postback: PostbackRecord, developerCopy: PostbackRecord?
  ) {
    let draft = job.draft
    // Signed in its winning impression's framework (§3.6): an SKAdNetwork body with
    // `attribution-signature`, or an AdAttributionKit body with `jws-string`.
    let rules = adFrameworks[draft.network]
    let (body, content) = rules.signedPostback(of: draft, tier: job.tier, in: scenario, signers: signers)
    var record = PostbackRecord(
      time: job.time, recipient: .adNetwork, payload: body, user: draft.user, content: content,
      sequenceIndex: draft.window, didWin: draft.runnerUpRank == nil, preparedAt: draft.preparedAt,
      network: draft.network, campaign: draft.campaign)
    if draft.window == 0, draft.runnerUpRank == nil, let crowd = job.tier.crowd {
      record.basis = TierBasis(crowd: crowd, fineSet: draft.fine != nil, coarseSet: draft.coarse != nil, probes: job.tier.probes)
    }
    guard draft.runnerUpRank == nil else {
      counts.nonWinningPostbacks += 1
      return (record, nil)
    }
    counts.postbacks[draft.window][content == .fine ? 0 : content == .coarse ? 1 : 2] += 1
    if draft.window == 0, framework.truncatesSourceIdentifier {
      counts.sourceIdentifierDigits[job.tier.sourceIdentifierDigits - 2] += 1
    }
    if draft.conversionType == .reengagement { counts.reengagementPostbacks += 1 }
    // Developers get copies of winning postbacks only (§7.6), where the framework sends them.
    guard rules.copiesToDeveloper(draft, in: scenario) else { return (record, nil) }
    var copy = record
    copy.recipient = .developer
    counts.developerCopies += 1
    return (record, copy)
  }
}
