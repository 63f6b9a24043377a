import SimJSON
import SimModel

/// Reads a campaign's `spend`: one pricing model (`cpm`, `cpc`, `cpi` or `dailyBudget`) and an
/// optional `currency`.
package struct SpendReader {
  package let reader: JSONReader

  package static let keys = CampaignSpend.pricingKeys + ["currency"]

  package func read() -> CampaignSpend? {
    guard let object = reader.object(keys: Self.keys) else { return nil }
    let stated = CampaignSpend.pricingKeys.compactMap { key in object.optional(key).map { (key, $0) } }
    guard let (key, amountReader) = stated.first else {
      reader.error("expected one pricing model: 'cpm', 'cpc', 'cpi' or 'dailyBudget'")
      return nil
    }
    // A campaign billed two ways has no single cost: refuse rather than guess which one counts.
    for (other, otherReader) in stated.dropFirst() {
      otherReader.error(
        "spend is stated twice for this campaign: '\(key)' and '\(other)'; give one pricing model")
    }
    let currencyReader = object.optional("currency")
    let currency = currencyReader.flatMap(SchemaReader.currencyCode)
    guard let amount = amountReader.number() else { return nil }
    guard amount >= 0 else {
      amountReader.error("spend cannot be negative: expected an amount of at least 0, found \(amountReader.node.summary)")
      return nil
    }
    guard amount <= WorkLimits.largestAmount else {
      amountReader.error("expected an amount of at most \(WorkLimits.largestAmount.plain), found \(amountReader.node.summary)")
      return nil
    }
    guard stated.count == 1, currencyReader == nil || currency != nil else { return nil }
    let pricing: CampaignSpend.Pricing =
      switch key {
      case "cpm": .cpm(amount)
      case "cpc": .cpc(amount)
      case "cpi": .cpi(amount)
      default: .dailyBudget(amount)
      }
    return CampaignSpend(pricing, currency: currency)
  }

  /// Spend in a currency the schema cannot convert is an error at its `currency`: decoded revenue
  /// and spend must be in one currency for ROAS to mean anything.
  package static func checkCurrencies(_ scenario: Scenario, networks: JSONReader?) {
    guard let networks, case .array(let elements) = networks.node.value else { return }
    let table = scenario.schema.currencies
    for (n, network) in scenario.adNetworks.enumerated() where n < elements.count {
      let networkReader = networks.child(elements[n], index: n)
      guard let campaignsReader = member(networkReader, "campaigns"), case .array(let campaigns) = campaignsReader.node.value
      else { continue }
      for (c, campaign) in network.campaigns.enumerated() where c < campaigns.count {
        guard let code = campaign.spend?.currency, table.rate(code) == nil else { continue }
        let campaignReader = campaignsReader.child(campaigns[c], index: c)
        guard let spendReader = member(campaignReader, "spend"), let currencyReader = member(spendReader, "currency") else {
          continue
        }
        currencyReader.error(
          "unknown currency \(Excerpt.quoted(code)): the schema (in \(table.base)) has no exchange rate for it; "
            + "add exchangeRates.\(code) to the schema or state spend in \(table.base)")
      }
    }
  }

  /// Why `table` cannot price `scenario`'s spend, or nil when it converts every spend currency
  /// (for a schema loaded beside a scenario, as `compare` does).
  package static func currencyProblem(_ scenario: Scenario, _ table: CurrencyTable) -> String? {
    let codes = Set(scenario.adNetworks.flatMap { $0.campaigns.compactMap { $0.spend?.currency } })
    let missing = table.missing(codes.sorted())
    guard !missing.isEmpty else { return nil }
    return "campaign spend is in \(missing.joined(separator: ", ")), which the schema (in \(table.base)) cannot convert: "
      + "add \(missing.map { "exchangeRates.\($0)" }.joined(separator: ", ")) to it"
  }

  private static func member(_ reader: JSONReader, _ key: String) -> JSONReader? {
    guard case .object(let members) = reader.node.value, let found = members.first(where: { $0.key == key }) else {
      return nil
    }
    return reader.child(found.value, key: key)
  }
}
