import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// Rulebook §6: what a winning postback 1 shows of its tier, read back as the lowest tier it can
/// come from; and the same read from AdAttributionKit bodies.
@Suite("§6 what a postback shows of its tier")
struct TierSignsTests {
  @Test("§6: with tiers the publisher needs tier 3, a fine value 2, a coarse value 1; before 4.0 a value or publisher shows the threshold met (2)")
  func lowestTier() {
    let publisherAndFine = TierSigns(publisher: true, fineValue: true, coarseValue: false)
    let fine = TierSigns(publisher: false, fineValue: true, coarseValue: false)
    let coarse = TierSigns(publisher: false, fineValue: false, coarseValue: true)
    let nothing = TierSigns(publisher: false, fineValue: false, coarseValue: false)
    #expect([publisherAndFine, fine, coarse, nothing].map { $0.lowestTier(tiered: true) } == [3, 2, 1, 0])
    // 3.0 sends source-app-id without a value when the app never set one.
    let publisherOnly = TierSigns(publisher: true, fineValue: false, coarseValue: false)
    #expect([publisherAndFine, fine, publisherOnly, nothing].map { $0.lowestTier(tiered: false) } == [2, 2, 2, 0])
  }

  @Test("§6: an AdAttributionKit body's JWS payload and the fields beside it read back what its crowd sizes give")
  func adAttributionKit() throws {
    let scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/adattributionkit.json")
    var checked = 0
    for postback in ScenarioRunner.collect(scenario).outputs.postbacks where postback.recipient == .adNetwork {
      guard let basis = postback.basis, case .object(let fields) = postback.payload, fields["jws-string"] != nil else { continue }
      let reading = try TierReading.read(postback.payload).get()
      #expect(reading.version == "AdAttributionKit" && reading.tiered)
      #expect(reading.appId == scenario.app.appId)
      #expect(reading.signs == basis.signs(thresholds: scenario.privacy.thresholds, rules: scenario.rules, tiered: true))
      checked += 1
    }
    #expect(checked > 10)
  }
}
