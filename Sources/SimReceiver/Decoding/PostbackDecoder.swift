import SimEngine
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Decodes the winning postbacks an ad network accepted into a ``DecodedTable``: each value with
/// a conversion model's decoder, valued by the estimator `CalibratedDecoding` carries, into its
/// campaign's row; and, in a run, each finished conversion's truth into its campaign's rows.
///
/// The receiver decodes through it (``PostbackReceiver/receive(_:decodingInto:)``), so a run, a
/// shard's phase 2 and `attrsim decode` decode alike; a merge of finalised shards uses it directly
/// with the answers the shards' receivers wrote.
public struct PostbackDecoder: Sendable {
  /// What has been decoded so far.
  public package(set) var table: DecodedTable
  private let decoder: any ConversionDecoder
  private let networkIndex: [String: Int]
  /// The scenario's currencies, in measurement order, for converting true revenue.
  private let currencies: [String]
  /// Decodings already worked out, by window and value (fine 0–63, coarse as -1 − rank): a
  /// decoder answers the same for the same value, and working it out is costly.
  private var decodings: [Int: DecodedValue?] = [:]
  /// What each user's winning postbacks showed, until their conversion's truth arrives.
  private var pending = PendingSignals()
  /// What fine value 0 stands for under the schema's own mapping, once a dashboard asks.
  private var zeroRevenue: Double?

  /// A decoder for `scenario`'s run with `decoder`, reading the events `eventNames` names.
  public init(
    scenario: Scenario, decoder: any ConversionDecoder, eventNames: [String], calibrated: CalibratedDecoding? = nil
  ) {
    self.init(
      decoder: decoder, eventNames: eventNames, networks: scenario.adNetworks,
      windows: scenario.attributionFramework.windowCount, currencies: scenario.currencies, hasTruth: true,
      calibrated: calibrated)
  }

  /// A decoder of postbacks from anywhere, without truth: rows by network and campaign, named
  /// from `networks` where they match (otherwise the ad network identifier and the source
  /// identifier or campaign-id).
  public init(
    decoder: any ConversionDecoder, eventNames: [String], networks: [AdNetwork] = [], calibrated: CalibratedDecoding? = nil
  ) {
    self.init(
      decoder: decoder, eventNames: eventNames, networks: networks, windows: calibrated?.calibration?.windowCount ?? 3,
      currencies: [], hasTruth: false, calibrated: calibrated)
  }

  private init(
    decoder: any ConversionDecoder, eventNames: [String], networks: [AdNetwork], windows: Int, currencies: [String],
    hasTruth: Bool, calibrated: CalibratedDecoding?
  ) {
    table = DecodedTable(
      eventNames: eventNames, networks: networks, windows: windows, currencies: decoder.currencies, hasTruth: hasTruth,
      calibrated: calibrated)
    self.decoder = decoder
    self.currencies = currencies
    networkIndex = Dictionary(networks.enumerated().map { ($0.element.identifier, $0.offset) }) { a, _ in a }
  }

  /// Decodes an accepted winning postback of the run.
  /// `fields` are the body's, when a receiver has flattened it already. `tracksUser` false
  /// leaves out what is kept per user until their conversion's truth arrives, for a merge whose
  /// shards worked that out (``add(_:signals:)``).
  package mutating func decode(_ postback: PostbackRecord, fields: PostbackFields? = nil, tracksUser: Bool = true) {
    guard let (key, outcome, value, schemaRevenue) = decodeEntry(fields: fields ?? PostbackFields(postback.payload)) else { return }
    if tracksUser { pending.note(postback, window: key.window, outcome: outcome) }
    if outcome == .none, key.window == 0, zeroRevenue == nil {
      let decoder = self.decoder
      zeroRevenue = memo(window: 0, value: 0) { decoder.decode(fine: 0, window: 0) }?.revenueEstimate ?? 0
    }
    table.dashboardReceives(
      key, at: postback.time, outcome: outcome, revenue: schemaRevenue, zeroRevenue: key.window == 0 ? zeroRevenue ?? 0 : 0)
    guard table.hasTruth else { return }
    // The row of the campaign that truly won: its own postbacks count there, wherever their
    // digits put them, and the difference is ambiguity.
    let own = DecodedTable.Key(network: postback.network, campaign: postback.campaign, window: key.window)
    var mine = table.row(own)
    mine.addOwn(value, carriedValue: outcome != .none, elsewhere: own != key)
    table.rows[own] = mine
    if own != key { table.rows[key]?.ambiguity += value }
  }

  /// Decodes a winning postback body (from the run or from anywhere) into its campaign's row:
  /// SKAdNetwork's fields, or AdAttributionKit's JWS payload and unsigned siblings. A body that
  /// is not a postback (no ad network identifier) decodes to nil and counts nowhere.
  @discardableResult
  public mutating func decode(payload: JSONValue) -> DecodingOutcome? {
    decode(fields: PostbackFields(payload))
  }

  /// Decodes a winning postback from its flattened fields; see ``decode(payload:)``.
  @discardableResult
  package mutating func decode(fields body: PostbackFields) -> DecodingOutcome? {
    decodeEntry(fields: body)?.outcome
  }

  /// Decodes a postback body into its row; the row's key, the outcome and the revenue it added.
  private mutating func decodeEntry(
    fields body: PostbackFields
  ) -> (key: DecodedTable.Key, outcome: DecodingOutcome, value: Double, schemaRevenue: Double?)? {
    guard let key = key(of: body) else { return nil }
    let window = key.window
    var entry = table.row(key)
    let decoder = self.decoder
    let outcome: DecodingOutcome
    if let fine = body.fineValue {
      let decoded = memo(window: window, value: Int(clamping: fine)) { decoder.decode(fine: Int(fine), window: window) }
      outcome = decoded.map(DecodingOutcome.decoded) ?? .unknown
    } else if let text = body.coarseValue {
      let coarse = CoarseValue(rawValue: text)
      let rank = coarse.map { CoarseValue.allCases.firstIndex(of: $0)! } ?? 3
      let decoded = memo(window: window, value: -1 - rank) { coarse.flatMap { decoder.decode(coarse: $0, window: window) } }
      outcome = decoded.map(DecodingOutcome.decoded) ?? .unknown
    } else {
      outcome = .none
    }
    let source = CalibrationCell.Source(network: entry.network, campaign: entry.campaign)
    let revenue: Double
    let signal: CalibrationSignal?
    switch outcome {
    case .decoded(let decoded):
      let carried: CalibrationSignal =
        body.fineValue.map { .fine(Int(clamping: $0)) } ?? .coarse(body.coarseValue.flatMap(CoarseValue.init) ?? .low)
      signal = carried
      revenue = table.calibrated?.revenue(window: window, signal: carried, source: source) ?? decoded.revenueEstimate ?? 0
    case .unknown:
      signal = nil
      revenue = 0
    case .none:
      signal = CalibrationSignal.none
      revenue = table.calibrated?.revenue(window: window, signal: .none, source: source) ?? 0
    }
    var forecast = signal.flatMap { table.calibrated?.forecast(window: window, signal: $0, source: source) }
    // Without a calibrated forecast, a predicted-LTV fine value (window 1's) forecasts itself,
    // as a network summing pLTV values reads it: the prediction it stands for beyond what
    // window 1 decoded to, when the predictor runs to the last window's end or later.
    if forecast == nil, window == 0, body.fineValue != nil, case .decoded(let decoded) = outcome,
      let range = decoded.ranges[.revenue(.predicted)], let predictor = (decoder as? ConversionSchema)?.predictor,
      predictor.horizonDays >= (WindowSchedule.productionEndDays.last ?? 35), let predicted = predictor.prediction(in: range)
    {
      forecast = max(0, predicted - revenue)
    }
    let before = entry.decodedRevenue
    entry.add(outcome, fine: body.fineValue != nil, revenue: revenue, forecast: forecast ?? 0)
    let value = entry.decodedRevenue - before
    table.rows[key] = entry
    let schemaRevenue: Double? = if case .decoded(let decoded) = outcome { decoded.revenueEstimate } else { nil }
    return (key, outcome, value, schemaRevenue)
  }

  /// The row a postback body lands in: its network's, and the campaign its source-identifier
  /// digits or campaign-id match; nil when it names no ad network.
  private func key(of body: PostbackFields) -> DecodedTable.Key? {
    guard let networkId = body.networkId else { return nil }
    // Known networks are keyed by index alone, as the truth rows are.
    let known = networkIndex[networkId]
    var key = DecodedTable.Key(
      network: known ?? Int.max, networkId: known == nil ? networkId : "", campaign: Int.max,
      window: body.sequenceIndex ?? 0)
    let campaigns = key.network == Int.max ? [] : table.networks[key.network].campaigns
    // Unmatched identifiers are marked "?" when the table knows the network's campaigns.
    let mark = campaigns.isEmpty ? "" : "?"
    // Source identifiers have 2 to 4 digits (§7.1); anything else matches no campaign.
    if let digits = body.sourceIdentifier, (2...4).contains(digits.count), let value = Int(digits) {
      let modulus = TierDecision.modulus(digits: digits.count)
      let matches = campaigns.indices.filter { campaigns[$0].sourceIdentifier % modulus == value }
      if matches.count == 1 { key.campaign = matches[0] } else { key.unmatched = mark + digits }
    } else if let id = body.campaignId {
      if let match = campaigns.firstIndex(where: { $0.sourceIdentifier == Int(id) }) {
        key.campaign = match
      } else {
        key.unmatched = mark + String(id)
      }
    } else {
      key.unmatched = "?"
    }
    return key
  }

  private mutating func memo(window: Int, value: Int, _ decode: () -> DecodedValue?) -> DecodedValue? {
    // Values far outside 0–63 (or odd windows) are rare and not worth keeping.
    guard (-4...63).contains(value), (0..<8).contains(window) else { return decode() }
    let key = window * 128 + value + 4
    if let known = decodings[key] { return known }
    let decoded = decode()
    decodings[key] = .some(decoded)
    return decoded
  }

  /// Adds a finished conversion's truth to its winning campaign's rows; returns what its
  /// user's winning postbacks showed, as it used it.
  @discardableResult
  package mutating func add(_ record: ConversionRecord) -> ConversionSignals {
    let signals = pending.take(for: record.truth)
    add(record, signals: signals)
    return signals
  }

  /// Adds a finished conversion's truth given what its user's winning postbacks showed, as
  /// ``add(_:)`` worked it out where they were received (a shard's phase 2).
  package mutating func add(_ record: ConversionRecord, signals: ConversionSignals) {
    let truth = record.truth
    let windowsSeen = signals.windows
    for window in 0..<table.windows {
      let key = DecodedTable.Key(network: truth.network, campaign: truth.campaign, window: window)
      let measures = truth.windows.indices.contains(window) ? truth.windows[window] : nil
      let revenue = measures?.revenue(.all, currencies: currencies, table: decoder.currencies) ?? 0
      let fate: DecodedTable.Row.PostbackFate
      switch windowsSeen[window] {
      case true?: fate = .carriedValue
      case false?: fate = .carriedNone
      case nil where window > 0 && record.tier == 0: fate = .withheld
      case nil: fate = .lost(afterFirst: window > 0 && windowsSeen[0] != nil)
      }
      var entry = table.row(key)
      entry.add(install: revenue, fate: fate, eventCounts: measures?.eventCounts)
      table.rows[key] = entry
    }
    if let signal = signals.firstSignal {
      table.firstSignals.add(milliseconds: (signal - truth.installTime).milliseconds)
    } else {
      table.conversionsWithoutSignal += 1
    }
  }
}
