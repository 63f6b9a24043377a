import SimEngine
import SimJSON
import SimModel
import SimPlatform

/// How well a conversion model's postbacks decode: per campaign and window, what the receivers
/// decoded against the ground truth only a simulator knows (the `decoding` figures of
/// `summary.json`; `DecodedCSV` renders its rows as `decoded.csv`).
public struct DecodingReport: Sendable, Equatable {
  /// One campaign's window.
  public struct Row: Sendable, Equatable {
    /// Network and campaign names; the campaign is "?" plus the digits when a postback's
    /// source identifier matches no campaign or several.
    public var network: String
    public var campaign: String
    /// Postback sequence index (0 before 4.0); outputs show it plus one (windows 1–3).
    public var window: Int
    /// Attributed installs of the campaign (the same in each of its windows).
    public var installs = 0
    /// Winning postbacks the ad network accepted for this window.
    public var postbacks = 0
    /// Of those, how many carried a fine value, a coarse value, nothing, or a value the model
    /// cannot produce (counted, not decoded).
    public var fine = 0, coarse = 0, none = 0, unknown = 0
    /// True revenue in the window (in the decoder's currency), over the campaign's installs.
    public var trueRevenue = 0.0
    /// The sum of the decoded point estimates: measured plus imputed.
    public var decodedRevenue = 0.0
    /// Of that, what was imputed for postbacks without a value and windows whose postback never
    /// came (the calibrated estimator's conditional mean; nothing under the others).
    public var imputedRevenue = 0.0
    /// What the postbacks' values say, without imputation.
    public var measuredRevenue: Double { decodedRevenue - imputedRevenue }
    /// Per schema event: installs where it happened in the window, and postbacks saying so.
    public var trueEventUsers: [Int]
    public var decodedEventUsers: [Int]

    // What ``errorParts`` is made of (a run's rows only: postbacks from anywhere have no truth).
    /// What the campaign's own postbacks decoded to wherever their digits put them: those with
    /// a value (or an unknown one) and those without.
    package var valueDecoded = 0.0, nullDecoded = 0.0
    /// True revenue of the installs whose postback carried a value, carried none, was withheld
    /// at tier 0, or never arrived otherwise.
    package var valueTruth = 0.0, nullTruth = 0.0, withheldTruth = 0.0, lostTruth = 0.0
    /// Of the installs whose postback never arrived (not withheld), those whose first postback did.
    package var lostAfterFirst = 0
    /// Other campaigns' postbacks decoded here minus this campaign's decoded in other rows.
    package var ambiguity = 0.0
    /// Imputed for postbacks that never came (``CalibratedDecoding/imputingMissing(_:eventCount:)``),
    /// and how many.
    package var missingImputed = 0.0, missingPostbacks = 0

    /// Where the row's error (decoded − true revenue) comes from; the parts add up to it.
    ///
    /// The imputation for missing postbacks (a mean per postback) falls to the installs lost
    /// otherwise than by tier 0 first, up to the postbacks imputed, and to nulls for the rest.
    /// Granularity is worked out as the error minus the other three, which is what it equals
    /// (its postbacks' decoded minus their true revenue), so the four add up to the cent.
    public var errorParts: DecodingErrorParts {
      let perMissing = missingPostbacks > 0 ? missingImputed / Double(missingPostbacks) : 0
      let lateImputed = perMissing * Double(min(lostAfterFirst, missingPostbacks))
      var parts = DecodingErrorParts()
      parts.ambiguity = ambiguity
      parts.nulls = nullDecoded - nullTruth - withheldTruth + (missingImputed - lateImputed)
      parts.horizon = lateImputed - lostTruth
      parts.granularity = (decodedRevenue - trueRevenue) - parts.nulls - parts.ambiguity - parts.horizon
      return parts
    }
  }

  /// What a run's winning postback showed, kept until its conversion's truth arrives: 12 bytes,
  /// as a large run keeps one or more for every attributed user at once.
  private struct Seen {
    private var storedNetwork: Int32, storedCampaign: Int32, storedWindow: Int16
    var carriedValue: Bool
    var network: Int { Int(storedNetwork) }
    var campaign: Int { Int(storedCampaign) }
    var window: Int { Int(storedWindow) }
    // Scenario indices and windows are small; clamping never changes one.
    init(network: Int, campaign: Int, window: Int, carriedValue: Bool) {
      storedNetwork = Int32(clamping: network)
      storedCampaign = Int32(clamping: campaign)
      storedWindow = Int16(clamping: window)
      self.carriedValue = carriedValue
    }
  }

  private struct Key: Hashable, Comparable {
    var network: Int  // Int.max for a network the report does not know
    var networkId: String
    var campaign: Int  // Int.max for unmatched
    var unmatched: String
    var window: Int
    static func < (a: Key, b: Key) -> Bool {
      (a.network, a.networkId, a.campaign, a.unmatched, a.window)
        < (b.network, b.networkId, b.campaign, b.unmatched, b.window)
    }
  }

  /// What one postback's value decoded to.
  public enum Outcome: Sendable, Equatable {
    /// A fine or coarse value the model can produce, and what it means.
    case decoded(DecodedValue)
    /// No value (crowd anonymity withheld it, or the window had none).
    case none
    /// A value the model cannot produce.
    case unknown
  }

  let decoder: any ConversionDecoder
  /// The calibrated estimator's state: its calibration and how often each cell level answered.
  public package(set) var calibrated: CalibratedDecoding?
  /// The schema events whose users the rows count, in order.
  package let eventNames: [String]
  let networks: [AdNetwork]
  private let networkIndex: [String: Int]
  private(set) var windowCount: Int
  /// The conversion windows the report decodes: three from SKAdNetwork 4.0, one before.
  package var windows: Int { windowCount }
  /// The scenario's currencies, in measurement order, for converting true revenue.
  private var currencies: [String]
  /// Whether rows carry a simulation's truth (false for postbacks from anywhere).
  public private(set) var hasTruth: Bool
  /// The ISO 4217 code of the currency revenue is decoded and compared in.
  public var currency: String { decoder.currencies.base }
  private var rows: [Key: Row] = [:]
  /// What each campaign delivered, for pricing its spend; nil for postbacks decoded from anywhere.
  package var delivery: CampaignDelivery?
  /// Decodings already worked out, by window and value (fine 0–63, coarse as -1 − rank): a
  /// decoder answers the same for the same value, and working it out is costly.
  private var decodings: [Int: DecodedValue?] = [:]
  /// First time each user's winning postback carried a value, until their conversion arrives.
  private var firstSignal: [String: SimTime] = [:]
  /// Hours from install to the first winning postback carrying a value, for conversions that
  /// had one.
  public package(set) var firstSignals = FirstSignalDelays()
  /// Conversions none of whose winning postbacks carried a value the decoder knows.
  public private(set) var conversionsWithoutSignal = 0
  /// Per user, their winning postbacks so far, until their conversions' truth arrives.
  private var seen: [String: [Seen]] = [:]

  /// A report for `scenario` decoded with `decoder`, reading the events `eventNames` names.
  public init(
    scenario: Scenario, decoder: any ConversionDecoder, eventNames: [String], calibrated: CalibratedDecoding? = nil
  ) {
    self.init(decoder: decoder, eventNames: eventNames, networks: scenario.adNetworks, calibrated: calibrated)
    windowCount = scenario.attributionFramework.windowCount
    currencies = scenario.currencies
    hasTruth = true
  }

  /// A report of postbacks from anywhere, without truth: rows by network and campaign, named
  /// from `networks` where they match (otherwise the ad network identifier and the source
  /// identifier or campaign-id).
  public init(
    decoder: any ConversionDecoder, eventNames: [String], networks: [AdNetwork] = [], calibrated: CalibratedDecoding? = nil
  ) {
    self.decoder = decoder
    self.calibrated = calibrated
    self.eventNames = eventNames
    self.networks = networks
    networkIndex = Dictionary(networks.enumerated().map { ($0.element.identifier, $0.offset) }) { a, _ in a }
    windowCount = calibrated?.calibration?.windowCount ?? 3
    currencies = []
    hasTruth = false
  }

  private mutating func row(_ key: Key) -> Row {
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

  /// Decodes an accepted winning postback of the run.
  /// `fields` are the body's, when a receiver has flattened it already. `tracksUser` false
  /// leaves out what is kept per user until their conversion's truth arrives, for a merge whose
  /// shards worked that out (``add(_:signals:)``).
  package mutating func decode(_ postback: PostbackRecord, fields: PostbackFields? = nil, tracksUser: Bool = true) {
    guard let (key, outcome, value) = decodeEntry(fields: fields ?? PostbackFields(postback.payload)) else { return }
    if tracksUser, case .decoded = outcome, firstSignal[postback.user] == nil {
      firstSignal[postback.user] = postback.time
    }
    guard hasTruth else { return }
    // The row of the campaign that truly won: its own postbacks count there, wherever their
    // digits put them, and the difference is ambiguity.
    let own = Key(network: postback.network, networkId: "", campaign: postback.campaign, unmatched: "", window: key.window)
    var mine = row(own)
    let carriedValue = outcome != .none
    if carriedValue { mine.valueDecoded += value } else { mine.nullDecoded += value }
    if own != key { mine.ambiguity -= value }
    rows[own] = mine
    if own != key { rows[key]?.ambiguity += value }
    guard tracksUser else { return }
    seen[postback.user, default: []].append(
      Seen(network: postback.network, campaign: postback.campaign, window: key.window, carriedValue: carriedValue))
  }

  /// Decodes a winning postback body (from the run or from anywhere) into its campaign's row:
  /// SKAdNetwork's fields, or AdAttributionKit's JWS payload and unsigned siblings. A body that
  /// is not a postback (no ad network identifier) decodes to nil and counts nowhere.
  @discardableResult
  public mutating func decode(payload: JSONValue) -> Outcome? {
    decode(fields: PostbackFields(payload))
  }

  /// Decodes a winning postback from its flattened fields; see ``decode(payload:)``.
  @discardableResult
  package mutating func decode(fields body: PostbackFields) -> Outcome? {
    decodeEntry(fields: body)?.outcome
  }

  /// Decodes a postback body into its row; the row's key, the outcome and the revenue it added.
  private mutating func decodeEntry(fields body: PostbackFields) -> (key: Key, outcome: Outcome, value: Double)? {
    guard let networkId = body.networkId else { return nil }
    let window = body.sequenceIndex ?? 0
    // Known networks are keyed by index alone, as the truth rows are.
    let known = networkIndex[networkId]
    var key = Key(
      network: known ?? Int.max, networkId: known == nil ? networkId : "", campaign: Int.max, unmatched: "", window: window)
    let campaigns = key.network == Int.max ? [] : networks[key.network].campaigns
    // Unmatched identifiers are marked "?" when the report knows the network's campaigns.
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
    var entry = row(key)
    entry.postbacks += 1
    let decoder = self.decoder
    let outcome: Outcome
    if let fine = body.fineValue {
      let decoded = memo(window: window, value: Int(clamping: fine)) { decoder.decode(fine: Int(fine), window: window) }
      outcome = decoded.map(Outcome.decoded) ?? .unknown
      if case .decoded = outcome { entry.fine += 1 }
    } else if let text = body.coarseValue {
      let coarse = CoarseValue(rawValue: text)
      let rank = coarse.map { CoarseValue.allCases.firstIndex(of: $0)! } ?? 3
      let decoded = memo(window: window, value: -1 - rank) { coarse.flatMap { decoder.decode(coarse: $0, window: window) } }
      outcome = decoded.map(Outcome.decoded) ?? .unknown
      if case .decoded = outcome { entry.coarse += 1 }
    } else {
      outcome = .none
      entry.none += 1
    }
    let source = CalibrationCell.Source(network: entry.network, campaign: entry.campaign)
    let before = entry.decodedRevenue
    switch outcome {
    case .decoded(let decoded):
      let signal: CalibrationSignal =
        body.fineValue.map { .fine(Int(clamping: $0)) } ?? .coarse(body.coarseValue.flatMap(CoarseValue.init) ?? .low)
      entry.decodedRevenue +=
        calibrated?.revenue(window: window, signal: signal, source: source) ?? decoded.revenueEstimate ?? 0
      for index in eventNames.indices where decoded.event(index) == true { entry.decodedEventUsers[index] += 1 }
    case .unknown:
      entry.unknown += 1
    case .none:
      let imputed = calibrated?.revenue(window: window, signal: .none, source: source) ?? 0
      entry.decodedRevenue += imputed
      entry.imputedRevenue += imputed
    }
    let value = entry.decodedRevenue - before
    rows[key] = entry
    return (key, outcome, value)
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
    let truth = record.truth
    // This conversion's postbacks: the user's to its winning campaign (a user's conversions
    // through one campaign share them, which moves revenue between parts, never out of them).
    var signals = ConversionSignals()
    if var list = seen[truth.user] {
      list.removeAll { entry in
        guard entry.network == truth.network, entry.campaign == truth.campaign else { return false }
        if signals.windows[entry.window] == nil { signals.windows[entry.window] = entry.carriedValue }
        return true
      }
      seen[truth.user] = list.isEmpty ? nil : list
    }
    signals.firstSignal = firstSignal.removeValue(forKey: truth.user)
    add(record, signals: signals)
    return signals
  }

  /// Adds a finished conversion's truth given what its user's winning postbacks showed, as
  /// ``add(_:)`` worked it out where they were received (a shard's phase 2).
  package mutating func add(_ record: ConversionRecord, signals: ConversionSignals) {
    let truth = record.truth
    let windowsSeen = signals.windows
    for window in 0..<windowCount {
      let key = Key(network: truth.network, networkId: "", campaign: truth.campaign, unmatched: "", window: window)
      var entry = row(key)
      entry.installs += 1
      let measures = truth.windows.indices.contains(window) ? truth.windows[window] : nil
      let revenue = measures?.revenue(.all, currencies: currencies, table: decoder.currencies) ?? 0
      entry.trueRevenue += revenue
      switch windowsSeen[window] {
      case true?: entry.valueTruth += revenue
      case false?: entry.nullTruth += revenue
      case nil where window > 0 && record.tier == 0: entry.withheldTruth += revenue
      case nil:
        entry.lostTruth += revenue
        if window > 0, windowsSeen[0] != nil { entry.lostAfterFirst += 1 }
      }
      if let measures {
        for index in eventNames.indices where measures.eventCounts.indices.contains(index) {
          if measures.eventCounts[index] > 0 { entry.trueEventUsers[index] += 1 }
        }
      }
      rows[key] = entry
    }
    if let signal = signals.firstSignal {
      firstSignals.add(milliseconds: (signal - truth.installTime).milliseconds)
    } else {
      conversionsWithoutSignal += 1
    }
  }

  /// Reports are equal when their figures are; the decoder itself is not compared.
  public static func == (a: DecodingReport, b: DecodingReport) -> Bool {
    a.orderedRows == b.orderedRows && a.firstSignals == b.firstSignals && a.delivery == b.delivery
      && a.conversionsWithoutSignal == b.conversionsWithoutSignal
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
