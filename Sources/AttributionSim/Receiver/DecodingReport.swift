import SimEngine
import SimJSON

/// How well a conversion model's postbacks decode: per campaign and window, what the receivers
/// decoded against the ground truth only a simulator knows (`decoded.csv` and the `decoding`
/// figures of `summary.json`).
public struct DecodingReport: Sendable, Equatable {
  /// One campaign's window.
  public struct Row: Sendable, Equatable {
    /// Network and campaign names; the campaign is "?" plus the digits when a postback's
    /// source identifier matches no campaign or several.
    public var network: String
    public var campaign: String
    /// Postback sequence index (0 before 4.0).
    public var window: Int
    /// Attributed installs of the campaign (the same in each of its windows).
    public var installs = 0
    /// Winning postbacks the ad network accepted for this window.
    public var postbacks = 0
    /// Of those, how many carried a fine value, a coarse value, nothing, or a value the model
    /// cannot produce (counted, not decoded).
    public var fine = 0, coarse = 0, none = 0, unknown = 0
    /// True revenue (USD) in the window, over the campaign's installs.
    public var trueRevenue = 0.0
    /// The sum of the decoded point estimates.
    public var decodedRevenue = 0.0
    /// Per schema event: installs where it happened in the window, and postbacks saying so.
    public var trueEventUsers: [Int]
    public var decodedEventUsers: [Int]
  }

  private struct Key: Hashable, Comparable {
    var network: Int
    var campaign: Int  // Int.max for unmatched
    var unmatched: String
    var window: Int
    static func < (a: Key, b: Key) -> Bool {
      (a.network, a.campaign, a.unmatched, a.window) < (b.network, b.campaign, b.unmatched, b.window)
    }
  }

  private let decoder: any ConversionDecoder
  private let eventNames: [String]
  private let networks: [AdNetwork]
  private let networkIndex: [String: Int]
  private let windowCount: Int
  private let hasSourceIdentifiers: Bool
  private var rows: [Key: Row] = [:]
  /// First time each user's winning postback carried a value, until their conversion arrives.
  private var firstSignal: [String: SimTime] = [:]
  /// Install-to-first-signal delays, in hours.
  private var signalDelays: [Double] = []
  private var conversionsWithoutSignal = 0

  /// A report for `scenario` decoded with `decoder`, reading the events `eventNames` names.
  public init(scenario: Scenario, decoder: any ConversionDecoder, eventNames: [String]) {
    self.decoder = decoder
    self.eventNames = eventNames
    networks = scenario.adNetworks
    networkIndex = Dictionary(scenario.adNetworks.enumerated().map { ($0.element.identifier, $0.offset) }) { a, _ in a }
    windowCount = scenario.platform.version.hasConversionWindows ? 3 : 1
    hasSourceIdentifiers = scenario.platform.version.hasConversionWindows
  }

  private mutating func row(_ key: Key) -> Row {
    if let row = rows[key] { return row }
    let network = networks[key.network]
    return Row(
      network: network.name, campaign: key.campaign == Int.max ? key.unmatched : network.campaigns[key.campaign].name,
      window: key.window, trueEventUsers: Array(repeating: 0, count: eventNames.count),
      decodedEventUsers: Array(repeating: 0, count: eventNames.count))
  }

  /// Decodes an accepted winning postback.
  mutating func decode(_ postback: PostbackRecord) {
    guard case .object(let body) = postback.payload, case .string(let networkId) = body["ad-network-id"],
      let network = networkIndex[networkId]
    else { return }
    var key = Key(network: network, campaign: Int.max, unmatched: "", window: postback.sequenceIndex)
    if hasSourceIdentifiers, case .string(let digits) = body["source-identifier"], let value = Int(digits) {
      let modulus = TierDecision.modulus(digits: digits.count)
      let matches = networks[network].campaigns.indices.filter { networks[network].campaigns[$0].sourceIdentifier % modulus == value }
      if matches.count == 1 { key.campaign = matches[0] } else { key.unmatched = "?" + digits }
    } else if case .int(let id) = body["campaign-id"],
      let match = networks[network].campaigns.firstIndex(where: { $0.sourceIdentifier == Int(id) })
    {
      key.campaign = match
    } else {
      key.unmatched = "?"
    }
    var entry = row(key)
    entry.postbacks += 1
    var decoded: DecodedValue?
    if case .int(let fine) = body["conversion-value"] {
      decoded = decoder.decode(fine: Int(fine), window: postback.sequenceIndex)
      if decoded == nil { entry.unknown += 1 } else { entry.fine += 1 }
    } else if case .string(let text) = body["coarse-conversion-value"] {
      decoded = CoarseValue(rawValue: text).flatMap { decoder.decode(coarse: $0, window: postback.sequenceIndex) }
      if decoded == nil { entry.unknown += 1 } else { entry.coarse += 1 }
    } else {
      entry.none += 1
    }
    if let decoded {
      entry.decodedRevenue += decoded.revenueEstimate
      for (index, name) in eventNames.enumerated() where decoded.events[name] == true { entry.decodedEventUsers[index] += 1 }
      if firstSignal[postback.user] == nil { firstSignal[postback.user] = postback.time }
    }
    rows[key] = entry
  }

  /// Adds a finished conversion's truth to its winning campaign's rows.
  mutating func add(_ record: ConversionRecord) {
    let conversion = record.conversion
    for window in 0..<windowCount {
      let key = Key(
        network: Int(conversion.winner.network), campaign: Int(conversion.winner.campaign), unmatched: "", window: window)
      var entry = row(key)
      entry.installs += 1
      if conversion.windows.indices.contains(window) {
        let measurement = conversion.windows[window].measurement
        entry.trueRevenue += measurement.totalRevenue
        for index in eventNames.indices where measurement.eventCounts.indices.contains(index) {
          if measurement.eventCounts[index] > 0 { entry.trueEventUsers[index] += 1 }
        }
      }
      rows[key] = entry
    }
    let user = record.user.name.description
    if let signal = firstSignal.removeValue(forKey: user) {
      signalDelays.append(Double((signal - conversion.installTime).milliseconds) / 3_600_000)
    } else {
      conversionsWithoutSignal += 1
    }
  }

  /// Reports are equal when their figures are; the decoder itself is not compared.
  public static func == (a: DecodingReport, b: DecodingReport) -> Bool {
    a.orderedRows == b.orderedRows && a.signalDelays == b.signalDelays
      && a.conversionsWithoutSignal == b.conversionsWithoutSignal
  }

  /// Rows in scenario order: network, campaign (unmatched last), window.
  public var orderedRows: [Row] { rows.sorted { $0.key < $1.key }.map(\.value) }

  /// `decoded.csv`: one line per campaign and window.
  public var csv: String {
    var header = [
      "network", "campaign", "window", "installs", "postbacks", "fine", "coarse", "none", "unknown", "true_revenue",
      "decoded_revenue", "revenue_error",
    ]
    for name in eventNames { header += ["true_\(name)_users", "decoded_\(name)_users"] }
    var lines = [header.joined(separator: ",")]
    for row in orderedRows {
      var fields = [
        CSVField.text(row.network), CSVField.text(row.campaign), String(row.window), String(row.installs),
        String(row.postbacks), String(row.fine), String(row.coarse), String(row.none), String(row.unknown),
        CSVField.money(row.trueRevenue), CSVField.money(row.decodedRevenue),
        CSVField.money(row.decodedRevenue - row.trueRevenue),
      ]
      for index in eventNames.indices { fields += [String(row.trueEventUsers[index]), String(row.decodedEventUsers[index])] }
      lines.append(fields.joined(separator: ","))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The headline figures: revenue captured, per-campaign revenue (and so ROAS) error, unknown
  /// values, and the time from install to the first postback carrying a value.
  public var json: JSONValue {
    let all = orderedRows
    let trueTotal = all.reduce(0) { $0 + $1.trueRevenue }
    let decodedTotal = all.reduce(0) { $0 + $1.decodedRevenue }
    var campaigns: [JSONValue] = []
    var seen: Set<String> = []
    for row in all where !seen.contains(row.network + "/" + row.campaign) {
      seen.insert(row.network + "/" + row.campaign)
      let rows = all.filter { $0.network == row.network && $0.campaign == row.campaign }
      let truth = rows.reduce(0) { $0 + $1.trueRevenue }
      let decoded = rows.reduce(0) { $0 + $1.decodedRevenue }
      campaigns.append(.object([
        "network": .string(row.network), "campaign": .string(row.campaign),
        "trueRevenue": .double(CSVField.rounded(truth)), "decodedRevenue": .double(CSVField.rounded(decoded)),
        // Spend is the same on both sides, so ROAS is off by the revenue's relative error.
        "roasError": truth > 0 ? .double(CSVField.rounded((decoded - truth) / truth)) : .null,
      ]))
    }
    let delays = signalDelays.sorted()
    return .object([
      "trueRevenue": .double(CSVField.rounded(trueTotal)),
      "decodedRevenue": .double(CSVField.rounded(decodedTotal)),
      "revenueCaptured": trueTotal > 0 ? .double(CSVField.rounded(decodedTotal / trueTotal)) : .null,
      "unknownValues": .int(Int64(all.reduce(0) { $0 + $1.unknown })),
      "campaigns": .array(campaigns),
      "firstSignal": .object([
        "conversions": .int(Int64(delays.count)),
        "conversionsWithout": .int(Int64(conversionsWithoutSignal)),
        "medianHours": delays.isEmpty ? .null : .double(CSVField.rounded(delays[delays.count / 2])),
        "meanHours": delays.isEmpty ? .null : .double(CSVField.rounded(delays.reduce(0, +) / Double(delays.count))),
      ]),
    ])
  }
}
