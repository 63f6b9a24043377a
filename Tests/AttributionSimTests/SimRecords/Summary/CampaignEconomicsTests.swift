import AttributionSim
import AttributionTestSupport
import SimJSON
import Testing

/// Spend, CPI and ROAS per campaign, worked out by hand on scripted users.
///
/// Alice (campaign `broad`, click on day 0, install) brings 4.99 USD in window 1, nothing in
/// window 2 and 9.99 in window 3; the hybrid schema decodes 3.00, 0.25 and 5.00 (DecodingTests).
/// Bob sees two `broad` views on day 3: the second starts while the first is on screen and
/// replaces it, so only one is recorded; he never installs. `broad` thus has 2 recorded
/// impressions (1 click, 1 view) on 2 days (0 and 3), 1 install, and 1 first postback matched to it.
@Suite("Spend, CPI and ROAS per campaign by hand")
struct CampaignEconomicsTests {
  private static let bob = """
    { name: "bob", country: "US", timeline: [
      { at: "3d", action: "view", network: "alpha", campaign: "broad", publisher: "garden", duration: "30s" },
      { at: "3d10s", action: "view", network: "alpha", campaign: "broad", publisher: "garden", duration: "5s" },
    ] }
    """

  private func run(spend: String, schema: String? = nil) throws -> RunSummary {
    var text = TestScenarios.scripted(users: TestScenarios.alice + "," + Self.bob)
      .replacing(required: "{ name: \"broad\", sourceIdentifier: 5211 }", with: "{ name: \"broad\", sourceIdentifier: 5211, spend: \(spend) }")
    if let schema { text = text.replacing(required: "schema: \"schemas/quickstart-hybrid.json\",", with: "schema: \(schema),") }
    return ScenarioRunner.collect(try TestScenarios.load(text)).summary
  }

  private func broad(_ summary: RunSummary) throws -> CampaignEconomics {
    try #require(summary.decoding?.economics.first { $0.campaign == "broad" })
  }

  @Test("delivery counts recorded impressions and clicks per campaign; a replaced view is taken back")
  func delivery() throws {
    let summary = try run(spend: "{ cpm: 1 }")
    let counts = summary.campaignDelivery.counts(network: 0, campaign: 0)
    #expect(counts.impressions == 2 && counts.clicks == 1 && counts.days == 2)
    #expect(counts.impressionsByDay == [0: 1, 3: 1])
    #expect(summary.views == 1 && summary.clicks == 1 && summary.viewsReplaced == 1)
  }

  @Test("CPM: 2 impressions at 2,000 per thousand cost 4.00")
  func cpm() throws {
    #expect(try broad(run(spend: "{ cpm: 2000 }")).spend == 4)
  }

  @Test("CPC: 1 click at 3 costs 3.00")
  func cpc() throws {
    #expect(try broad(run(spend: "{ cpc: 3 }")).spend == 3)
  }

  @Test("CPI: 1 attributed install at 5 costs 5.00, so CPI is 5.00")
  func cpi() throws {
    let figures = try broad(run(spend: "{ cpi: 5 }"))
    #expect(figures.spend == 5 && figures.cpi == 5)
    #expect(figures.trueInstalls == 1 && figures.attributedInstalls == 1)
  }

  @Test("daily budget: 1.50 a day over the 2 days with impressions costs 3.00")
  func dailyBudget() throws {
    #expect(try broad(run(spend: "{ dailyBudget: 1.5 }")).spend == 3)
  }

  @Test("spend in another currency is converted with the schema's rate: 3 EUR at 1.08 is 3.24 USD")
  func currency() throws {
    let schema = """
      { version: 1, currency: "USD", exchangeRates: { EUR: 1.08 }, fineValue: { revenueBuckets: [0.01, 1, 5, 10, 20, 50, 100] } }
      """
    let figures = try broad(run(spend: "{ cpc: 3, currency: \"EUR\" }", schema: schema))
    #expect(abs(try #require(figures.spend) - 3.24) < 1e-12)
  }

  @Test("ROAS at each window's end and at the horizon, true and decoded, with spend 5.00")
  func roas() throws {
    let summary = try run(spend: "{ cpi: 5 }")
    let figures = try broad(summary)
    // Cumulative true revenue 4.99, 4.99, 14.98; decoded 3.00, 3.25, 8.25; each ÷ 5.
    #expect(figures.windows.map(\.endDay) == [2, 7, 35])
    #expect(figures.windows.map { $0.trueRoas.map(CSVField.rounded) } == [0.998, 0.998, 2.996])
    #expect(figures.windows.map { $0.decodedRoas.map(CSVField.rounded) } == [0.6, 0.65, 1.65])
    // (1.65 − 2.996) ÷ 2.996 = −0.44927…
    #expect(figures.roasError.map(CSVField.rounded) == -0.4493)
    let json = try #require(summary.decoding?.json.objectValue?["campaigns"]?.arrayValue?.first?.objectValue)
    #expect(json["spend"] == .double(5) && json["cpi"] == .double(5) && json["roasErrorRatio"] == .double(-0.4493))
    #expect(json["installs"] == .object(["true": .int(1), "attributed": .int(1)]))
    // decoded.csv: measured 3.00 and imputed 0.00 before decoded; the spend columns after revenueDifference, ROAS up to the row's window.
    let lines = try #require(summary.decoding.map { DecodedCSV($0).text }?.split(separator: "\n"))
    #expect(lines[1].hasPrefix("alpha,broad,1,1,1,1,0,0,0,4.99,3.00,0.00,3.00,-1.99,5.00,1,5.00,0.9980,0.6000,-0.3988,"))
  }

  @Test("without stated spend, ROAS and its error are null, never the revenue error")
  func noSpend() throws {
    let text = TestScenarios.scripted(users: TestScenarios.alice)
    let summary = ScenarioRunner.collect(try TestScenarios.load(text)).summary
    let json = try #require(summary.decoding?.json.objectValue)
    let campaign = try #require(json["campaigns"]?.arrayValue?.first?.objectValue)
    #expect(campaign["roasErrorRatio"] == .null && campaign["spend"] == .null && campaign["trueRoas"] == .null)
    // (8.25 − 14.98) ÷ 14.98 = −0.44927…
    #expect(campaign["revenueErrorRatio"] == .double(-0.4493))
    #expect(json["roasRanking"] == .null)
    #expect(summary.decoding.map { DecodedCSV($0).cells }?.first?.contains("trueRoas") == false)
  }
}
