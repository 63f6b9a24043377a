import SimEngine
import SimModel
import SimPlatform
import SimRecords

/// Counts what a run's report charts while the run streams, teed beside the writer.
///
/// Only binned counts are kept (per day, per delay bin, per campaign), never per user or per
/// postback, so memory stays flat however many users the run has.
public struct ReportCollector: RunSink, Sendable {
  /// Hours per send-delay bin, and how many bins: together 0–144 h, the longest delay Apple
  /// gives (rulebook §5.2). A longer delay would count in the last bin.
  package static let delayBinHours = 6, delayBins = 24

  /// The windows postbacks come in: three from SKAdNetwork 4.0, one before.
  package let windows: Int
  /// Each network's first campaign in the flat, scenario-ordered campaign list.
  private let firstCampaign: [Int]
  /// Winning postbacks to ad networks by day since the epoch and window: `[day][window]`.
  package private(set) var postbacksByDay: [[Int]] = []
  /// Winning postbacks by window and send-delay bin: `[window][bin]`.
  package private(set) var sendDelays: [[Int]]
  /// Conversions by campaign and tier: `[campaign][tier]`.
  package private(set) var tiers: [[Int]]
  /// Winning postbacks by campaign, window and content: `[campaign][window][fine, coarse, none]`.
  package private(set) var contents: [[[Int]]]
  /// Winning postbacks carrying only a coarse value, by window and value: `[window][low, medium, high]`.
  package private(set) var coarseValues: [[Int]]
  /// How often each fine value 0–63 was carried by a winning first postback (window 1).
  package private(set) var firstFineValues = Array(repeating: 0, count: 64)
  /// Winning first postbacks (4.0) by campaign and source-identifier digits: `[campaign][2, 3, 4]`.
  package private(set) var digits: [[Int]]
  /// The first SDK lint finding of each kind, in ``SDKLintFinding/Kind`` order: one per kind, so
  /// memory stays flat however many findings a run has.
  package private(set) var firstFindings: [(time: SimTime, user: String, message: String)?] =
    Array(repeating: nil, count: SDKLintFinding.Kind.allCases.count)

  /// An empty collector for a run of `scenario`.
  public init(scenario: Scenario) {
    windows = scenario.attributionFramework.windowCount
    let counts = scenario.adNetworks.map(\.campaigns.count)
    firstCampaign = counts.indices.map { counts[..<$0].reduce(0, +) }
    let campaigns = counts.reduce(0, +)
    sendDelays = Array(repeating: Array(repeating: 0, count: Self.delayBins), count: windows)
    tiers = Array(repeating: [0, 0, 0, 0], count: campaigns)
    contents = Array(repeating: Array(repeating: [0, 0, 0], count: windows), count: campaigns)
    coarseValues = Array(repeating: [0, 0, 0], count: windows)
    digits = Array(repeating: [0, 0, 0], count: campaigns)
  }

  public mutating func receive(_ postback: PostbackRecord) {
    // Developer copies repeat winning postbacks, and non-winning ones carry no value: neither
    // is what an ad network measures a campaign by.
    guard postback.recipient == .adNetwork, postback.didWin else { return }
    let window = min(postback.sequenceIndex, windows - 1)
    let day = Int(max(postback.time.milliseconds, 0) / 86_400_000)
    while postbacksByDay.count <= day { postbacksByDay.append(Array(repeating: 0, count: windows)) }
    postbacksByDay[day][window] += 1

    let bin = (postback.time - postback.preparedAt).milliseconds / (Int64(Self.delayBinHours) * 3_600_000)
    sendDelays[window][Int(min(max(bin, 0), Int64(Self.delayBins - 1)))] += 1

    let campaign = firstCampaign[postback.network] + postback.campaign
    let kind: Int
    switch postback.content {
    case .fine: kind = 0
    case .coarse: kind = 1
    case .none: kind = 2
    }
    contents[campaign][window][kind] += 1
    if postback.content == .coarse, let coarse = PostbackFields(postback.payload).coarseValue.flatMap(CoarseValue.init),
      let rank = CoarseValue.allCases.firstIndex(of: coarse)
    {
      coarseValues[window][rank] += 1
    }
    if window == 0, postback.content == .fine, let fine = PostbackFields(postback.payload).fineValue, (0..<64).contains(fine) {
      firstFineValues[Int(fine)] += 1
    }
    // Only 4.0's and AdAttributionKit's first postbacks vary their digits with the tier; later
    // ones always keep two. AdAttributionKit carries them inside the JWS.
    if windows == 3, window == 0, let identifier = PostbackFields(postback.payload).sourceIdentifier,
      (2...4).contains(identifier.count)
    {
      digits[campaign][identifier.count - 2] += 1
    }
  }

  public mutating func receive(_ record: SDKTraceRecord) {
    for finding in record.lint {
      let index = SDKLintFinding.Kind.allCases.firstIndex(of: finding.kind)!
      // The earliest by time, then user and message: a merged run streams users' records in
      // another order at equal times, and must pick the same example as the whole run.
      if let first = firstFindings[index],
        (first.time, first.user, first.message) <= (record.time, record.user, finding.message)
      {
        continue
      }
      firstFindings[index] = (record.time, record.user, finding.message)
    }
  }

  public mutating func receive(_ conversion: ConversionRecord) {
    let truth = conversion.truth
    tiers[firstCampaign[truth.network] + truth.campaign][conversion.tier] += 1
  }
}
