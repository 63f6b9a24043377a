@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import SimJSON
import Testing

/// Apple Ads attribution through AdServices (rulebook §8) with scripted users whose records and
/// calls are worked out by hand: lookbacks, taps over views, payload shapes, the token's life and
/// the server's retries, and installs claimed by both channels.
@Suite("AdServices rules")
struct AdServicesRuleTests {
  private func at(_ text: String) throws -> SimTime { SimTime.zero + (try DurationNotation.parse(text)) }

  /// A user who installs at `install` and launches five minutes later, after `steps`.
  private func user(
    _ name: String, _ steps: String, install: String, installExtra: String = "", extra: String = ""
  ) -> String {
    """
    { name: "\(name)"\(extra), timeline: [
      \(steps)
      { at: "\(install)", action: "install"\(installExtra) }, { at: "\(install)5m", action: "launch" },
    ] }
    """
  }

  /// The record of the user's last call, which must be a 200.
  private func record(_ calls: [AdServicesExchange], of user: String) throws -> [String: JSONValue] {
    let call = try #require(calls.last { $0.user == user })
    #expect(call.status == 200)
    return try #require(call.record?.objectValue)
  }

  /// Apple's Developer Mode test payload, from the fixture copied from Apple's documentation.
  private static func appleDeveloperModePayload() throws -> [String: JSONValue] {
    let path = TestPaths.fixtures + "/adservices/apple-doc-developer-mode-test-payload.json"
    let node = try JSONParser.parse(String(contentsOfFile: path, encoding: .utf8))
    return try #require(JSONValue(node).objectValue)
  }

  /// The record of a tap on the `search` campaign's ad through "puzzle game", standard payload.
  private let searchTap: [String: JSONValue] = [
    "attribution": true, "orgId": 40669820, "campaignId": 542370539, "conversionType": "Download",
    "claimType": "Click", "adGroupId": 542317095, "countryOrRegion": "US", "keywordId": 87675432,
    "adId": 542317136, "supplyPlacement": "APPSTORE_SEARCH_RESULTS",
  ]

  @Test("§8: a tap up to 30 days before the download is claimed; one later is not")
  func tapLookbackIsThirtyDays() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let users = [user("in", tap, install: "30d"), user("out", tap, install: "30d1h")].joined(separator: ",")
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: users))
    #expect(try record(run.calls, of: "in") == searchTap)
    #expect(try record(run.calls, of: "out") == ["attribution": false])
    // One call each, at 1 s after the first launch: the record is ready at once.
    let first = try #require(run.calls.first { $0.user == "in" })
    #expect(first.time == (try at("30d5m1s")))
    #expect((first.attempt, first.next, first.reason) == (1, .done, nil))
    #expect(run.summary.appleAds.downloadsClaimed == 1)
    #expect(run.summary.appleAds.downloadsNotClaimed == 1)
    #expect((run.summary.appleAds.records, run.summary.appleAds.recordsAttributed) == (2, 1))
  }

  @Test("§8: only interactions before the download count: a tap after the install is neither a claim nor a network click")
  func tapsAfterTheInstallDoNotCount() throws {
    let user = """
      { name: "late", timeline: [
        { at: "1h", action: "install" }, { at: "1h1m", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },
        { at: "1h5m", action: "launch" },
      ] }
      """
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: user, linked: true))
    #expect(try record(run.calls, of: "late") == ["attribution": false])
    #expect((run.summary.appleAds.taps, run.summary.appleAds.networkClicks) == (1, 0))
    #expect(run.postbacks.isEmpty)
  }

  @Test("§8: a view up to 24 hours before the download is claimed as an Impression; search match has no keywordId")
  func viewLookbackIsOneDay() throws {
    let view = #"{ at: "0h", action: "appleAdsView", campaign: "search" },"#
    let users = [user("in", view, install: "24h"), user("out", view, install: "25h")].joined(separator: ",")
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: users))
    var expected = searchTap
    expected["claimType"] = "Impression"
    expected["keywordId"] = nil
    #expect(try record(run.calls, of: "in") == expected)
    #expect(try record(run.calls, of: "out") == ["attribution": false])
    #expect(run.summary.appleAds.recordsImpression == 1)
  }

  @Test("§8: taps are preferred over a later view; Today tab ads have no keyword, an ad group without ads no adId")
  func tapBeatsLaterView() throws {
    let steps = """
      { at: "0h", action: "appleAdsTap", campaign: "today" },
      { at: "10d", action: "appleAdsView", campaign: "search", keyword: "brain teaser" },
      """
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: user("u", steps, install: "10d1h")))
    #expect(try record(run.calls, of: "u") == [
      "attribution": true, "orgId": 40669820, "campaignId": 542370600, "conversionType": "Download",
      "claimType": "Click", "adGroupId": 542317200, "countryOrRegion": "US", "supplyPlacement": "APPSTORE_TODAY_TAB",
    ])
    #expect(run.summary.appleAds.recordsTodayTab == 1)
  }

  @Test("§8: pre-orders look back 90 days for taps and 61 days for views, and say PreOrder")
  func preOrderLookbacks() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let view = #"{ at: "0h", action: "appleAdsView", campaign: "search", keyword: "puzzle game" },"#
    let users = [
      user("tap-89d", tap, install: "89d", installExtra: ", preOrder: true"),
      user("tap-91d", tap, install: "91d", installExtra: ", preOrder: true"),
      user("view-60d", view, install: "60d", installExtra: ", preOrder: true"),
      user("view-62d", view, install: "62d", installExtra: ", preOrder: true"),
      user("download-31d", tap, install: "31d"),
    ].joined(separator: ",")
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: users))
    var expected = searchTap
    expected["conversionType"] = "PreOrder"
    #expect(try record(run.calls, of: "tap-89d") == expected)
    #expect(try record(run.calls, of: "tap-91d") == ["attribution": false])
    expected["claimType"] = "Impression"
    #expect(try record(run.calls, of: "view-60d") == expected)
    #expect(try record(run.calls, of: "view-62d") == ["attribution": false])
    #expect(try record(run.calls, of: "download-31d") == ["attribution": false])
    #expect(run.summary.appleAds.recordsPreOrder == 2)
  }

  @Test("§8: with tracking authorised the record is detailed: clickDate or impressionDate to the minute; redownloads say so")
  func consentChoosesDetailedPayload() throws {
    let tap = #"{ at: "1h30m20s", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let view = #"{ at: "2h", action: "appleAdsView", campaign: "search", keyword: "puzzle game" },"#
    let users = [
      user("tap", tap, install: "3h", extra: ", trackingAuthorized: true"),
      user("view", view, install: "3h", installExtra: ", redownload: true", extra: ", trackingAuthorized: true"),
      user("private", tap, install: "3h"),
    ].joined(separator: ",")
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: users))
    var expected = searchTap
    expected["clickDate"] = "2026-03-02T01:30Z"
    #expect(try record(run.calls, of: "tap") == expected)
    expected["clickDate"] = nil
    expected["claimType"] = "Impression"
    expected["conversionType"] = "Redownload"
    expected["impressionDate"] = "2026-03-02T02:00Z"
    #expect(try record(run.calls, of: "view") == expected)
    #expect(try record(run.calls, of: "private") == searchTap)
    #expect((run.summary.appleAds.recordsDetailed, run.summary.appleAds.recordsRedownload) == (2, 1))
  }

  @Test("§8: a 404 'called too soon' is retried every 5 seconds and the third attempt gets the record")
  func notFoundRetriesUntilTheRecordIsReady() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    // The token comes at the first launch, 1h05; the record is ready 10 s later.
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", tap, install: "1h"), api: #"recordDelay: "10s""#))
    let launch = try at("1h5m")
    #expect(run.calls.map(\.time) == [launch + .seconds(1), launch + .seconds(6), launch + .seconds(11)])
    #expect(run.calls.map(\.status) == [404, 404, 200])
    #expect(run.calls.map(\.reason) == ["called too soon", "called too soon", nil])
    #expect(run.calls.map(\.next) == [.retry, .retry, .done])
    #expect(run.calls.map(\.attempt) == [1, 2, 3])
    #expect(try record(run.calls, of: "u") == searchTap)
    #expect((run.summary.appleAds.calls, run.summary.appleAds.retries, run.summary.appleAds.status404) == (3, 2, 2))
  }

  @Test("§8 (C1): a 404 is retried at most 3 times, 5 s apart: a record ready at +12 s comes with the fourth call at +16 s")
  func notFoundIsRetriedThreeTimes() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    // Apple's guide: "retry at intervals of 5 seconds with a max retry of 3 attempts" — one call
    // and three retries. Token at 1h05, record ready 12 s later; calls at +1, +6, +11 and +16 s.
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", tap, install: "1h"), api: #"recordDelay: "12s""#))
    let launch = try at("1h5m")
    #expect(run.calls.map(\.time) == [1, 6, 11, 16].map { launch + .seconds($0) })
    #expect(run.calls.map(\.status) == [404, 404, 404, 200])
    #expect(run.calls.map(\.next) == [.retry, .retry, .retry, .done])
    #expect(try record(run.calls, of: "u") == searchTap)
    #expect(run.summary.appleAds.gaveUpNotFound == 0)
  }

  @Test("§8 (C1): after a 404 on its third retry the server gives up: no record, the install is not claimed by AdServices")
  func notFoundGivesUpAfterThreeRetries() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", tap, install: "1h"), api: #"recordDelay: "17s""#))
    #expect(run.calls.map(\.status) == [404, 404, 404, 404])
    #expect(run.calls.map(\.next) == [.retry, .retry, .retry, .giveUp])
    #expect(run.calls.allSatisfy { $0.record == nil })
    #expect(run.summary.appleAds.gaveUpNotFound == 1)
    #expect(run.summary.appleAds.records == 0)
    #expect(run.summary.appleAds.claimedByAdServices == 0)
  }

  @Test("§8: server.notFoundRetries 2 reads the rulebook's 'max 3 attempts' as three calls: the +12 s record is lost")
  func notFoundRetriesIsAServerSetting() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(
        users: user("u", tap, install: "1h"), api: #"recordDelay: "12s""#, server: #"firstCallDelay: "1s", notFoundRetries: 2"#))
    #expect(run.calls.map(\.status) == [404, 404, 404])
    #expect(run.calls.map(\.next) == [.retry, .retry, .giveUp])
    #expect(run.summary.appleAds.gaveUpNotFound == 1)
  }

  @Test("§8: a token more than 24 hours old gets 404 'token expired' and is lost after three retries")
  func expiredTokenIsLost() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", tap, install: "1h"), server: #"firstCallDelay: "25h""#))
    #expect(run.calls.map(\.reason) == Array(repeating: "token expired", count: 4))
    #expect(run.calls.map(\.tokenAge) == [0, 5, 10, 15].map { .hours(25) + .seconds($0) })
    #expect(run.calls.last?.next == .giveUp)
    #expect((run.summary.appleAds.tokensLostToExpiry, run.summary.appleAds.gaveUpExpired) == (1, 1))
  }

  @Test("§8: a 400 for an invalid token ends the exchange at once")
  func invalidTokenIsNotRetried() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", tap, install: "1h"), api: #"invalidTokenShare: 1"#))
    #expect(run.calls.map(\.status) == [400])
    #expect(run.calls.map(\.next) == [.giveUp])
    #expect(run.summary.appleAds.gaveUpInvalidToken == 1)
  }

  @Test("§8: a 500 during an outage is retried later; the call after the outage gets the record")
  func outageIsRetriedLater() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(
        users: user("u", tap, install: "2h"), api: #"recordDelay: "0s", outages: [{ from: "1h", to: "3h" }]"#,
        server: #"firstCallDelay: "1s", unavailableRetryDelay: "30m""#))
    let launch = try at("2h5m")
    #expect(run.calls.map(\.time) == [launch + .seconds(1), launch + .minutes(30) + .seconds(1), launch + .minutes(60) + .seconds(1)])
    #expect(run.calls.map(\.status) == [500, 500, 200])
    #expect(run.calls.first?.reason == "service unavailable (outage)")
    #expect(try record(run.calls, of: "u") == searchTap)
  }

  @Test("§8: the server gives up once its retries after 500 answers are spent")
  func unavailableGivesUpAfterTheRetries() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(
        users: user("u", tap, install: "1h"), api: #"unavailableShare: 1"#,
        server: #"firstCallDelay: "1s", unavailableRetryDelay: "10m", unavailableRetries: 2"#))
    #expect(run.calls.map(\.status) == [500, 500, 500])
    #expect(run.calls.map(\.next) == [.retry, .retry, .giveUp])
    #expect(run.summary.appleAds.gaveUpUnavailable == 1)
  }

  @Test("§8 (C2): a campaign targeting age or gender comes back attribution false")
  func ageOrGenderTargetingIsNotAttributed() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "targeted" },"#
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: user("u", tap, install: "1h")))
    #expect(try record(run.calls, of: "u") == ["attribution": false])
    #expect(run.summary.appleAds.downloadsWithheldForTargeting == 1)
    #expect(run.summary.appleAds.downloadsClaimed == 0)
  }

  @Test("§1, §8: an Apple Ads tap is also a com.apple.ads click, so one install is claimed by both channels")
  func installClaimedByBothChannels() throws {
    let appleOnly = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let networkLater = """
      { at: "0h", action: "appleAdsTap", campaign: "today" },
      { at: "1h", action: "click", network: "s1", campaign: "c", publisher: "hub" },
      """
    let networkOnly = #"{ at: "0h", action: "click", network: "s1", campaign: "c", publisher: "hub" },"#
    // A view is no network click (Apple Ads' SKAdNetwork ads are click-only): AdServices alone claims.
    let viewOnly = #"{ at: "0h", action: "appleAdsView", campaign: "search", keyword: "puzzle game" },"#
    let users = [
      user("apple", appleOnly, install: "2h"), user("mixed", networkLater, install: "2h"),
      user("network", networkOnly, install: "2h"), user("view", viewOnly, install: "2h"),
    ].joined(separator: ",")
    let run = try TestScenarios.runAppleAds(TestScenarios.appleAds(users: users, linked: true))
    let toNetworks = run.postbacks.filter { $0.recipient == .adNetwork }
    // SKAdNetwork 3.0 (§7.1): Apple Ads' campaign ID encodes the placement, 10 for search results (C3 [U]).
    let apple = try #require(toNetworks.first { $0.user == "apple" })
    #expect(apple.fields["ad-network-id"] == "com.apple.ads")
    #expect(apple.fields["campaign-id"] == 10)
    #expect(apple.fields["source-app-id"] == 375380948)
    #expect(apple.fields["did-win"] == true)
    // The later s1 click wins the SKAdNetwork install; Apple Ads runs up with campaign 30, the Today tab.
    let mixed = toNetworks.filter { $0.user == "mixed" }
    #expect(mixed.first { $0.didWin }?.fields["ad-network-id"] == "sk1.skadnetwork")
    #expect(mixed.first { !$0.didWin }?.fields["campaign-id"] == 30)
    #expect(try record(run.calls, of: "mixed")["campaignId"] == 542370600)
    let claims = run.summary.appleAds
    #expect((claims.claimedByAdServices, claims.claimedByNetworks, claims.claimedByBoth) == (3, 3, 2))
    #expect(toNetworks.filter { $0.user == "view" }.isEmpty)
    let installsClaimed = run.summary.json(scenario: "s", seed: 0).objectValue?["appleAds"]?.objectValue?["installsClaimed"]
    #expect(installsClaimed?.objectValue?["adServicesOnly"] == 1)
    #expect(installsClaimed?.objectValue?["networksOnly"] == 1)
    #expect(claims.claimedByBothAppleAds == 1)
    #expect(claims.networkClicks == 2)
  }

  @Test("§8: in Developer Mode the API returns Apple's fixed test record")
  func developerModeReturnsTheTestRecord() throws {
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", "", install: "1h"), platformExtra: ", developerMode: true"))
    // Apple's documented test record (C1), field for field as the fixture copied from Apple's page.
    #expect(try record(run.calls, of: "u") == Self.appleDeveloperModePayload())
    // It says nothing of the user, who saw no Apple Ads: a record, not an attribution.
    #expect((run.summary.appleAds.records, run.summary.appleAds.recordsAttributed) == (1, 0))
    #expect(run.summary.appleAds.claimedByAdServices == 0)
  }

  @Test("§8: a 500 between 404s starts the count of 404s again, so the call after it can still get the record")
  func unavailableResetsTheNotFoundCount() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    // Token at 1h05; record ready at 1h05m50s. Calls at +1, +6 and +11 s get 404; +16 s falls in
    // the outage (500); the retry at +46 s is a first 404 again, not a fourth, so +51 s gets the record.
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(
        users: user("u", tap, install: "1h"), api: #"recordDelay: "50s", outages: [{ from: "1h5m15s", to: "1h5m20s" }]"#,
        server: #"firstCallDelay: "1s", unavailableRetryDelay: "30s""#))
    #expect(run.calls.map(\.status) == [404, 404, 404, 500, 404, 200])
    #expect(run.calls.map(\.next) == [.retry, .retry, .retry, .retry, .retry, .done])
  }

  @Test("§8: a token that passes its 24 hours during 500 retries is lost to expiry, whatever the last answer")
  func tokenExpiringDuringAnOutageIsLost() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(
        users: user("u", tap, install: "1h"), api: #"recordDelay: "0s", outages: [{ from: "1h", to: "40h" }]"#,
        server: #"firstCallDelay: "1s", unavailableRetryDelay: "6h", unavailableRetries: 4"#))
    #expect(run.calls.map(\.status) == [500, 500, 500, 500, 500])
    #expect(run.calls.last?.tokenAge == .hours(24) + .seconds(1))
    #expect(run.summary.appleAds.gaveUpUnavailable == 1)
    #expect(run.summary.appleAds.tokensLostToExpiry == 1)
  }

  @Test("§8: a random lookup miss (notFoundShare) is a 404 'not found', retried like the others")
  func notFoundFaultIsRetried() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", tap, install: "1h"), api: #"recordDelay: "0s", notFoundShare: 1"#))
    #expect(run.calls.map(\.reason) == Array(repeating: "not found", count: 4))
    #expect(run.summary.appleAds.gaveUpNotFound == 1)
  }

  @Test("§8: cohort users are reached only in the campaign's storefronts; consent decides detailed records; search match has no keyword")
  func cohortAppleAds() throws {
    let text = TestScenarios.appleAds(users: "").replacing(
      required: "  users: [],",
      with: """
          cohorts: [{
            name: "players", count: 2000, arrivals: { from: "0d", to: "1d" },
            country: { choice: [{ value: "US", weight: 1 }, { value: "DE", weight: 1 }] },
            trackingConsent: 0.5,
            exposures: [],
            appleAds: [{ campaign: "search", reach: 1, tap: 1, delay: "1h", installAfterTap: 1 }],
            install: { afterClick: 0, delay: "1h" },
          }],
        """)
    let run = try TestScenarios.runAppleAds(text)
    let records = run.calls.compactMap { $0.record?.objectValue }
    let attributed = records.filter { $0["attribution"] == true }
    // Only US users see the campaign (it runs in US and GB), and every one of them installs.
    #expect(records.count == attributed.count)
    #expect(attributed.allSatisfy { $0["countryOrRegion"] == "US" })
    #expect(attributed.count > 900 && attributed.count < 1100)
    // Half allow tracking; one reached user in three comes through search match (two keywords).
    let detailed = attributed.filter { $0["clickDate"] != nil }.count
    #expect(abs(Double(detailed) / Double(attributed.count) - 0.5) < 0.06)
    let searchMatch = attributed.filter { $0["keywordId"] == nil }.count
    #expect(abs(Double(searchMatch) / Double(attributed.count) - 1.0 / 3) < 0.06)
  }

  @Test("§8: records carry adId from iOS 15.2 only")
  func adIdNeedsIOS15_2() throws {
    let tap = #"{ at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },"#
    let run = try TestScenarios.runAppleAds(
      TestScenarios.appleAds(users: user("u", tap, install: "1h"), iosVersion: "15.0"))
    var expected = searchTap
    expected["adId"] = nil
    #expect(try record(run.calls, of: "u") == expected)
  }
}

/// `expect.adServices`: what a scripted user's token must get, read with precise errors and
/// checked against the run.
@Suite("AdServices expectations")
struct AdServicesExpectationTests {
  private let user = """
    { name: "u", timeline: [
      { at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },
      { at: "1h", action: "install" }, { at: "1h5m", action: "launch" },
    ] }
    """

  private func scenario(expect: String) -> String {
    TestScenarios.appleAds(users: user).replacing(required: "  users: [", with: "  expect: \(expect),\n  users: [")
  }

  @Test("a record field no AdServices record has, and a status the API never answers, are errors with suggestions")
  func badExpectationsAreReported() {
    let diagnostics = TestScenarios.diagnostics(
      scenario(expect: #"{ adServices: [{ user: "u", statuses: [201], fields: { claimTyp: "Click" } }] }"#))
    #expect(diagnostics.contains { $0.contains("expect.adServices[0].statuses[0]") && $0.contains("200, 400, 404 or 500") })
    #expect(diagnostics.contains { $0.contains("'claimTyp' is not a field of AdServices records; did you mean 'claimType'?") })
  }

  @Test("adServices expectations need the scenario's appleAds")
  func needsAppleAds() {
    let text = TestScenarios.scripted(
      users: #"{ name: "u", timeline: [{ at: "1h", action: "install" }] }"#,
      extra: #"expect: { adServices: [{ user: "u", fields: { attribution: true } }] },"#)
    #expect(TestScenarios.diagnostics(text).contains { $0.contains("this scenario has no 'appleAds'") })
  }

  @Test("a record differing from the expectation fails with the field, and the calls are shown")
  func mismatchIsReported() throws {
    let scenario = try TestScenarios.load(
      scenario(expect: #"{ adServices: [{ user: "u", statuses: [404, 200], fields: { claimType: "Impression" } }] }"#))
    let run = ScenarioRunner.collect(scenario)
    let results = ExpectationChecker(scenario: scenario).check(
      postbacks: [], trace: [], summary: .object([:]), adServices: run.outputs.adServices)
    let problems = results.flatMap(\.problems)
    #expect(problems == [
      "statuses: expected 404, 200, got 200",
      "field 'claimType': expected \"Impression\", got \"Click\"",
    ])
  }
}

/// Apple Ads as an AdAttributionKit network from iOS 26.2 (rulebook §1, C3 [U]).
@Suite("Apple Ads as an AdAttributionKit network")
struct AppleAdsAdAttributionKitTests {
  @Test("§1, C3 [U]: on iOS 26.2 an Apple Ads tap is an AdAttributionKit click of com.apple.ads, whose JWS postback wins")
  func appleAdsTapWinsAnAdAttributionKitPostback() throws {
    let text = """
      {
        version: 1, name: "aak-apple-ads", seed: 5, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "adattributionkit", iosVersion: "26.2" },
        app: { appId: 1234567890 },
        adNetworks: [
          { name: "apple", identifier: "com.apple.ads", campaigns: [{ name: "search-results", sourceIdentifier: 10 }] },
        ],
        publishers: [{ name: "store", appId: 375380948, adNetworks: ["apple"] }],
        privacy: { forceTier: 3 },
        appleAds: {
          orgId: 40669820,
          campaigns: [{ name: "search", id: 542370539, supplyPlacement: "APPSTORE_SEARCH_RESULTS",
            adGroups: [{ name: "exact", id: 542317095, keywords: [{ text: "puzzle game", id: 87675432 }] }] }],
          api: { recordDelay: "0s" },
          adNetwork: { network: "apple", publisher: "store" },
        },
        users: [{ name: "u", timeline: [
          { at: "0h", action: "appleAdsTap", campaign: "search", keyword: "puzzle game" },
          { at: "1h", action: "install" }, { at: "1h5m", action: "launch" },
        ] }],
      }
      """
    let run = try TestScenarios.runAppleAds(text)
    let winner = try #require(run.postbacks.first { $0.recipient == .adNetwork && $0.didWin })
    let said = winner.said
    #expect(said["ad-network-identifier"] == "com.apple.ads")
    #expect(said["publisher-item-identifier"] == 375380948)
    #expect(said["ad-interaction-type"] == "click")
    // Tier 3 keeps all four digits of the source identifier (§6): campaign 10 reads "0010".
    #expect(said["source-identifier"] == "0010")
    #expect(run.calls.last?.record?.objectValue?["claimType"] == "Click")
    #expect(run.summary.appleAds.claimedByBothAppleAds == 1)
  }
}
