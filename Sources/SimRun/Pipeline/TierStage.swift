import SimEngine
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Decides crowd anonymity for a run's drafts and turns them into its outputs: signed postbacks
/// carrying what their tier allows, and conversions with their tiers (rulebook §6, §7).
///
/// Drafts arrive in time order, from one world or merged from shards. Those made at the same
/// time are held back, put in user order, and their installs all counted before any of them is
/// decided, so a crowd counts every install up to and including its own time, and tiers come
/// out the same whatever order users were simulated in and however they were sharded.
package struct TierStage<Downstream: RunSink>: DraftSink {
  private let scenario: Scenario
  private var policy: any TierPolicy
  /// The simulated Apple's postback signing (§7.2).
  private let signer: PostbackSigner
  /// AdAttributionKit postbacks' JWS signing, under the production or Developer Mode key ID (§7.5, §5.4).
  private let adAttributionKitSigner: AdAttributionKitSigner?
  /// Developer copies need iOS 15 and an endpoint in the app (§1, §7.6).
  private let sendsDeveloperCopies: Bool
  package private(set) var downstream: Downstream
  /// The counts that depend on tiers: by tier, postbacks by content, windows withheld, copies.
  package private(set) var summary = RunSummary()
  /// Drafts about a conversion whose install never came: only corrupted shard files have them.
  package private(set) var orphans = 0
  /// Decisions for conversions whose record has not passed yet.
  private var decisions: [ConversionKey: ConversionTiers] = [:]
  private var batch: [DraftEnvelope] = []

  /// A stage deciding with `policy` and signing with the run's Apple key.
  package init(scenario: Scenario, policy: any TierPolicy, keys: SimulatedKeys, downstream: Downstream) {
    self.scenario = scenario
    self.policy = policy
    signer = PostbackSigner(keys.apple)
    sendsDeveloperCopies = scenario.app.attributionReportEndpoint != nil && scenario.platform.sendsDeveloperCopies
    adAttributionKitSigner =
      scenario.usesAdAttributionKit
      ? (scenario.platform.developerMode
        ? AdAttributionKitSigner(keys.appleDevelopment, keyId: AdAttributionKitPostback.developmentKeyId)
        : AdAttributionKitSigner(keys.apple, keyId: AdAttributionKitPostback.productionKeyId)) : nil
    summary.adAttributionKit = scenario.usesAdAttributionKit
    summary.hasAppleAds = scenario.appleAds != nil
    summary.hasSDK = scenario.app.sdk != nil
    self.downstream = downstream
  }

  package var wantsTrace: Bool { downstream.wantsTrace }

  package mutating func receive(_ envelope: DraftEnvelope) {
    if let first = batch.first, first.at != envelope.at { flush() }
    batch.append(envelope)
  }

  /// Processes the drafts held back; call once after the last draft.
  package mutating func flush() {
    guard !batch.isEmpty else { return }
    var ordered = batch
    batch.removeAll(keepingCapacity: true)
    if ordered.count > 1 {
      // Each user's drafts keep their own order: a stable sort by user.
      ordered = ordered.enumerated().sorted { ($0.element.ordinal, $0.offset) < ($1.element.ordinal, $1.offset) }
        .map(\.element)
    }
    for envelope in ordered {
      if case .install(let install) = envelope.draft { policy.record(install.winner) }
    }
    for envelope in ordered { process(envelope) }
  }

  private mutating func process(_ envelope: DraftEnvelope) {
    switch envelope.draft {
    case .install(let install):
      let tiers = ConversionTiers(
        winner: policy.decide(for: install.winner), runnerUps: install.runnerUps.map { policy.decide(for: $0) })
      summary.conversionsByTier[tiers.winner.tier] += 1
      decisions[ConversionKey(ordinal: envelope.ordinal, installTime: install.winner.time, conversion: install.conversion)] = tiers
    case .windowClosed(let installTime, let window, let user, let conversion):
      guard let tiers = decisions[ConversionKey(ordinal: envelope.ordinal, installTime: installTime, conversion: conversion)]
      else {
        orphans += 1
        return
      }
      // Postbacks 2 and 3 are not sent at tier 0 (§6): counted when the window closes.
      guard tiers.winner.tier == 0 else { return }
      summary.windowsWithoutPostback += 1
      if wantsTrace {
        downstream.receive(
          TraceRecord(
            time: envelope.at, user: user, level: .note, rule: "§6", message: "tier 0: no postback for window \(window + 1)"))
      }
    case .postback(let draft):
      let key = ConversionKey(ordinal: envelope.ordinal, installTime: draft.installTime, conversion: draft.conversion)
      guard let tiers = decisions[key] else {
        orphans += 1
        return
      }
      send(draft, tiers: tiers, at: envelope.at)
    case .conversion(var record):
      let key = ConversionKey(
        ordinal: envelope.ordinal, installTime: record.truth.installTime, conversion: record.truth.conversion)
      guard let tiers = decisions.removeValue(forKey: key) else {
        orphans += 1
        return
      }
      record.tiers = tiers
      downstream.receive(record)
    case .trace(let trace):
      downstream.receive(trace)
    case .adServices(let exchange):
      downstream.receive(exchange)
    case .sdk(let record):
      downstream.receive(record)
    }
  }

  /// The signed body of a postback with what its tier allows, in its winning impression's
  /// framework (§3.6): an SKAdNetwork body with `attribution-signature`, or an AdAttributionKit
  /// body with `jws-string`.
  private func postbackBody(_ draft: PostbackDraft, tier: TierDecision) -> (JSONValue, SKAdNetworkPostback.ValueContent) {
    let network = scenario.adNetworks[draft.network]
    let sourceIdentifier = network.campaigns[draft.campaign].sourceIdentifier
    let source = scenario.publishers[draft.publisher].source
    if network.framework == .adAttributionKit, let adAttributionKitSigner {
      // AdAttributionKit publishers are apps; the reader refuses websites.
      guard case .app(let publisherItem) = source else { preconditionFailure("AdAttributionKit ads are shown in apps") }
      let postback = AdAttributionKitPostback(
        AdAttributionKitPostback.Facts(
          networkIdentifier: network.identifier, sourceIdentifier: sourceIdentifier, appId: scenario.app.appId,
          publisherItemId: publisherItem, postbackIdentifier: draft.transactionId, conversionType: draft.conversionType,
          interaction: draft.fidelityType == 1 ? .click : .view, didWin: draft.runnerUpRank == nil,
          sequenceIndex: draft.window, tier: tier, fine: draft.fine, coarse: draft.coarse, country: draft.country,
          marketplace: scenario.app.marketplace, rules: scenario.rules))
      return (adAttributionKitSigner.body(for: postback), postback.content)
    }
    let postback = SKAdNetworkPostback(
      SKAdNetworkPostback.Facts(
        version: scenario.platform.version, networkIdentifier: network.identifier, sourceIdentifier: sourceIdentifier,
        appId: scenario.app.appId, transactionId: draft.transactionId, redownload: draft.redownload, source: source,
        fidelityType: draft.fidelityType, didWin: draft.runnerUpRank == nil, sequenceIndex: draft.window, tier: tier,
        fine: draft.fine, coarse: draft.coarse, country: draft.country, rules: scenario.rules))
    return (signer.signed(postback.payload), postback.content)
  }

  /// Builds, signs and sends a postback with what its tier allows; postbacks 2 and 3 of a tier-0
  /// conversion are withheld (§6).
  private mutating func send(_ draft: PostbackDraft, tiers: ConversionTiers, at time: SimTime) {
    guard draft.runnerUpRank.map({ tiers.runnerUps.indices.contains($0) }) ?? true else {
      orphans += 1
      return
    }
    let tier = draft.runnerUpRank.map { tiers.runnerUps[$0] } ?? tiers.winner
    // Withheld at tier 0, and counted when its window closed.
    if draft.window > 0, tier.tier == 0 { return }
    let network = scenario.adNetworks[draft.network]
    let (body, content) = postbackBody(draft, tier: tier)
    var record = PostbackRecord(
      time: time, recipient: .adNetwork, payload: body, user: draft.user, content: content,
      sequenceIndex: draft.window, didWin: draft.runnerUpRank == nil, preparedAt: draft.preparedAt,
      network: draft.network, campaign: draft.campaign)
    downstream.receive(record)
    guard draft.runnerUpRank == nil else {
      summary.nonWinningPostbacks += 1
      return
    }
    summary.postbacks[draft.window][content == .fine ? 0 : content == .coarse ? 1 : 2] += 1
    if draft.window == 0, scenario.platform.version.hasConversionWindows {
      summary.sourceIdentifierDigits[tier.sourceIdentifierDigits - 2] += 1
    }
    if draft.conversionType == .reengagement { summary.reengagementPostbacks += 1 }
    // Developers get copies of winning postbacks only (§7.6); AdAttributionKit's go to the
    // app's `AttributionCopyEndpoint`, re-engagements' only when the app opts in (§3.5).
    let copied: Bool
    switch network.framework {
    case .skAdNetwork: copied = sendsDeveloperCopies
    case .adAttributionKit:
      copied = scenario.app.attributionCopyEndpoint != nil
        && (draft.conversionType != .reengagement || scenario.app.reengagementPostbackCopies)
    }
    if copied {
      record.recipient = .developer
      summary.developerCopies += 1
      downstream.receive(record)
    }
  }
}
