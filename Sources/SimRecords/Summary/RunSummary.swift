import SimJSON
import SimPlatform

/// Counts of what happened in a run: the content of `summary.json`.
public struct RunSummary: Sendable, Equatable {
  /// Users simulated.
  public var users = 0
  /// Impressions recorded (views still on screen included), by kind.
  public var views = 0, clicks = 0
  /// Recorded impressions and clicks per campaign, and the days they happened on: what spend is billed on.
  public var campaignDelivery = CampaignDelivery()
  /// Views not recorded because they were on screen less than the minimum (2 s, or 3 s before iOS 15.4).
  public var viewsTooShort = 0
  /// Open views replaced by a later view start before they ended.
  public var viewsReplaced = 0
  /// Impressions from publishers that do not list the network (not eligible).
  public var impressionsIneligible = 0
  /// What the receivers made of the postbacks; nil when the run skipped receiving.
  public var received: ReceiptCounts?
  /// Decoded against true values per campaign and window; nil when not decoded.
  public var decoding: DecodingReport?
  /// Impressions the device ignored because their signature failed (§7.3).
  public var impressionsBadSignature = 0
  /// Installs, those with a winning impression, and redownloads.
  public var installs = 0, attributedInstalls = 0, redownloads = 0
  /// First launches and all app opens.
  public var firstLaunches = 0, sessions = 0
  /// Conversions dropped because the app was not launched within 60 days of install.
  public var noLaunchWithin60Days = 0
  /// Conversion-value API calls, and how the platform treated them.
  public var updateCalls = 0, updatesApplied = 0
  /// Calls ignored: out-of-range fine value, window locked, after the last window.
  public var updatesRejectedOutOfRange = 0, updatesIgnoredLocked = 0, updatesAfterLastWindow = 0
  /// Fine values sent after window 1, which the platform ignores.
  public var fineValuesIgnoredAfterFirstWindow = 0
  /// Before 4.0: calls whose fine value was not greater (ignored), and calls with a coarse value
  /// or lock (parts ignored).
  public var updatesNotIncreasing = 0, coarseOrLockIgnored = 0
  /// Calls through the old single-value API; those that replaced a fine value set through the
  /// current API; those made after window 1 on 4.0 ads (ignored).
  public var legacyUpdateCalls = 0, legacyOverrides = 0, legacyIgnoredAfterFirstWindow = 0
  /// Conversions by tier (index = tier).
  public var conversionsByTier = [0, 0, 0, 0]
  /// Winning postbacks to ad networks by sequence index, split by content: [index][fine, coarse, none].
  public var postbacks = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
  /// Winning first postbacks (4.0) by source-identifier digits: [2 digits, 3, 4].
  public var sourceIdentifierDigits = [0, 0, 0]
  /// Non-winning postbacks (3.0+).
  public var nonWinningPostbacks = 0
  /// Windows that closed without a postback (tier 0, or no update in windows 2–3).
  public var windowsWithoutPostback = 0
  /// Developer copies of winning postbacks.
  public var developerCopies = 0
  /// Events the engine processed.
  public var eventsProcessed = 0
  /// Whether the scenario uses AdAttributionKit: `summary.json` then has its `adAttributionKit` object.
  public var adAttributionKit = false
  /// AdAttributionKit custom clicks whose `AppImpression` had expired (§2.4).
  public var impressionsExpired = 0
  /// Taps on an installed app's ads, and the re-engagement conversions they created (§3.5).
  public var reengagementTaps = 0, reengagementConversions = 0
  /// Re-engagement taps that created no conversion: impression not eligible, cooldowns (§2.5),
  /// monthly and yearly limits.
  public var reengagementNotEligible = 0, refusedInstallCooldown = 0, refusedReengagementCooldown = 0
  public var refusedMonthlyLimit = 0, refusedYearlyLimit = 0
  /// Re-engagement conversions without a first update within 2 days, which send nothing.
  public var reengagementsWithoutUpdate = 0
  /// Conversions a newer one locked and scheduled, and the later windows they lost (§3.5).
  public var conversionsSuperseded = 0, windowsSuperseded = 0
  /// Updates whose tag or conversion types matched no active conversion.
  public var updatesUnrouted = 0
  /// Winning postbacks of re-engagement conversions to ad networks (developer copies aside).
  public var reengagementPostbacks = 0
  /// Whether the scenario runs Apple Ads: `summary.json` then has its `appleAds` object.
  public var hasAppleAds = false
  /// Apple Ads interactions, AdServices calls and records, and installs claimed per channel (§8).
  public var appleAds = AppleAdsCounts()
  /// Whether the app has a client SDK: `summary.json` then has its `sdk` object.
  public var hasSDK = false
  /// What the client SDK did, and where its belief differed from the platform (issue 9).
  public var sdk = SDKCounts()
  /// Drafts about conversions whose install no shard drafted; a merge refuses such shards.
  package var orphanDrafts = 0

  /// The `summary.json` object.
  public func json(scenario: String, seed: UInt64) -> JSONValue {
    func byContent(_ counts: [Int]) -> JSONValue {
      .object([
        "fine": .int(Int64(counts[0])), "coarse": .int(Int64(counts[1])), "none": .int(Int64(counts[2])),
        "total": .int(Int64(counts.reduce(0, +))),
      ])
    }
    let winning = postbacks.map { $0.reduce(0, +) }.reduce(0, +)
    let contentTotals = (0..<3).map { kind in postbacks.reduce(0) { $0 + $1[kind] } }
    // Totals derived from the counters, the per-index tables and what is not a count.
    var object: [String: JSONValue] = [
      "scenario": .string(scenario),
      "seed": .int(Int64(bitPattern: seed)),
      "impressions": .object(["total": .int(Int64(views + clicks))]),
      "installs": .object(["unattributed": .int(Int64(installs - attributedInstalls))]),
      "conversionsByTier": .object(
        Dictionary(uniqueKeysWithValues: conversionsByTier.enumerated().map { ("\($0.offset)", .int(Int64($0.element))) })),
      "postbacks": .object([
        "total": .int(Int64(winning + nonWinningPostbacks)),
        "winning": .int(Int64(winning)),
        "bySequenceIndex": .object(
          Dictionary(uniqueKeysWithValues: postbacks.enumerated().map { ("\($0.offset)", byContent($0.element)) })),
        "byContent": byContent(contentTotals),
        "sourceIdentifierDigits": .object(
          Dictionary(uniqueKeysWithValues: sourceIdentifierDigits.enumerated().map { ("\($0.offset + 2)", .int(Int64($0.element))) })),
      ]),
      // Ad networks' and developer copies together, each deduplicated per recipient.
      "received": received?.json ?? .null,
      "decoding": decoding?.json ?? .null,
    ]
    if adAttributionKit { object["adAttributionKit"] = .object([:]) }
    for counter in Self.counters {
      let path = counter.json.split(separator: ".").map(String.init)
      // The `adAttributionKit` object exists only for scenarios that use it.
      if path.first == "adAttributionKit" && !adAttributionKit { continue }
      Self.insert(.int(Int64(self[keyPath: counter.path])), at: path[...], into: &object)
    }
    if hasAppleAds { object["appleAds"] = appleAds.json }
    if hasSDK { object["sdk"] = sdk.json }
    return .object(object)
  }

  /// Sets `value` at `path` (keys from the outside in) in `object`, making the objects on the way.
  private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout [String: JSONValue]) {
    guard let key = path.first else { return }
    if path.count == 1 {
      object[key] = value
      return
    }
    var inner: [String: JSONValue] = [:]
    if case .object(let existing)? = object[key] { inner = existing }
    insert(value, at: path.dropFirst(), into: &inner)
    object[key] = .object(inner)
  }

  /// Every plain counter once: its name in shard files, its place in `summary.json` (dotted, from
  /// the top) and where it is kept. The JSON, the shard files and the merge all read this table.
  package static var counters: [(name: String, json: String, path: WritableKeyPath<RunSummary, Int>)] {
    [
      ("users", "users", \.users),
      ("views", "impressions.views", \.views),
      ("clicks", "impressions.clicks", \.clicks),
      ("viewsTooShort", "impressions.viewsTooShort", \.viewsTooShort),
      ("viewsReplaced", "impressions.viewsReplaced", \.viewsReplaced),
      ("impressionsIneligible", "impressions.ineligible", \.impressionsIneligible),
      ("impressionsBadSignature", "impressions.badSignature", \.impressionsBadSignature),
      ("installs", "installs.total", \.installs),
      ("attributedInstalls", "installs.attributed", \.attributedInstalls),
      ("redownloads", "installs.redownloads", \.redownloads),
      ("noLaunchWithin60Days", "installs.noLaunchWithin60Days", \.noLaunchWithin60Days),
      ("firstLaunches", "launches.first", \.firstLaunches),
      ("sessions", "launches.sessions", \.sessions),
      ("updateCalls", "conversionValueUpdates.calls", \.updateCalls),
      ("updatesApplied", "conversionValueUpdates.applied", \.updatesApplied),
      ("updatesRejectedOutOfRange", "conversionValueUpdates.rejectedOutOfRange", \.updatesRejectedOutOfRange),
      ("updatesIgnoredLocked", "conversionValueUpdates.ignoredWindowLocked", \.updatesIgnoredLocked),
      ("updatesAfterLastWindow", "conversionValueUpdates.ignoredAfterLastWindow", \.updatesAfterLastWindow),
      ("fineValuesIgnoredAfterFirstWindow", "conversionValueUpdates.fineIgnoredAfterFirstWindow",
       \.fineValuesIgnoredAfterFirstWindow),
      ("updatesNotIncreasing", "conversionValueUpdates.ignoredNotIncreasing", \.updatesNotIncreasing),
      ("coarseOrLockIgnored", "conversionValueUpdates.coarseOrLockIgnored", \.coarseOrLockIgnored),
      ("legacyUpdateCalls", "conversionValueUpdates.legacyApi.calls", \.legacyUpdateCalls),
      ("legacyOverrides", "conversionValueUpdates.legacyApi.overrides", \.legacyOverrides),
      ("legacyIgnoredAfterFirstWindow", "conversionValueUpdates.legacyApi.ignoredAfterFirstWindow",
       \.legacyIgnoredAfterFirstWindow),
      ("nonWinningPostbacks", "postbacks.nonWinning", \.nonWinningPostbacks),
      ("windowsWithoutPostback", "postbacks.windowsWithoutPostback", \.windowsWithoutPostback),
      ("developerCopies", "postbacks.developerCopies", \.developerCopies),
      ("eventsProcessed", "eventsProcessed", \.eventsProcessed),
      ("impressionsExpired", "adAttributionKit.impressionsExpired", \.impressionsExpired),
      ("reengagementTaps", "adAttributionKit.reengagement.taps", \.reengagementTaps),
      ("reengagementConversions", "adAttributionKit.reengagement.conversions", \.reengagementConversions),
      ("reengagementNotEligible", "adAttributionKit.reengagement.notEligible", \.reengagementNotEligible),
      ("refusedInstallCooldown", "adAttributionKit.reengagement.refused.installCooldown", \.refusedInstallCooldown),
      ("refusedReengagementCooldown", "adAttributionKit.reengagement.refused.reengagementCooldown",
       \.refusedReengagementCooldown),
      ("refusedMonthlyLimit", "adAttributionKit.reengagement.refused.monthlyLimit", \.refusedMonthlyLimit),
      ("refusedYearlyLimit", "adAttributionKit.reengagement.refused.yearlyLimit", \.refusedYearlyLimit),
      ("reengagementsWithoutUpdate", "adAttributionKit.reengagement.withoutUpdateWithin2Days",
       \.reengagementsWithoutUpdate),
      ("reengagementPostbacks", "adAttributionKit.reengagement.winningPostbacks", \.reengagementPostbacks),
      ("conversionsSuperseded", "adAttributionKit.superseded.conversions", \.conversionsSuperseded),
      ("windowsSuperseded", "adAttributionKit.superseded.windows", \.windowsSuperseded),
      ("updatesUnrouted", "adAttributionKit.updatesUnrouted", \.updatesUnrouted),
    ]
  }

  /// The plain counts, by name: what shards write and merging adds up.
  package static var counts: [(name: String, path: WritableKeyPath<RunSummary, Int>)] {
    let base: WritableKeyPath<RunSummary, AppleAdsCounts> = \.appleAds
    let appleAds = AppleAdsCounts.counts.map { (name: "appleAds.\($0.name)", path: base.appending(path: $0.path)) }
    let sdkBase: WritableKeyPath<RunSummary, SDKCounts> = \.sdk
    let sdk = SDKCounts.counts.map { (name: "sdk.\($0.name)", path: sdkBase.appending(path: $0.path)) }
    return counters.map { (name: $0.name, path: $0.path) } + appleAds + sdk
  }

  /// Adds `other`'s counts to these (its receiving and decoding are not counts and are left out).
  package mutating func add(_ other: RunSummary) {
    for (_, path) in Self.counts { self[keyPath: path] += other[keyPath: path] }
    adAttributionKit = adAttributionKit || other.adAttributionKit
    hasAppleAds = hasAppleAds || other.hasAppleAds
    hasSDK = hasSDK || other.hasSDK
    for tier in conversionsByTier.indices { conversionsByTier[tier] += other.conversionsByTier[tier] }
    for window in postbacks.indices {
      for kind in postbacks[window].indices { postbacks[window][kind] += other.postbacks[window][kind] }
    }
    for digits in sourceIdentifierDigits.indices { sourceIdentifierDigits[digits] += other.sourceIdentifierDigits[digits] }
    campaignDelivery.add(other.campaignDelivery)
  }

  /// Each stored property as given; other targets of the package build it too.
  package init() {
  }
}
