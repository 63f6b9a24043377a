@testable import AttributionSim
import AttributionTestSupport
import SimJSON
import Testing

/// Postbacks per attributed install and what removes the rest, each case worked out by hand
/// from the rulebook's windows (§5.2), tiers (§6) and launch rule (§2.2).
@Suite("Postbacks per install")
struct PostbacksPerInstallTests {
  private static func user(_ name: String, _ steps: String) -> String {
    """
    { name: "\(name)", timeline: [
      { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
      { at: "2h", action: "install" }, \(steps)
    ] }
    """
  }

  /// Updates in all three windows; no update after launch; never launched.
  private static let threeUsers = [
    user("every", #"{ at: "3h", action: "launch" }, { at: "4d", action: "update", coarse: "high" }, { at: "10d", action: "update", coarse: "low" }"#),
    user("first", #"{ at: "3h", action: "launch" }"#),
    user("never", ""),
  ].joined(separator: ",\n")

  private func summary(_ text: String) throws -> RunSummary {
    ScenarioRunner.collect(try TestScenarios.load(text)).0
  }

  private func counts(_ summary: RunSummary) -> [Int] {
    [
      summary.installPostbacks1, summary.installPostbacks2, summary.installPostbacks3, summary.installWindowsTierZero,
      summary.installWindowsNoUpdate, summary.installWindowsPastHorizon, summary.installWindowsSingleWindowAd,
      summary.installWindowsNotLaunched, summary.installWindowsSuperseded,
    ]
  }

  @Test("§5.2, §2.2: windows 2-3 need an update, and an install never launched sends nothing")
  func updatesAndLaunches() throws {
    let summary = try summary(TestScenarios.scripted(users: Self.threeUsers))
    // Sent 2 / 1 / 1; two windows without an update ("first"), three never started ("never").
    #expect(counts(summary) == [2, 1, 1, 0, 2, 0, 0, 3, 0])
    #expect(summary.attributedInstalls == 3)
    let figures = try #require(summary.postbacksPerInstall)
    #expect(abs(figures.total - 4.0 / 3) < 1e-12)
    let byWindow: [Double] = [2.0 / 3, 1.0 / 3, 1.0 / 3]
    #expect(figures.byWindow == byWindow)
    let json = summary.json(scenario: "s", seed: 1).serialized()
    #expect(json.contains(#""perInstall":1.3333"#))
    #expect(json.contains(#""notLaunched":3"#))
  }

  @Test("§6: tier 0 withholds postbacks 2 and 3 even when the app updated in their windows")
  func tierZeroWithholds() throws {
    let summary = try summary(TestScenarios.scripted(users: Self.threeUsers, privacyTier: 0))
    #expect(counts(summary) == [2, 0, 0, 2, 2, 0, 0, 3, 0])
  }

  @Test("A horizon before day 35 leaves window 3 open: counted past the horizon, not as withheld")
  func horizonCutsWindowThree() throws {
    let summary = try summary(TestScenarios.scripted(users: Self.threeUsers, extra: #"horizon: "20d","#))
    // "first"'s window 3 is still open at day 20 too.
    #expect(counts(summary) == [2, 1, 0, 0, 1, 2, 0, 3, 0])
  }

  @Test("§5.1: an ad before SKAdNetwork 4.0 has one window, so two postbacks per install are impossible")
  func singleWindowAds() throws {
    let summary = try summary(TestScenarios.multiNetwork(version: "3.0", users: TestScenarios.clicker()))
    #expect(counts(summary) == [1, 0, 0, 0, 0, 0, 2, 0, 0])
    #expect(summary.postbacksPerInstall?.total == 1)
  }

  @Test("Sent and missing windows add up to three per attributed install on a generated scenario")
  func causesAddUp() throws {
    let summary = try summary(try TestScenarios.smallQuickstart())
    #expect(counts(summary).reduce(0, +) == 3 * summary.attributedInstalls)
    let sent = summary.installPostbacks1 + summary.installPostbacks2 + summary.installPostbacks3
    #expect(sent == summary.postbacks.joined().reduce(0, +) - summary.reengagementPostbacks)
    #expect(sent > 0 && summary.installWindowsTierZero > 0 && summary.installWindowsNoUpdate > 0)
  }
}
