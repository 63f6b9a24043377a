@testable import AttributionSim
import AttributionTestSupport
import SimEngine
import SimJSON
import Testing

/// The app's `infoPlist` (rulebook §2.5, §3.5, §7.6): the minimal scenario with a second network
/// and the given `app` extras, all on the app's line (7), so positions read straight off the text.
@Suite("The app's Info.plist is read in Apple's shape, with Apple's ranges")
struct InfoPlistTests {
  /// Column where `extra` starts on line 7: after `  app: { appId: 111, `.
  private static let extraColumn = 22

  private func text(_ extra: String, iosVersion: String = "18.4") -> String {
    let replacements = [
      ("platform: { framework: \"skadnetwork\", version: \"4.0\" }",
       "platform: { framework: \"skadnetwork\", version: \"4.0\", iosVersion: \"\(iosVersion)\" }"),
      ("app: { appId: 111 }", "app: { appId: 111, \(extra) }"),
      ("sourceIdentifier: 1234 }] },",
       "sourceIdentifier: 1234 }] }, { name: \"beta\", identifier: \"beta.adattributionkit\", framework: \"adattributionkit\", campaigns: [{ name: \"c9\", sourceIdentifier: 99 }] },"),
    ]
    var text = TestScenarios.minimal
    for (old, new) in replacements {
      precondition(text.contains(old), "test setup: '\(old)' not in the minimal scenario")
      text = text.replacing(required: old, with: new)
    }
    return text
  }

  private func diagnostics(_ extra: String, iosVersion: String = "18.4") -> [String] {
    TestScenarios.diagnostics(text(extra, iosVersion: iosVersion))
  }

  /// The column of `needle` on line 7 of the scenario with `extra`.
  private func column(of needle: String, in extra: String) -> Int {
    let range = extra.range(of: needle)!
    return Self.extraColumn + extra.distance(from: extra.startIndex, to: range.lowerBound)
  }

  private func windows(_ global: String, alpha: String = "") -> String {
    let alphaEntry = alpha.isEmpty ? "" : ", \"alpha.skadnetwork\": { install: \(alpha) }"
    return "infoPlist: { AdAttributionKitConfigurations: { AttributionWindows: { global: { install: \(global) }\(alphaEntry) } } }"
  }

  // MARK: - Reading

  @Test("§2.5 B6: a full Info.plist is read into the app, in Apple's spelling")
  func fullDictionary() throws {
    let plist = """
      infoPlist: {
          AdAttributionKitConfigurations: {
            AttributionWindows: {
              global: { install: { click: 20 } },
              "alpha.skadnetwork": { install: { view: 3, ignoreInteractionType: "click" } },
              "beta.adattributionkit": { install: { click: 2 } },
            },
            AttributionCooldown: { "install-cooldown-hours": 24, "re-engagement-cooldown-hours": 720 },
          },
          AttributionCopyEndpoint: "https://example.com",
          EligibleForAdAttributionKitReengagementPostbackCopies: true,
          EligibleForAdAttributionKitOverlappingConversions: true,
        },
        marketplace: "com.example.store"
      """
    let app = try TestScenarios.load(text(plist)).app
    var expected = AttributionConfiguration()
    expected.global = .init(clickDays: 20)
    expected.networks = [
      "alpha.skadnetwork": .init(viewDays: 3, ignoreInteractionType: .click),
      "beta.adattributionkit": .init(clickDays: 2),
    ]
    expected.installCooldownHours = 24
    expected.reengagementCooldownHours = 720
    #expect(app.attributionConfiguration == expected)
    #expect(app.attributionCopyEndpoint == "https://example.com")
    #expect(app.reengagementPostbackCopies)
    #expect(app.overlappingConversions)
    #expect(app.marketplace == "com.example.store")
  }

  @Test("§2.5 precedence: a network's window, else the global one, else the system default")
  func lifetimePrecedence() throws {
    let plist = """
      infoPlist: { AdAttributionKitConfigurations: { AttributionWindows: {
        global: { install: { click: 20 } },
        "alpha.skadnetwork": { install: { view: 3, ignoreInteractionType: "click" } },
        "beta.adattributionkit": { install: { click: 2 } },
      } } }
      """
    let configuration = try TestScenarios.load(text(plist)).app.attributionConfiguration
    // alpha sets only a view window: its clicks fall back to global's 20 days.
    #expect(configuration.lifetime(of: .click, network: "alpha.skadnetwork") == .days(20))
    #expect(configuration.lifetime(of: .view, network: "alpha.skadnetwork") == .days(3))
    // beta's own click window beats global's; nobody sets a view window for beta: 24 h default.
    #expect(configuration.lifetime(of: .click, network: "beta.adattributionkit") == .days(2))
    #expect(configuration.lifetime(of: .view, network: "beta.adattributionkit") == .hours(24))
    // A network the plist does not name gets global's click window and the default view one.
    #expect(configuration.lifetime(of: .click, network: "other.skadnetwork") == .days(20))
    #expect(configuration.lifetime(of: .view, network: "other.skadnetwork") == .hours(24))
    #expect(configuration.ignores(.click, network: "alpha.skadnetwork"))
    #expect(!configuration.ignores(.view, network: "alpha.skadnetwork"))
    #expect(!configuration.ignores(.click, network: "beta.adattributionkit"))
  }

  @Test("without infoPlist or marketplace the app has the system defaults and the App Store")
  func defaults() throws {
    let app = try TestScenarios.load(TestScenarios.minimal).app
    #expect(app.attributionConfiguration.isEmpty)
    #expect(app.attributionConfiguration.lifetime(of: .click, network: "alpha.skadnetwork") == .days(30))
    #expect(app.attributionConfiguration.lifetime(of: .view, network: "alpha.skadnetwork") == .hours(24))
    #expect(app.attributionCopyEndpoint == nil)
    #expect(!app.reengagementPostbackCopies)
    #expect(!app.overlappingConversions)
    #expect(app.marketplace == "com.apple.AppStore")
  }

  @Test("an empty marketplace identifier is rejected")
  func emptyMarketplace() {
    #expect(diagnostics("marketplace: \"\"") == [
      "bad.json:7:35: error: app.marketplace: expected a non-empty string"
    ])
  }

  // MARK: - Apple's ranges (B6)

  @Test("B6: a click window beyond 30 days names the path, the range and the value")
  func clickAboveRange() {
    let extra = windows("{ click: 31 }")
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "31", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.global.install.click: expected an integer from 1 to 30 (days a click can win an install), found 31"
    ])
  }

  @Test("B6: a click window of 0 days is below Apple's range")
  func clickBelowRange() {
    let extra = windows("{ click: 5 }", alpha: "{ click: 0 }")
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "0 }", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.alpha.skadnetwork.install.click: expected an integer from 1 to 30 (days a click can win an install), found 0"
    ])
  }

  @Test("B6: a view window beyond 7 days is rejected")
  func viewAboveRange() {
    let extra = windows("{ view: 8 }")
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "8", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.global.install.view: expected an integer from 1 to 7 (days a view can win an install), found 8"
    ])
  }

  @Test("B6: windows are whole days")
  func fractionalDays() {
    let extra = windows("{ view: 1.5 }")
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "1.5", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.global.install.view: expected an integer from 1 to 7 (days a view can win an install), found number 1.5"
    ])
  }

  @Test("B6: cooldowns run from 0 to 720 hours")
  func cooldownRange() {
    let extra = "infoPlist: { AdAttributionKitConfigurations: { AttributionCooldown: { \"install-cooldown-hours\": 721, \"re-engagement-cooldown-hours\": -1 } } }"
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "721", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionCooldown.install-cooldown-hours: expected an integer from 0 to 720 (hours without new conversions after an install), found 721",
      "bad.json:7:\(column(of: "-1", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionCooldown.re-engagement-cooldown-hours: expected an integer from 0 to 720 (hours without new conversions after a re-engagement), found -1",
    ])
  }

  @Test("the limits themselves are accepted: 1 and 30 click days, 7 view days, 0 and 720 hours")
  func rangeLimits() throws {
    let extra = """
      infoPlist: { AdAttributionKitConfigurations: {
        AttributionWindows: { global: { install: { click: 1, view: 7 } }, "alpha.skadnetwork": { install: { click: 30, view: 1 } } },
        AttributionCooldown: { "install-cooldown-hours": 0, "re-engagement-cooldown-hours": 720 },
      } }
      """
    let configuration = try TestScenarios.load(text(extra)).app.attributionConfiguration
    #expect(configuration.global == .init(clickDays: 1, viewDays: 7))
    #expect(configuration.networks["alpha.skadnetwork"] == .init(clickDays: 30, viewDays: 1))
    #expect(configuration.installCooldownHours == 0)
    #expect(configuration.reengagementCooldownHours == 720)
  }

  // MARK: - Shape

  @Test("§2.5: ignoreInteractionType in global is an error saying it belongs under a network ID")
  func globalIgnoreInteractionType() {
    let extra = windows("{ click: 10, ignoreInteractionType: \"view\" }")
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "\"view\"", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.global.install.ignoreInteractionType: 'ignoreInteractionType' belongs under an ad network ID (AttributionWindows.<ad-network-id>.install); iOS ignores it in 'global'"
    ])
  }

  @Test("§2.5: a network's ignoreInteractionType is 'view' or 'click'")
  func badIgnoreInteractionType() {
    let extra = windows("{ click: 10 }", alpha: "{ ignoreInteractionType: \"veiw\" }")
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "\"veiw\"", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.alpha.skadnetwork.install.ignoreInteractionType: expected one of 'click', 'view', found 'veiw'; did you mean 'view'?"
    ])
  }

  @Test("§2.5: a window key that is no declared network's identifier is named, with a suggestion")
  func unknownNetwork() {
    let extra = "infoPlist: { AdAttributionKitConfigurations: { AttributionWindows: { \"alpha.skadnetwrk\": { install: { click: 3 } } } } }"
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "\"alpha.skadnetwrk\"", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.alpha.skadnetwrk: 'alpha.skadnetwrk' is not the identifier of a declared ad network (AttributionWindows takes 'global' and ad network IDs); did you mean 'alpha.skadnetwork'?"
    ])
  }

  @Test("§2.5: a network's name is not its identifier: the identifier it begins is suggested, else the declared ones listed")
  func networkNameInsteadOfIdentifier() {
    let extra = "infoPlist: { AdAttributionKitConfigurations: { AttributionWindows: { alpha: { install: { click: 3 } } } } }"
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "alpha", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.alpha: 'alpha' is not the identifier of a declared ad network (AttributionWindows takes 'global' and ad network IDs); did you mean 'alpha.skadnetwork'?"
    ])
    let other = "infoPlist: { AdAttributionKitConfigurations: { AttributionWindows: { gamma: { install: { click: 3 } } } } }"
    #expect(diagnostics(other) == [
      "bad.json:7:\(column(of: "gamma", in: other)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.gamma: 'gamma' is not the identifier of a declared ad network (AttributionWindows takes 'global' and ad network IDs); declared: 'alpha.skadnetwork', 'beta.adattributionkit'"
    ])
  }

  @Test("§2.5 [D]: the WWDC25 slide's 'reengagement-cooldown-hours' suggests the documented spelling")
  func cooldownSpelling() {
    let extra = "infoPlist: { AdAttributionKitConfigurations: { AttributionCooldown: { \"reengagement-cooldown-hours\": 2 } } }"
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "\"reengagement", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionCooldown.reengagement-cooldown-hours: unknown key 'reengagement-cooldown-hours'; did you mean 're-engagement-cooldown-hours'?"
    ])
  }

  @Test("§2.5: windows are configured for install conversions only")
  func windowsNeedInstall() {
    let extra = windows("{ click: 3 }").replacing(required: "global: { install:", with: "global: { reengagement:")
    let diagnostics = diagnostics(extra)
    #expect(diagnostics.count == 2)
    #expect(diagnostics.contains { $0.hasSuffix("global.reengagement: unknown key 'reengagement'; expected one of 'install'") })
    #expect(diagnostics.contains {
      $0.hasSuffix("AttributionWindows.global: missing key 'install' (the windows for install conversions)")
    })
  }

  @Test("an empty install dictionary configures nothing and is rejected")
  func emptyInstall() {
    let extra = windows("{}")
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "{}", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations.AttributionWindows.global.install: expected 'click', 'view' or 'ignoreInteractionType'; an empty 'install' configures nothing"
    ])
  }

  // MARK: - Copy endpoint (§7.6)

  @Test("§7.6 B11: AttributionCopyEndpoint with a path is rejected: copies go to the well-known path")
  func copyEndpointWithPath() {
    let extra = "infoPlist: { AttributionCopyEndpoint: \"https://example.com/postbacks\" }"
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "\"https", in: extra)): error: app.infoPlist.AttributionCopyEndpoint: expected a domain only, such as 'https://example.com', found 'https://example.com/postbacks': Apple posts developer copies to the registrable domain's /.well-known/appattribution/report-attribution/ and ignores any path"
    ])
  }

  @Test("§7.6: AttributionCopyEndpoint is an https:// URL; a trailing slash is fine")
  func copyEndpointScheme() throws {
    let extra = "infoPlist: { AttributionCopyEndpoint: \"http://example.com\" }"
    #expect(diagnostics(extra) == [
      "bad.json:7:\(column(of: "\"http", in: extra)): error: app.infoPlist.AttributionCopyEndpoint: expected an https:// URL such as 'https://example.com', found 'http://example.com'"
    ])
    let app = try TestScenarios.load(text("infoPlist: { AttributionCopyEndpoint: \"https://example.com/\" }")).app
    #expect(app.attributionCopyEndpoint == "https://example.com/")
  }

  // MARK: - OS gates (§1, §2.5, §3.5)

  @Test("§2.5: AdAttributionKitConfigurations needs iOS 18.4")
  func configurationsNeed18_4() {
    let extra = windows("{ click: 3 }")
    #expect(diagnostics(extra, iosVersion: "18.3") == [
      "bad.json:7:\(column(of: "{ AttributionWindows", in: extra)): error: app.infoPlist.AdAttributionKitConfigurations: 'AdAttributionKitConfigurations' needs iOS 18.4 or later (older devices ignore it), but devices run iOS 18.3; raise platform.iosVersion or remove the key"
    ])
  }

  @Test("§3.5 B7: overlapping conversions need iOS 18.4; re-engagement copies need 18.0")
  func flagsNeedTheirOS() throws {
    let extra = "infoPlist: { EligibleForAdAttributionKitOverlappingConversions: true, EligibleForAdAttributionKitReengagementPostbackCopies: true }"
    #expect(diagnostics(extra, iosVersion: "17.4") == [
      "bad.json:7:\(column(of: "true,", in: extra)): error: app.infoPlist.EligibleForAdAttributionKitOverlappingConversions: 'EligibleForAdAttributionKitOverlappingConversions' needs iOS 18.4 or later (older devices ignore it), but devices run iOS 17.4; raise platform.iosVersion or remove the key",
      "bad.json:7:\(column(of: "true }", in: extra)): error: app.infoPlist.EligibleForAdAttributionKitReengagementPostbackCopies: 'EligibleForAdAttributionKitReengagementPostbackCopies' needs iOS 18.0 or later (older devices ignore it), but devices run iOS 17.4; raise platform.iosVersion or remove the key",
    ])
    #expect(diagnostics(extra, iosVersion: "18.0") == [
      "bad.json:7:\(column(of: "true,", in: extra)): error: app.infoPlist.EligibleForAdAttributionKitOverlappingConversions: 'EligibleForAdAttributionKitOverlappingConversions' needs iOS 18.4 or later (older devices ignore it), but devices run iOS 18.0; raise platform.iosVersion or remove the key"
    ])
    let copiesOnly = "infoPlist: { EligibleForAdAttributionKitReengagementPostbackCopies: true }"
    #expect(try TestScenarios.load(text(copiesOnly, iosVersion: "18.0")).app.reengagementPostbackCopies)
  }

  // MARK: - Framework check

  @Test("AdAttributionKit-only keys are refused when no network uses AdAttributionKit")
  func adAttributionKitOnly() throws {
    let source = """
      { AttributionCopyEndpoint: "https://example.com",
        EligibleForAdAttributionKitOverlappingConversions: true }
      """
    func check(_ usesAdAttributionKit: Bool) throws -> [String] {
      let log = DiagnosticLog()
      let reader = JSONReader(node: try JSONParser.parse(source), path: "app.infoPlist", file: "bad.json", log: log)
      InfoPlistReader(reader: reader, networkIdentifiers: [], iosVersion: OSVersion(18, 4))
        .checkFramework(usesAdAttributionKit: usesAdAttributionKit)
      return log.sorted.map(\.description)
    }
    #expect(try check(true) == [])
    #expect(try check(false) == [
      "bad.json:1:3: error: app.infoPlist.AttributionCopyEndpoint: 'AttributionCopyEndpoint' is read by AdAttributionKit only, and no ad network here uses it; remove the key or use AdAttributionKit",
      "bad.json:2:3: error: app.infoPlist.EligibleForAdAttributionKitOverlappingConversions: 'EligibleForAdAttributionKitOverlappingConversions' is read by AdAttributionKit only, and no ad network here uses it; remove the key or use AdAttributionKit",
    ])
  }
}
