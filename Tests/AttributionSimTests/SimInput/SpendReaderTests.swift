import AttributionSim
import AttributionTestSupport
import Testing

/// A campaign's spend: one pricing model, an amount of at least 0, a currency the schema converts.
@Suite("Campaign spend is read or refused with a located error")
struct SpendReaderTests {
  private static let campaign = "{ name: \"c1\", sourceIdentifier: 1234 }"

  private func diagnostics(spend: String) -> [String] {
    TestScenarios.diagnostics(
      TestScenarios.minimal.replacing(required: Self.campaign, with: "{ name: \"c1\", sourceIdentifier: 1234, spend: \(spend) }"))
  }

  private func spend(_ spend: String, extra: String = "") throws -> CampaignSpend? {
    let text = TestScenarios.minimal.replacing(
      required: Self.campaign, with: "{ name: \"c1\", sourceIdentifier: 1234, spend: \(spend) }")
    return try TestScenarios.load(text.replacing(required: "  seed: 7,", with: "  seed: 7,\(extra)")).adNetworks[0].campaigns[0].spend
  }

  @Test("each pricing model is read with its amount; the currency defaults to the reporting currency")
  func pricingModels() throws {
    #expect(try spend("{ cpm: 4.5 }") == CampaignSpend(.cpm(4.5)))
    #expect(try spend("{ cpc: 0.4 }") == CampaignSpend(.cpc(0.4)))
    #expect(try spend("{ cpi: 2 }") == CampaignSpend(.cpi(2)))
    #expect(try spend("{ dailyBudget: 100 }") == CampaignSpend(.dailyBudget(100)))
    #expect(try spend("{ cpi: 0 }") == CampaignSpend(.cpi(0)), "a free campaign is allowed")
  }

  @Test("a currency the schema converts is kept")
  func convertibleCurrency() throws {
    let schema = " schema: { version: 1, currency: \"USD\", exchangeRates: { EUR: 1.08 } },"
    #expect(try spend("{ cpc: 3, currency: \"EUR\" }", extra: schema) == CampaignSpend(.cpc(3), currency: "EUR"))
  }

  @Test("negative spend is refused at its amount")
  func negative() {
    #expect(diagnostics(spend: "{ cpm: -2 }") == [
      "bad.json:9:119: error: adNetworks[0].campaigns[0].spend.cpm: spend cannot be negative: expected an amount of at least 0, found number -2"
    ])
  }

  @Test("spend stated twice for a campaign is refused at the second pricing model")
  func statedTwice() {
    #expect(diagnostics(spend: "{ cpm: 2, cpc: 0.5 }") == [
      "bad.json:9:127: error: adNetworks[0].campaigns[0].spend.cpc: spend is stated twice for this campaign: 'cpm' and 'cpc'; give one pricing model"
    ])
  }

  @Test("spend without a pricing model says which ones there are")
  func noPricing() {
    #expect(diagnostics(spend: "{}") == [
      "bad.json:9:112: error: adNetworks[0].campaigns[0].spend: expected one pricing model: 'cpm', 'cpc', 'cpi' or 'dailyBudget'"
    ])
  }

  @Test("a misspelt pricing key gets a did-you-mean")
  func misspelt() {
    #expect(diagnostics(spend: "{ cpn: 2 }").contains(
      "bad.json:9:114: error: adNetworks[0].campaigns[0].spend.cpn: unknown key 'cpn'; did you mean 'cpm'?"))
  }

  @Test("a currency the schema cannot convert is an unknown currency, at its key")
  func unknownCurrency() {
    #expect(diagnostics(spend: "{ cpi: 2, currency: \"EUR\" }") == [
      "bad.json:9:132: error: adNetworks[0].campaigns[0].spend.currency: unknown currency 'EUR': the schema (in USD) has no exchange rate for it; add exchangeRates.EUR to the schema or state spend in USD"
    ])
    #expect(diagnostics(spend: "{ cpi: 2, currency: \"euro\" }") == [
      "bad.json:9:132: error: adNetworks[0].campaigns[0].spend.currency: expected a currency code (three capital letters, ISO 4217), found 'euro'"
    ])
  }

  @Test("a schema loaded beside the scenario (compare) must convert the spend's currency too")
  func comparedSchemaConvertsSpend() throws {
    let scenario = try TestScenarios.load(
      TestScenarios.minimal.replacing(
        required: Self.campaign, with: "{ name: \"c1\", sourceIdentifier: 1234, spend: { cpc: 1, currency: \"EUR\" } }")
        .replacing(required: "  seed: 7,", with: "  seed: 7, schema: { version: 1, exchangeRates: { EUR: 1.08 } },"))
    #expect(throws: Never.self) { try ScenarioLoader.parseSchema("{ version: 1, exchangeRates: { EUR: 1.1 } }", file: "a.json", for: scenario) }
    var messages: [String] = []
    do {
      _ = try ScenarioLoader.parseSchema("{ version: 1 }", file: "b.json", for: scenario)
    } catch {
      messages = error.diagnostics.map(\.description)
    }
    #expect(messages == [
      "b.json:1:1: error: campaign spend is in EUR, which the schema (in USD) cannot convert: add exchangeRates.EUR to it"
    ])
  }
}
