import SimJSON
import SimModel

/// How well a conversion model's postbacks decode: per campaign and window, what the receivers
/// decoded against the ground truth only a simulator knows (the `decoding` figures of
/// `summary.json`; `DecodedCSV` renders its rows as `decoded.csv`). A value: the receiver's
/// `PostbackDecoder` fills it, output code reads it.
public struct DecodedTable: Sendable, Equatable {
  /// Where a row sits: by scenario indices for known networks and campaigns, else by the
  /// identifiers a postback gave.
  package struct Key: Hashable, Comparable, Sendable {
    package var network: Int  // Int.max for a network the table does not know
    package var networkId: String
    package var campaign: Int  // Int.max for unmatched
    package var unmatched: String
    package var window: Int

    package init(network: Int, networkId: String = "", campaign: Int, unmatched: String = "", window: Int) {
      self.network = network
      self.networkId = networkId
      self.campaign = campaign
      self.unmatched = unmatched
      self.window = window
    }

    package static func < (a: Key, b: Key) -> Bool {
      (a.network, a.networkId, a.campaign, a.unmatched, a.window)
        < (b.network, b.networkId, b.campaign, b.unmatched, b.window)
    }
  }

  /// The calibrated estimator's state: its calibration and how often each cell level answered.
  public package(set) var calibrated: CalibratedDecoding?
  /// The schema events whose users the rows count, in order.
  package let eventNames: [String]
  /// The scenario's networks, which name the rows (none for postbacks from anywhere).
  package let networks: [AdNetwork]
  /// The conversion windows the table decodes: three from SKAdNetwork 4.0, one before.
  package let windows: Int
  /// The decoder's currencies: the one revenue is decoded and compared in, and the rates to it.
  package let currencies: CurrencyTable
  /// Whether rows carry a simulation's truth (false for postbacks from anywhere).
  public let hasTruth: Bool
  /// The ISO 4217 code of the currency revenue is decoded and compared in.
  public var currency: String { currencies.base }
  /// The rows filled so far, by key; ``orderedRows`` is what outputs read.
  package var rows: [Key: Row] = [:]
  /// What each campaign delivered, for pricing its spend; nil for postbacks decoded from anywhere.
  package var delivery: CampaignDelivery?
  /// Hours from install to the first winning postback carrying a value, for conversions that
  /// had one.
  public package(set) var firstSignals = FirstSignalDelays()
  /// Conversions none of whose winning postbacks carried a value the decoder knows.
  public package(set) var conversionsWithoutSignal = 0
  /// What each network's dashboard was handed, by the network's campaign and window.
  package var dashboards: [Key: DashboardCell] = [:]

  /// An empty table of `windows` windows, counting the events `eventNames` names, its rows named
  /// from `networks`.
  package init(
    eventNames: [String], networks: [AdNetwork], windows: Int, currencies: CurrencyTable, hasTruth: Bool,
    calibrated: CalibratedDecoding?
  ) {
    self.eventNames = eventNames
    self.networks = networks
    self.windows = windows
    self.currencies = currencies
    self.hasTruth = hasTruth
    self.calibrated = calibrated
  }

  /// The row at `key` as filled so far, or an empty one named for it.
  package func row(_ key: Key) -> Row {
    if let row = rows[key] { return row }
    let campaign: String
    if key.campaign != Int.max {
      campaign = networks[key.network].campaigns[key.campaign].name
    } else {
      campaign = key.unmatched
    }
    return Row(
      network: key.network == Int.max ? key.networkId : networks[key.network].name, campaign: campaign,
      window: key.window, trueEventUsers: Array(repeating: 0, count: eventNames.count),
      decodedEventUsers: Array(repeating: 0, count: eventNames.count))
  }

  /// Tables are equal when their figures are.
  public static func == (a: DecodedTable, b: DecodedTable) -> Bool {
    a.orderedRows == b.orderedRows && a.firstSignals == b.firstSignals && a.delivery == b.delivery
      && a.conversionsWithoutSignal == b.conversionsWithoutSignal && a.dashboards == b.dashboards
  }

  /// Rows in scenario order: network, campaign (unmatched last), window.
  /// Windows whose postbacks never came are imputed here, from the rows' postback counts.
  public var orderedRows: [Row] {
    let ordered = rows.sorted { $0.key < $1.key }.map(\.value)
    return calibrated?.imputingMissing(ordered, eventCount: eventNames.count) ?? ordered
  }

  /// One campaign's revenue over all its windows.
  public struct CampaignFigures: Sendable, Equatable {
    public var network: String
    public var campaign: String
    public var trueRevenue: Double
    public var decodedRevenue: Double
    /// Of the decoded revenue, what was imputed.
    public var imputedRevenue = 0.0
    /// Where its error comes from, over its windows.
    public var errorParts = DecodingErrorParts()
    /// (decoded − true) ÷ true revenue; nil without true revenue. ROAS error is
    /// ``CampaignEconomics/roasError``, which needs spend.
    public var revenueError: Double? { trueRevenue > 0 ? (decodedRevenue - trueRevenue) / trueRevenue : nil }
  }

  /// True and decoded revenue over all campaigns and windows.
  // Summed in row order: floating-point sums depend on order, outputs must not.
  public var trueRevenue: Double { orderedRows.reduce(0) { $0 + $1.trueRevenue } }
  public var decodedRevenue: Double { orderedRows.reduce(0) { $0 + $1.decodedRevenue } }
  /// Of the decoded revenue, what was imputed.
  public var imputedRevenue: Double { orderedRows.reduce(0) { $0 + $1.imputedRevenue } }
  /// Where the error of all rows comes from (their parts summed); nil without truth.
  public var errorParts: DecodingErrorParts? {
    hasTruth ? orderedRows.reduce(DecodingErrorParts()) { $0 + $1.errorParts } : nil
  }
  /// Decoded ÷ true revenue; nil without true revenue.
  public var revenueCaptured: Double? { trueRevenue > 0 ? decodedRevenue / trueRevenue : nil }
  /// (Decoded − true) ÷ true revenue: the relative error of revenue and so of ROAS; nil without
  /// true revenue.
  public var revenueError: Double? { revenueCaptured.map { $0 - 1 } }
  /// Postbacks whose value the model cannot produce.
  public var unknownValues: Int { orderedRows.reduce(0) { $0 + $1.unknown } }
  /// Median hours from install to the first winning postback carrying a value.
  public var firstSignalMedianHours: Double? { firstSignals.medianHours }

  /// Each campaign's figures, in scenario order.
  public var campaigns: [CampaignFigures] {
    var figures: [CampaignFigures] = []
    for row in orderedRows {
      if let last = figures.last, last.network == row.network, last.campaign == row.campaign {
        figures[figures.count - 1].trueRevenue += row.trueRevenue
        figures[figures.count - 1].decodedRevenue += row.decodedRevenue
        figures[figures.count - 1].imputedRevenue += row.imputedRevenue
        figures[figures.count - 1].errorParts = figures[figures.count - 1].errorParts + row.errorParts
      } else {
        figures.append(
          CampaignFigures(
            network: row.network, campaign: row.campaign, trueRevenue: row.trueRevenue, decodedRevenue: row.decodedRevenue,
            imputedRevenue: row.imputedRevenue, errorParts: row.errorParts))
      }
    }
    return figures
  }

  /// The `decoding` object of `summary.json`: the figures above, rounded to 4 decimals.
  public var json: JSONValue {
    func figure(_ value: Double?) -> JSONValue { value.map { .double(CSVField.rounded($0)) } ?? .null }
    var object: [String: JSONValue] = [
      "trueRevenue": figure(trueRevenue), "decodedRevenue": figure(decodedRevenue),
      "revenueCapturedRatio": figure(revenueCaptured), "revenueErrorRatio": figure(revenueError), "unknownValues": .int(Int64(unknownValues)),
      "campaigns": .array(campaignsJSON), "roasRanking": roasRankingJSON ?? .null,
      "earlyEstimates": earlyJSON ?? .null,
      "dashboards": .array(dashboardFigures.map(\.json)),
      "firstSignal": .object([
        "conversions": .int(Int64(firstSignals.count)),
        "conversionsWithout": .int(Int64(conversionsWithoutSignal)),
        "medianHours": figure(firstSignalMedianHours),
        "meanHours": figure(firstSignals.meanHours),
      ]),
    ]
    if let calibrated {
      object["measuredRevenue"] = figure(decodedRevenue - imputedRevenue)
      object["imputedRevenue"] = figure(imputedRevenue)
      object["estimator"] = calibrated.json
    }
    return .object(object)
  }
}
