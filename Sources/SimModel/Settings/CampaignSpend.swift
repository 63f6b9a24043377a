/// What a campaign costs: one pricing model and the currency its amounts are in.
public struct CampaignSpend: Hashable, Sendable {
  /// How the ad network bills the campaign.
  public enum Pricing: Hashable, Sendable {
    /// An amount per thousand recorded impressions (views and clicks).
    case cpm(Double)
    /// An amount per recorded click (tap).
    case cpc(Double)
    /// An amount per install the network is credited with (a first postback it can match to the campaign).
    case cpi(Double)
    /// An amount per day on which the campaign recorded at least one impression.
    case dailyBudget(Double)

    /// The scenario key that states it: `cpm`, `cpc`, `cpi` or `dailyBudget`.
    public var key: String {
      switch self {
      case .cpm: "cpm"
      case .cpc: "cpc"
      case .cpi: "cpi"
      case .dailyBudget: "dailyBudget"
      }
    }

    /// The amount per unit (thousand impressions, click, install or day).
    public var amount: Double {
      switch self {
      case .cpm(let amount), .cpc(let amount), .cpi(let amount), .dailyBudget(let amount): amount
      }
    }
  }

  /// The pricing model and its amount.
  public var pricing: Pricing
  /// ISO 4217 code of the amounts; nil for the reporting currency (the schema's).
  public var currency: String?

  /// A spend of `pricing`, in `currency` (the reporting currency when nil).
  public init(_ pricing: Pricing, currency: String? = nil) {
    self.pricing = pricing
    self.currency = currency
  }

  /// The pricing keys a scenario may give, one per campaign.
  public static let pricingKeys = ["cpm", "cpc", "cpi", "dailyBudget"]

  /// What the campaign cost in its own currency, given what it delivered.
  public func amount(impressions: Int, clicks: Int, installs: Int, days: Int) -> Double {
    switch pricing {
    case .cpm(let price): price * Double(impressions) / 1000
    case .cpc(let price): price * Double(clicks)
    case .cpi(let price): price * Double(installs)
    case .dailyBudget(let budget): budget * Double(days)
    }
  }
}
