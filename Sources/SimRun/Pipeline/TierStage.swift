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
  /// Builds and signs postbacks once their tier is decided.
  private let maker: PostbackMaker
  package private(set) var downstream: Downstream
  /// The counts that depend on tiers: by tier, postbacks by content, windows withheld, copies.
  package private(set) var summary = RunSummary()
  /// Drafts about a conversion whose install never came: only corrupted shard files have them.
  package private(set) var orphans = 0
  /// Decisions for conversions whose record has not passed yet.
  private var decisions: [ConversionKey: ConversionTiers] = [:]
  private var batch: [DraftEnvelope] = []
  /// Phase 2 of the two-phase tier stage: every shard's installs, summed, counted into the crowds
  /// instead of this stage's own; nil when the stage sees every shard's drafts.
  package var crowdFeed: CrowdFeed?
  /// Told which draft the outputs passed on next come from, for a downstream that writes them
  /// with their place in the run (phase 2's `final.jsonl`).
  package var position: DraftPosition?
  /// When set, tier-decided postbacks go here instead of being built and signed on this
  /// thread: a pipelined run (``OutputPipeline``) builds them elsewhere and puts them back in
  /// their place among the outputs passed downstream, and counts them.
  package var postbackOutlet: ((PostbackJob) -> Void)?

  /// A stage deciding with `policy` and signing with the run's Apple key.
  package init(scenario: Scenario, policy: any TierPolicy, keys: SimulatedKeys, downstream: Downstream) {
    self.scenario = scenario
    self.policy = policy
    maker = PostbackMaker(scenario: scenario, keys: keys)
    summary.adAttributionKit = scenario.usesAdAttributionKit
    summary.hasAppleAds = scenario.appleAds != nil
    summary.hasSDK = scenario.app.sdk != nil
    self.downstream = downstream
  }

  package var wantsTrace: Bool { downstream.wantsTrace }
  package var wantsEventLog: Bool { downstream.wantsEventLog }

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
    if crowdFeed != nil {
      crowdFeed!.advance(through: ordered[0].at, into: &policy)
    } else {
      for envelope in ordered {
        if case .install(let install) = envelope.draft { policy.record(install.winner) }
      }
    }
    for envelope in ordered {
      position?.at = envelope.at
      position?.ordinal = envelope.ordinal
      process(envelope)
    }
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
      // A withheld postback (§6) is counted when its window closes.
      guard !TierAllowance.sends(sequenceIndex: window, tier: tiers.winner) else { return }
      summary.windowsWithoutPostback += 1
      if wantsTrace {
        let note = RuleNote.tierZeroWithholds(window: window)
        downstream.receive(TraceRecord(time: envelope.at, user: user, level: .note, rule: note.rule, message: note.message))
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
      if record.truth.isInstall {
        summary.countInstallWindows(record.truth.fates) { !TierAllowance.sends(sequenceIndex: $0, tier: tiers.winner) }
      }
      downstream.receive(record)
    case .trace(let trace):
      downstream.receive(trace)
    case .adServices(let exchange):
      downstream.receive(exchange)
    case .sdk(let record):
      downstream.receive(record)
    case .inApp(let event):
      downstream.receive(event)
    }
  }

  /// Builds, signs and sends a postback with what its tier allows, unless its tier withholds it
  /// (``TierAllowance/sends(sequenceIndex:tier:)``).
  private mutating func send(_ draft: PostbackDraft, tiers: ConversionTiers, at time: SimTime) {
    guard draft.runnerUpRank.map({ tiers.runnerUps.indices.contains($0) }) ?? true else {
      orphans += 1
      return
    }
    let tier = draft.runnerUpRank.map { tiers.runnerUps[$0] } ?? tiers.winner
    // Counted when its window closed.
    guard TierAllowance.sends(sequenceIndex: draft.window, tier: tier) else { return }
    let job = PostbackJob(draft: draft, tier: tier, time: time)
    if let postbackOutlet { return postbackOutlet(job) }
    let made = maker.make(job, counting: &summary)
    downstream.receive(made.postback)
    if let copy = made.developerCopy { downstream.receive(copy) }
  }
}
