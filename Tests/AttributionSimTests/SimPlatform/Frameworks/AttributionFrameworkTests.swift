@testable import AttributionSim
import SimEngine
import Testing

/// The platform rules behind ``AttributionFramework``: which rules a scenario and each ad
/// network get, and some of the rules as pure decisions.
@Suite("Attribution frameworks")
struct AttributionFrameworkTests {
  private func windows(_ count: Int) -> [ConversionWindow] {
    Array(repeating: ConversionWindow(measures: Measures(eventCount: 0, currencyCount: 1)), count: count)
  }

  @Test("one place chooses: each SKAdNetwork version its rules, AdAttributionKit networks theirs on any platform")
  func choice() {
    for version in SKAdNetworkVersion.allCases {
      #expect(AttributionFrameworks.skAdNetwork(version).version == version)
      #expect(AttributionFrameworks.platform(Platform(framework: .skAdNetwork(version))).version == version)
    }
    #expect(AttributionFrameworks.skAdNetwork(.v2_2).sendsRunnerUpPostbacks == false)
    #expect(AttributionFrameworks.skAdNetwork(.v3_0).sendsRunnerUpPostbacks)
    let adAttributionKit = AttributionFrameworks.platform(Platform(framework: .adAttributionKit))
    #expect(adAttributionKit.reengagesInstalledApp && adAttributionKit.windowCount == 3)
    let network = AdNetwork(name: "n", identifier: "n.adattributionkit", campaigns: [], framework: .adAttributionKit)
    #expect(AttributionFrameworks.ads(of: network, on: Platform(framework: .skAdNetwork(.v4_0))).name == "AdAttributionKit")
    var skAdNetwork = network
    skAdNetwork.framework = .skAdNetwork
    let rules = AttributionFrameworks.ads(of: skAdNetwork, on: Platform(framework: .adAttributionKit))
    #expect(rules.name == "SKAdNetwork" && rules.version == .v4_0 && !rules.reengagesInstalledApp)
  }

  @Test("§4, §5.1: under the value timer only a greater fine value counts and restarts the timer")
  func valueTimer() {
    let rules = SKAdNetwork30()
    var current = windows(1)
    current[0].fine = 10
    let lower = rules.decideUpdate(
      ConversionUpdate(fine: 5, coarse: .high), api: .current, window: 0, windows: current, rules: PlatformRules())
    #expect(lower.outcome == .notIncreasing && !lower.restartsTimer && lower.windows[0].fine == 10)
    #expect(lower.notes == [.coarseOrLockIgnored, .notIncreasing(5, current: 10)])
    let higher = rules.decideUpdate(ConversionUpdate(fine: 11), api: .current, window: 0, windows: current, rules: PlatformRules())
    #expect(higher.outcome == .applied(window: 0) && higher.restartsTimer && higher.windows[0].fine == 11)
  }

  @Test("§4, §5.2: in conversion windows a fine value counts only in window 1; a lock closes the window")
  func conversionWindows() {
    let rules = SKAdNetwork40()
    let late = rules.decideUpdate(
      ConversionUpdate(fine: 7, coarse: .low, lock: true), api: .current, window: 1, windows: windows(3),
      rules: PlatformRules())
    #expect(late.outcome == .applied(window: 1) && late.locks)
    #expect(late.windows[1].fine == nil && late.windows[1].coarse == .low && late.windows[1].locked)
    #expect(late.notes == [.fineAfterFirstWindow(7, window: 1)])
    let legacy = rules.decideUpdate(ConversionUpdate(fine: 7), api: .legacy, window: 2, windows: windows(3), rules: PlatformRules())
    #expect(legacy.outcome == .fineIgnoredAfterFirstWindow(window: 2, counted: false) && legacy.notes == [.legacyAfterFirstWindow])
  }

  @Test("§2.5, §3.5: re-engagement refusals, cooldowns first; Developer Mode has no limits")
  func reengagementRefusal() {
    var configuration = AttributionConfiguration()
    configuration.installCooldownHours = 24
    var rules = PlatformRules()
    rules.reengagementLimitPerMonth = 1
    let now = SimTime.zero + .days(10)
    func refusal(install: SimTime?, earlier: [SimTime], developerMode: Bool = false) -> ReengagementRefusal? {
      ReengagementRefusal.deciding(
        at: now, lastInstallConversion: install, reengagements: earlier, configuration: configuration, rules: rules,
        developerMode: developerMode)
    }
    #expect(refusal(install: now - .hours(1), earlier: []) == .installCooldown(hours: 24))
    #expect(refusal(install: SimTime.zero, earlier: [now - .days(3)]) == .monthlyLimit(1))
    #expect(refusal(install: SimTime.zero, earlier: [now - .days(3)], developerMode: true) == nil)
    #expect(refusal(install: SimTime.zero, earlier: [now - .days(31)]) == nil)
  }

  @Test("§7.2: each simulated version's signed fields come from its framework, in Apple's order")
  func signedFields() {
    #expect(PostbackSigningString.fields(of: "3.0")?.flatMap(\.names).suffix(2) == ["fidelity-type", "did-win"])
    #expect(PostbackSigningString.fields(of: "2.2")?.last?.names == ["fidelity-type"])
    #expect(PostbackSigningString.fields(of: "4.0")?.last?.names == ["postback-sequence-index"])
    #expect(PostbackSigningString.knownVersions == ["1.0", "2.0", "2.1", "2.2", "3.0", "4.0"])
  }
}
