import SimJSON
import SimPlatform

/// Counts of what happened in a run: the content of `summary.json`.
public struct RunSummary: Sendable, Equatable, CounterGroup {
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
  public var decoding: DecodedTable?
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
  /// Winning postbacks 2 and 3 per winning postback 1, over both windows (1: every install
  /// with a first postback sent both; networks' bidding reads them as signal); nil without
  /// postbacks 1. Before 4.0 there are none and it is 0.
  public var postbacksKeptShare: Double? {
    let sent = postbacks.map { $0.reduce(0, +) }
    return sent[0] > 0 ? Double(sent[1] + sent[2]) / Double(2 * sent[0]) : nil
  }
  /// Winning first postbacks (4.0) by source-identifier digits: [2 digits, 3, 4].
  public var sourceIdentifierDigits = [0, 0, 0]
  /// Non-winning postbacks (3.0+).
  public var nonWinningPostbacks = 0
  /// Windows that closed without a postback (tier 0, or no update in windows 2–3).
  public var windowsWithoutPostback = 0
  /// Developer copies of winning postbacks.
  public var developerCopies = 0
  /// Winning postbacks of install conversions (re-engagements aside), by window.
  public var installPostbacks1 = 0, installPostbacks2 = 0, installPostbacks3 = 0
  /// The windows of attributed installs that sent no postback, by cause: tier 0 withheld it
  /// (§6), no update in the window (§5.2), the horizon came first, the conversion had one window
  /// (a framework before 4.0), the app was never launched in time (§2.2), a newer conversion replaced it
  /// (§3.5). With the postbacks sent they add up to 3 per attributed install.
  public var installWindowsTierZero = 0, installWindowsNoUpdate = 0, installWindowsPastHorizon = 0
  public var installWindowsSingleWindowAd = 0, installWindowsNotLaunched = 0, installWindowsSuperseded = 0
  /// Winning install postbacks per attributed install (at most 3), and per window; nil without
  /// attributed installs.
  public var postbacksPerInstall: (total: Double, byWindow: [Double])? {
    guard attributedInstalls > 0 else { return nil }
    let sent = [installPostbacks1, installPostbacks2, installPostbacks3].map { Double($0) / Double(attributedInstalls) }
    return (sent.reduce(0, +), sent)
  }
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

  /// The plain counts outside the tier stage's arrays and the Apple Ads and SDK groups: each
  /// declared above, named and placed in `summary.json` here once.
  public static var counters: [Counter<RunSummary>] { [
    Counter("users", json: "users", at: \.users),
    Counter("views", json: "impressions", "views", at: \.views),
    Counter("clicks", json: "impressions", "clicks", at: \.clicks),
    Counter("viewsTooShort", json: "impressions", "viewsTooShort", at: \.viewsTooShort),
    Counter("viewsReplaced", json: "impressions", "viewsReplaced", at: \.viewsReplaced),
    Counter("impressionsIneligible", json: "impressions", "ineligible", at: \.impressionsIneligible),
    Counter("impressionsBadSignature", json: "impressions", "badSignature", at: \.impressionsBadSignature),
    Counter("installs", json: "installs", "total", at: \.installs),
    Counter("attributedInstalls", json: "installs", "attributed", at: \.attributedInstalls),
    Counter("redownloads", json: "installs", "redownloads", at: \.redownloads),
    Counter("noLaunchWithin60Days", json: "installs", "noLaunchWithin60Days", at: \.noLaunchWithin60Days),
    Counter("firstLaunches", json: "launches", "first", at: \.firstLaunches),
    Counter("sessions", json: "launches", "sessions", at: \.sessions),
    Counter("updateCalls", json: "conversionValueUpdates", "calls", at: \.updateCalls),
    Counter("updatesApplied", json: "conversionValueUpdates", "applied", at: \.updatesApplied),
    Counter("updatesRejectedOutOfRange", json: "conversionValueUpdates", "rejectedOutOfRange", at: \.updatesRejectedOutOfRange),
    Counter("updatesIgnoredLocked", json: "conversionValueUpdates", "ignoredWindowLocked", at: \.updatesIgnoredLocked),
    Counter("updatesAfterLastWindow", json: "conversionValueUpdates", "ignoredAfterLastWindow", at: \.updatesAfterLastWindow),
    Counter(
      "fineValuesIgnoredAfterFirstWindow", json: "conversionValueUpdates", "fineIgnoredAfterFirstWindow",
      at: \.fineValuesIgnoredAfterFirstWindow),
    Counter("updatesNotIncreasing", json: "conversionValueUpdates", "ignoredNotIncreasing", at: \.updatesNotIncreasing),
    Counter("coarseOrLockIgnored", json: "conversionValueUpdates", "coarseOrLockIgnored", at: \.coarseOrLockIgnored),
    Counter("legacyUpdateCalls", json: "conversionValueUpdates", "legacyApi", "calls", at: \.legacyUpdateCalls),
    Counter("legacyOverrides", json: "conversionValueUpdates", "legacyApi", "overrides", at: \.legacyOverrides),
    Counter(
      "legacyIgnoredAfterFirstWindow", json: "conversionValueUpdates", "legacyApi", "ignoredAfterFirstWindow",
      at: \.legacyIgnoredAfterFirstWindow),
    Counter("nonWinningPostbacks", json: "postbacks", "nonWinning", at: \.nonWinningPostbacks),
    Counter("windowsWithoutPostback", json: "postbacks", "windowsWithoutPostback", at: \.windowsWithoutPostback),
    Counter("developerCopies", json: "postbacks", "developerCopies", at: \.developerCopies),
    Counter("installPostbacks1", json: "postbacksPerInstall", "sent", "1", at: \.installPostbacks1),
    Counter("installPostbacks2", json: "postbacksPerInstall", "sent", "2", at: \.installPostbacks2),
    Counter("installPostbacks3", json: "postbacksPerInstall", "sent", "3", at: \.installPostbacks3),
    Counter("installWindowsTierZero", json: "postbacksPerInstall", "missing", "tierZero", at: \.installWindowsTierZero),
    Counter("installWindowsNoUpdate", json: "postbacksPerInstall", "missing", "noUpdateInWindow", at: \.installWindowsNoUpdate),
    Counter(
      "installWindowsPastHorizon", json: "postbacksPerInstall", "missing", "pastHorizon", at: \.installWindowsPastHorizon),
    Counter(
      "installWindowsSingleWindowAd", json: "postbacksPerInstall", "missing", "singleWindowAd",
      at: \.installWindowsSingleWindowAd),
    Counter(
      "installWindowsNotLaunched", json: "postbacksPerInstall", "missing", "notLaunched", at: \.installWindowsNotLaunched),
    Counter(
      "installWindowsSuperseded", json: "postbacksPerInstall", "missing", "superseded", at: \.installWindowsSuperseded),
    Counter("eventsProcessed", json: "eventsProcessed", at: \.eventsProcessed),
    // The `adAttributionKit` object's, shown only when the scenario uses AdAttributionKit.
    Counter("impressionsExpired", json: "adAttributionKit", "impressionsExpired", at: \.impressionsExpired),
    Counter("reengagementTaps", json: "adAttributionKit", "reengagement", "taps", at: \.reengagementTaps),
    Counter("reengagementConversions", json: "adAttributionKit", "reengagement", "conversions", at: \.reengagementConversions),
    Counter("reengagementNotEligible", json: "adAttributionKit", "reengagement", "notEligible", at: \.reengagementNotEligible),
    Counter(
      "refusedInstallCooldown", json: "adAttributionKit", "reengagement", "refused", "installCooldown",
      at: \.refusedInstallCooldown),
    Counter(
      "refusedReengagementCooldown", json: "adAttributionKit", "reengagement", "refused", "reengagementCooldown",
      at: \.refusedReengagementCooldown),
    Counter("refusedMonthlyLimit", json: "adAttributionKit", "reengagement", "refused", "monthlyLimit", at: \.refusedMonthlyLimit),
    Counter("refusedYearlyLimit", json: "adAttributionKit", "reengagement", "refused", "yearlyLimit", at: \.refusedYearlyLimit),
    Counter(
      "reengagementsWithoutUpdate", json: "adAttributionKit", "reengagement", "withoutUpdateWithin2Days",
      at: \.reengagementsWithoutUpdate),
    Counter(
      "reengagementPostbacks", json: "adAttributionKit", "reengagement", "winningPostbacks", at: \.reengagementPostbacks),
    Counter("conversionsSuperseded", json: "adAttributionKit", "superseded", "conversions", at: \.conversionsSuperseded),
    Counter("windowsSuperseded", json: "adAttributionKit", "superseded", "windows", at: \.windowsSuperseded),
    Counter("updatesUnrouted", json: "adAttributionKit", "updatesUnrouted", at: \.updatesUnrouted),
  ] }

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
    var object = countersJSON
    // The `adAttributionKit` object is shown only when the scenario uses AdAttributionKit.
    if !adAttributionKit, case .object(var members) = object {
      members["adAttributionKit"] = nil
      object = .object(members)
    }
    let derived: [(path: [String], value: JSONValue)] = [
      (["scenario"], .string(scenario)), (["seed"], .int(Int64(bitPattern: seed))),
      (["impressions", "total"], .int(Int64(views + clicks))),
      (["installs", "unattributed"], .int(Int64(installs - attributedInstalls))),
      (
        ["conversionsByTier"],
        .object(Dictionary(uniqueKeysWithValues: conversionsByTier.enumerated().map { ("\($0.offset)", .int(Int64($0.element))) }))
      ),
      (["postbacks", "total"], .int(Int64(winning + nonWinningPostbacks))), (["postbacks", "winning"], .int(Int64(winning))),
      (
        ["postbacks", "bySequenceIndex"],
        .object(Dictionary(uniqueKeysWithValues: postbacks.enumerated().map { ("\($0.offset)", byContent($0.element)) }))
      ),
      (["postbacks", "byContent"], byContent(contentTotals)),
      (["postbacksPerInstall", "attributedInstalls"], .int(Int64(attributedInstalls))),
      (["postbacksPerInstall", "perInstall"], postbacksPerInstall.map { .double(CSVField.rounded($0.total)) } ?? .null),
      (
        ["postbacksPerInstall", "byWindow"],
        postbacksPerInstall.map { figures in
          .object(Dictionary(uniqueKeysWithValues: figures.byWindow.enumerated().map { ("\($0.offset + 1)", .double(CSVField.rounded($0.element))) }))
        } ?? .null
      ),
      (
        ["postbacks", "sourceIdentifierDigits"],
        .object(
          Dictionary(uniqueKeysWithValues: sourceIdentifierDigits.enumerated().map { ("\($0.offset + 2)", .int(Int64($0.element))) }))
      ),
      // Ad networks' and developer copies together, each deduplicated per recipient.
      (["received"], received?.json ?? .null), (["decoding"], decoding?.json ?? .null),
    ]
    for (path, value) in derived { object.insert(value, at: path[...]) }
    if hasAppleAds { object.insert(appleAds.json, at: ["appleAds"]) }
    if hasSDK { object.insert(sdk.json, at: ["sdk"]) }
    return object
  }

  /// Counts an install conversion's three possible postbacks: sent, or the cause of each
  /// missing one; `withheld(window)` says whether its tier withholds that window's postback.
  package mutating func countInstallWindows(_ fates: [WindowFate], withheld: (Int) -> Bool) {
    for window in 0..<3 {
      guard fates.indices.contains(window) else {
        installWindowsSingleWindowAd += 1
        continue
      }
      switch fates[window] {
      // A withheld window counts as such whenever it closed, as `windowsWithoutPostback` does.
      case .sent where withheld(window), .duePastHorizon where withheld(window): installWindowsTierZero += 1
      case .sent:
        switch window {
        case 0: installPostbacks1 += 1
        case 1: installPostbacks2 += 1
        default: installPostbacks3 += 1
        }
      case .noUpdate: installWindowsNoUpdate += 1
      case .pastHorizon, .duePastHorizon: installWindowsPastHorizon += 1
      case .superseded: installWindowsSuperseded += 1
      case .notLaunched: installWindowsNotLaunched += 1
      }
    }
  }

  /// The plain counts, by name: what shards write and merging adds up.
  package static var counts: [Counter<RunSummary>] {
    counters + AppleAdsCounts.counters.map { $0.lifted(to: \.appleAds, prefix: "appleAds.") }
      + SDKCounts.counters.map { $0.lifted(to: \.sdk, prefix: "sdk.") }
  }

  /// Adds `other`'s counts to these (its receiving and decoding are not counts and are left out).
  package mutating func add(_ other: RunSummary) {
    addCounters(other)
    appleAds.addCounters(other.appleAds)
    sdk.addCounters(other.sdk)
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
