import SimJSON
import SimModel

/// One campaign as its network's dashboard reports it, beside the truth and the decoder's
/// estimate: how much the dashboard a marketer reads misleads under the schema.
public struct DashboardFigures: Sendable, Equatable {
  public var network: String
  public var campaign: String
  /// The network's dashboard settings.
  public var settings: DashboardSettings
  /// Postbacks 1 on the dashboard: the installs it reports.
  public var installs: Int
  /// Postbacks on the dashboard, and those received but not yet shown.
  public var postbacksShown: Int, postbacksNotYetShown: Int
  /// Share of the shown postbacks without a value; nil with none shown.
  public var nullShare: Double?
  /// The revenue the dashboard reports, nulls treated as its settings say.
  public var revenue: Double
  /// The truth, and the decoder's estimate (to the horizon).
  public var trueRevenue: Double, decodedRevenue: Double
  /// What the campaign cost, in the report's currency; nil without stated spend.
  public var spend: Double?
  /// Mean hours from a postback's arrival to the dashboard; nil with none shown.
  public var meanDelayHours: Double?

  /// Dashboard and true ROAS; nil without spend.
  public var roas: Double? { spend.flatMap { $0 > 0 ? revenue / $0 : nil } }
  public var trueRoas: Double? { spend.flatMap { $0 > 0 ? trueRevenue / $0 : nil } }
  /// (dashboard − true) ÷ true, and the same for the decoder; nil without true revenue.
  public var errorRatio: Double? { trueRevenue > 0 ? (revenue - trueRevenue) / trueRevenue : nil }
  public var decoderErrorRatio: Double? { trueRevenue > 0 ? (decodedRevenue - trueRevenue) / trueRevenue : nil }

  /// The revenue a dashboard reports from its cells (one per window): valued postbacks'
  /// revenue, plus what its null rule adds.
  package static func revenue(_ cells: [DashboardCell], nulls: DashboardSettings.Nulls) -> Double {
    cells.reduce(0) { total, cell in
      switch nulls {
      case .null: total + cell.valuedRevenue
      case .zero: total + cell.valuedRevenue + cell.nullsAsZeroRevenue
      // Singular's modelled metrics: observed revenue ÷ the share of installs with a value, per
      // campaign (here per window too); nothing to model from when no postback has one.
      case .modelled: total + (cell.valued > 0 ? cell.valuedRevenue * Double(cell.shown) / Double(cell.valued) : 0)
      }
    }
  }

  /// The `decoding.dashboards[]` entry.
  public var json: JSONValue {
    func figure(_ value: Double?) -> JSONValue { value.map { .double(CSVField.rounded($0)) } ?? .null }
    let delivery: JSONValue
    switch settings.delivery {
    case .live: delivery = .string("live")
    case .daily: delivery = .string("daily")
    }
    return .object([
      "network": .string(network), "campaign": .string(campaign), "dashboard": .string(settings.name),
      "nulls": .string(settings.nulls.rawValue), "delivery": delivery,
      "installs": .int(Int64(installs)), "postbacksShown": .int(Int64(postbacksShown)),
      "postbacksNotYetShown": .int(Int64(postbacksNotYetShown)), "nullShare": figure(nullShare),
      "revenue": figure(revenue), "roas": figure(roas), "trueRevenue": figure(trueRevenue), "trueRoas": figure(trueRoas),
      "decodedRevenue": figure(decodedRevenue), "errorRatio": figure(errorRatio), "decoderErrorRatio": figure(decoderErrorRatio),
      "meanDelayHours": figure(meanDelayHours),
    ])
  }
}
