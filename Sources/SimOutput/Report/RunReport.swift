import SimModel
import SimRecords

/// A run's report: headline figures, then charts of when postbacks went out, what crowd
/// anonymity left in them and how well they decode.
///
/// `report.html` is one self-contained page; `report.md` has the same figures as tables, in the
/// same order, for terminals and pull requests.
public struct RunReport: Sendable {
  private let document: ReportDocument

  /// The report of a finished run of `scenario`, from its summary and what `collector` counted.
  public init(scenario: Scenario, summary: RunSummary, collector: ReportCollector) {
    self.init(scenario: scenario, summary: summary, collector: collector, leading: [])
  }

  /// The same, with `leading` sections (a replicated run's intervals) before the charts, and
  /// the headline figures named in `replicated` (by their `replicates.json` names) shown as their
  /// mean and interval over the replicates, which their verdicts are then taken from.
  package init(
    scenario: Scenario, summary: RunSummary, collector: ReportCollector, leading: [ReportSection],
    replicated: [String: ReplicatedValue] = [:]
  ) {
    let parts = Parts(scenario: scenario, summary: summary, collector: collector, replicated: replicated)
    let version = scenario.platform.version.rawValue
    var subtitle = "Scenario \(scenario.name) · seed \(scenario.seed) · SKAdNetwork \(version)"
    if scenario.platform.developerMode { subtitle += " (Developer Mode)" }
    if let count = replicated.values.map(\.replicates).max() {
      subtitle +=
        replicated.values.contains { $0.lower != nil }
        ? " · figures with [intervals] are means of \(count) replicates; the rest are replicate 0's"
        : " · figures that replicates.json holds are means of \(count) replicates, too few for intervals; the rest are replicate 0's"
    }
    var sections = leading + [parts.postbacksOverTime, parts.sendDelays, parts.tiers, parts.valueKinds]
    sections.append(FineValueSection.make(collector.firstFineValues))
    if collector.windows == 3 { sections.append(CoarseValueSection.make(collector.coarseValues)) }
    if collector.windows == 3 { sections.append(parts.sourceIdentifierDigits) }
    if let decoding = summary.decoding {
      sections.append(parts.revenue(decoding))
      // A replicated run puts the curve with its intervals among the leading sections instead.
      if !leading.contains(where: { $0.title == RevenueCurveSection.title }),
        let points = RevenueCurveSection.points(decoding)
      {
        sections.append(RevenueCurveSection.make(points, currency: decoding.currency))
      }
      if let errors = ErrorPartsSection.make(decoding, windows: collector.windows) { sections.append(errors) }
      sections.append(parts.firstSignal(decoding))
    }
    if let spend = summary.decoding.flatMap(SpendSection.make) { sections.append(spend) }
    if let early = summary.decoding.flatMap(EarlyDecisionSection.make) { sections.append(early) }
    if let dashboards = summary.decoding.flatMap(DashboardSection.make) { sections.append(dashboards) }
    if summary.hasAppleAds { sections += [parts.appleAdsRecords, parts.appleAdsCalls, parts.installClaims] }
    if scenario.app.sdk != nil { sections += [parts.sdkRequests, parts.sdkValues, parts.sdkLint] }
    var document = ReportDocument(
      title: "Run report: \(scenario.name)", subtitle: subtitle,
      headline: parts.headline.map { tile in
        (tile.label, tile.figure.flatMap { replicated[$0]?.text } ?? tile.value)
      }, sections: sections)
    document.verdicts = parts.verdicts
    self.document = document
  }

  /// `report.html`: headline figures and inline SVG charts, with no scripts and nothing fetched.
  public var html: String { document.html }
  /// `report.md`: the same figures as Markdown tables.
  public var markdown: String { document.markdown }
}

/// The report's parts, each built from the summary and the collector's counts.
private struct Parts {
  let scenario: Scenario
  let summary: RunSummary
  let collector: ReportCollector
  /// Campaign names in scenario order, with the network's in front where two networks share one.
  let campaigns: [String]
  /// Campaign names used by more than one network.
  let repeated: Set<String>
  /// Headline figures over replicates, by name; empty for one run.
  let replicated: [String: ReplicatedValue]

  init(scenario: Scenario, summary: RunSummary, collector: ReportCollector, replicated: [String: ReplicatedValue]) {
    self.scenario = scenario
    self.summary = summary
    self.collector = collector
    self.replicated = replicated
    let pairs = scenario.adNetworks.flatMap { network in network.campaigns.map { (network.name, $0.name) } }
    var seen: Set<String> = [], repeated: Set<String> = []
    for (_, name) in pairs where !seen.insert(name).inserted { repeated.insert(name) }
    self.repeated = repeated
    campaigns = pairs.map { repeated.contains($0.1) ? "\($0.0)/\($0.1)" : $0.1 }
  }

  private var windows: Int { collector.windows }

  /// "window 2", or just "postbacks" before 4.0, when there is one.
  private func windowName(_ window: Int) -> String { windows == 3 ? "window \(window + 1)" : "postbacks" }

  /// A category of campaign and window: "us-video · w1" (the campaign alone before 4.0).
  private func category(_ campaign: String, window: Int) -> String {
    windows == 3 ? "\(campaign) · w\(window + 1)" : campaign
  }

  /// Each part's share of their sum, NaN (no bar) when the sum is zero.
  private func shares(_ counts: [Int]) -> [Double] {
    let total = counts.reduce(0, +)
    return counts.map { total > 0 ? Double($0) / Double(total) : .nan }
  }

  /// Counts as bar heights; none at all when every count is zero, so an empty run's histogram
  /// says "no data" instead of drawing a flat axis.
  private func heights(_ counts: [Int], of all: [[Int]]) -> [Double] {
    all.joined().contains { $0 > 0 } ? counts.map(Double.init) : []
  }

  /// A count with its share of `whole`: "12 (25%)".
  private func countAndShare(_ part: Int, of whole: Int) -> String {
    "\(ReportFormat.count(part)) (\(ReportFormat.share(part, of: whole)))"
  }

  /// The headline tiles: each label, its value in this run, and the name of the replicated
  /// figure that stands for it when the run has replicates.
  var headline: [(label: String, value: String, figure: String?)] {
    let byContent = (0..<3).map { kind in summary.postbacks.reduce(0) { $0 + $1[kind] } }
    let winning = byContent.reduce(0, +)
    var figures: [(label: String, value: String, figure: String?)] = [
      ("users", ReportFormat.count(summary.users), "users"), ("installs", ReportFormat.count(summary.installs), "installs"),
      ("attributed installs", ReportFormat.count(summary.attributedInstalls), "attributedInstalls"),
      ("winning postbacks", ReportFormat.count(winning), nil),
      ("non-winning postbacks", ReportFormat.count(summary.nonWinningPostbacks), nil),
    ]
    if let perInstall = summary.postbacksPerInstall {
      // The figure practitioners benchmark, and what removed the windows that sent nothing.
      let windows = perInstall.byWindow.enumerated().map { "\($0.offset + 1): \(SVGWriter.number($0.element, decimals: 2))" }
      let causes = [
        ("tier 0", summary.installWindowsTierZero), ("no update", summary.installWindowsNoUpdate),
        ("past the horizon", summary.installWindowsPastHorizon), ("pre-4.0 ad", summary.installWindowsSingleWindowAd),
        ("never launched", summary.installWindowsNotLaunched), ("superseded", summary.installWindowsSuperseded),
      ].filter { $0.1 > 0 }.map { "\($0.0) \(ReportFormat.count($0.1))" }
      figures += [
        (
          "postbacks per attributed install",
          SVGWriter.number(perInstall.total, decimals: 2) + " of 3 (window " + windows.joined(separator: ", ") + ")",
          "postbacksPerInstall"
        ),
        ("install windows without a postback", causes.isEmpty ? "none" : causes.joined(separator: " · "), nil),
      ]
    }
    // Shares of postback 1 (window 1's winning postbacks), as compare, replicates and sweeps
    // (fineShare1 …) state them, under the same names; the charts below show every window.
    let first = summary.postbacks[0], firsts = first.reduce(0, +)
    for (kind, name, figure) in [(0, "a fine value", "Fine"), (1, "a coarse value", "Coarse"), (2, "no value", "None")] {
      figures.append(("postback 1 with \(name)", ReportFormat.share(first[kind], of: firsts), "postback1\(figure)Share"))
    }
    if let decoding = summary.decoding {
      let currency = decoding.currency
      figures += [
        ("true revenue", ReportFormat.money(decoding.trueRevenue, currency: currency), "trueRevenue"),
        ("decoded revenue", ReportFormat.money(decoding.decodedRevenue, currency: currency), "decodedRevenue"),
      ]
      if decoding.calibrated != nil {
        // How much of the estimate the postbacks' values measured, and how much was imputed.
        let imputed = decoding.imputedRevenue
        let share = decoding.decodedRevenue > 0 ? " (\(ReportFormat.percent(imputed / decoding.decodedRevenue)))" : ""
        figures += [
          ("measured revenue", ReportFormat.money(decoding.decodedRevenue - imputed, currency: currency), nil),
          ("imputed revenue", ReportFormat.money(imputed, currency: currency) + share, nil),
        ]
      }
      figures += [
        ("revenue captured", ReportFormat.percent(decoding.revenueCaptured), "revenueCapturedRatio"),
        (
          "campaign error weighted by true revenue", ReportFormat.percent(Self.weightedCampaignError(decoding)),
          "campaignRevenueErrorWeightedMeanAbsRatio"
        ),
        ("median hours to first signal", ReportFormat.hours(decoding.firstSignalMedianHours), "firstSignalMedianHours"),
      ]
    }
    if summary.hasAppleAds {
      let appleAds = summary.appleAds
      figures += [
        ("Apple Ads records attributed", ReportFormat.share(appleAds.recordsAttributed, of: appleAds.records), nil),
        ("AdServices tokens lost to expiry", ReportFormat.count(appleAds.tokensLostToExpiry), nil),
        ("AdServices retries", ReportFormat.count(appleAds.retries), nil),
      ]
    }
    if scenario.app.sdk != nil {
      let sdk = summary.sdk
      figures += [
        ("SDK requests", ReportFormat.count(sdk.requests), nil),
        ("SDK answers with a value", ReportFormat.count(sdk.answersWithValue), nil),
        // Requests with no usable answer, as the `failed` answers of a service; a refusal is an answer.
        ("SDK failed requests", ReportFormat.count(sdk.timeouts + sdk.httpErrors + sdk.unreachable + sdk.malformed), nil),
        ("SDK lint findings", ReportFormat.count(sdk.totalFindings), nil),
      ]
    }
    return figures
  }

  /// The campaigns' absolute revenue error weighted by their true revenue (their ROAS error:
  /// spend is the same whatever the decoding); nil without true revenue.
  static func weightedCampaignError(_ decoding: DecodedTable) -> Double? {
    let campaigns = decoding.campaigns.filter { $0.trueRevenue > 0 }
    let truth = campaigns.reduce(0) { $0 + $1.trueRevenue }
    return truth > 0 ? campaigns.reduce(0) { $0 + abs($1.decodedRevenue - $1.trueRevenue) } / truth : nil
  }

  /// The headline figures a decision rests on, marked good or poor by their 95 % interval over
  /// replicates: revenue captured against 90–110 %, the weighted campaign error against 10 %.
  /// One run is one draw (the quickstart's revenue captured moves some 15 points from seed to
  /// seed), and an interval reaching both sides of a bound settles nothing: neither gets a mark.
  var verdicts: [String: ReportDocument.Verdict] {
    guard let decoding = summary.decoding else { return [:] }
    var verdicts: [String: ReportDocument.Verdict] = [:]
    if decoding.revenueCaptured != nil {
      verdicts["revenue captured"] = verdict(
        "revenueCapturedRatio", good: 0.9...1.1, bounds: "within 90–110 %", edge: "90 % or 110 %")
    }
    if Self.weightedCampaignError(decoding) != nil {
      verdicts["campaign error weighted by true revenue"] = verdict(
        "campaignRevenueErrorWeightedMeanAbsRatio", good: 0...0.1, bounds: "at most 10 %", edge: "10 %")
    }
    return verdicts
  }

  /// Good when the replicated figure `name`'s whole interval lies in `good`, poor when none of it
  /// does, and open otherwise (it crosses `edge`), or for one run.
  private func verdict(_ name: String, good: ClosedRange<Double>, bounds: String, edge: String) -> ReportDocument.Verdict {
    guard let value = replicated[name] else {
      return .open("one draw, which a seed moves; --replicates 10 gives an interval to decide on")
    }
    guard let lower = value.lower, let upper = value.upper else {
      return .open("too few replicates (\(value.replicates)) for an interval")
    }
    if good.contains(lower), good.contains(upper) { return .good("95 % interval \(bounds)") }
    if upper < good.lowerBound || lower > good.upperBound { return .poor("95 % interval not \(bounds)") }
    return .open("its 95 % interval crosses \(edge)")
  }

  // MARK: - Client SDK (issue 9)

  var sdkRequests: ReportSection {
    let sdk = summary.sdk
    let title = "Conversion-value requests"
    let caption = "What the app's SDK asked its conversion model after each session, event and revenue, and how"
      + " the answers came back; failed requests give no update. Answers still on their way when the run"
      + " ended are in no row."
    let table = [
      ["answer", "requests"],
      ["with a value", countAndShare(sdk.answersWithValue, of: sdk.requests)],
      ["nothing new", countAndShare(sdk.answersNothingNew, of: sdk.requests)],
      ["refused by the service", countAndShare(sdk.refused, of: sdk.requests)],
      ["timeouts", countAndShare(sdk.timeouts, of: sdk.requests)],
      ["HTTP errors", countAndShare(sdk.httpErrors, of: sdk.requests)],
      ["unreachable", countAndShare(sdk.unreachable, of: sdk.requests)],
      ["malformed answers", countAndShare(sdk.malformed, of: sdk.requests)],
      ["all requests", ReportFormat.count(sdk.requests)],
    ]
    return ReportSection(title: title, caption: caption, chart: nil, table: table)
  }

  var sdkValues: ReportSection {
    let sdk = summary.sdk
    let title = "SDK values"
    let caption = "What the SDK did with the values it was given: passed them to the platform, or kept them back"
      + " by its own rules; and how many SDKs stopped measuring, past their last window or value timer."
    let table = [
      ["values", "count"],
      ["applied (passed to the platform)", ReportFormat.count(sdk.applied)],
      ["rejected by its validation", ReportFormat.count(sdk.rejectedByValidation)],
      ["dropped: not higher (before 4.0)", ReportFormat.count(sdk.droppedNotHigher)],
      ["dropped: its window locked", ReportFormat.count(sdk.droppedWindowLocked)],
      ["fine values dropped after its window 1", ReportFormat.count(sdk.fineDroppedAfterFirstWindow)],
      ["SDKs stopped", ReportFormat.count(sdk.stopped)],
    ]
    return ReportSection(title: title, caption: caption, chart: nil, table: table)
  }

  var sdkLint: ReportSection {
    let sdk = summary.sdk
    let kinds = SDKLintFinding.Kind.allCases
    let title = "Integration lint: where the SDK's belief differs from the platform"
    let caption = "Each time the SDK's own record of its value, window or lock disagreed with what the platform"
      + " really did: the simulator sees both sides, an SDK in the field never does. Each kind's first"
      + " finding is an example to look up in sdk-trace.jsonl."
    let counts = kinds.map(sdk.findings)
    let chart = BarChart(
      title: title, xLabel: "Kind of finding", yLabel: "Findings", caption: caption, categories: kinds.map(\.rawValue),
      series: [BarChart.Series(name: "findings", values: heights(counts, of: [counts]))])
    let table = [["kind", "what it means", "findings", "first at", "user", "example"]]
      + kinds.indices.map { index in
        let example = collector.firstFindings[index]
        return [
          kinds[index].rawValue, kinds[index].summary, ReportFormat.count(counts[index]),
          example.map { scenario.epoch.iso8601(after: $0.time.milliseconds) } ?? "–", example?.user ?? "–",
          example?.message ?? "–",
        ]
      }
      + [["total", "", ReportFormat.count(sdk.totalFindings), "", "", ""]]
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  // MARK: - Apple Ads (§8)

  var appleAdsRecords: ReportSection {
    let appleAds = summary.appleAds
    let title = "Attributed Apple Ads records by supply placement"
    let caption = "AdServices records with attribution true by where in the App Store the ad ran, split into"
      + " taps (Click) and views (Impression) over all placements in the table."
    let placements = SupplyPlacement.allCases
    let counts = placements.map { appleAds.records(in: $0) }
    let chart = BarChart(
      title: title, xLabel: "Supply placement", yLabel: "Attributed records", caption: caption,
      categories: placements.map(\.rawValue),
      series: [BarChart.Series(name: "records", values: heights(counts, of: [counts]))])
    let table = [["supply placement", "attributed records"]]
      + zip(placements, counts).map { [$0.rawValue, countAndShare($1, of: appleAds.recordsAttributed)] }
      + [
        ["Click", countAndShare(appleAds.recordsClick, of: appleAds.recordsAttributed)],
        ["Impression", countAndShare(appleAds.recordsImpression, of: appleAds.recordsAttributed)],
        ["detailed (tracking authorised)", countAndShare(appleAds.recordsDetailed, of: appleAds.recordsAttributed)],
      ]
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  var appleAdsCalls: ReportSection {
    let appleAds = summary.appleAds
    let title = "Calls to Apple's attribution API"
    let caption = "What the advertiser's server got for each token: how many calls it took, the answers by"
      + " status, and the tokens it gave up on, by the last answer."
    let table = [
      ["figure", "count"],
      ["tokens (first launches)", ReportFormat.count(appleAds.tokensRequested)],
      ["calls", ReportFormat.count(appleAds.calls)], ["retries", ReportFormat.count(appleAds.retries)],
      ["200 record", ReportFormat.count(appleAds.status200)], ["400 invalid token", ReportFormat.count(appleAds.status400)],
      ["404 not found, too soon or expired", ReportFormat.count(appleAds.status404)],
      ["500 unavailable", ReportFormat.count(appleAds.status500)],
      ["records", ReportFormat.count(appleAds.records)],
      ["records attributed", countAndShare(appleAds.recordsAttributed, of: appleAds.records)],
      ["gave up: invalid token", ReportFormat.count(appleAds.gaveUpInvalidToken)],
      ["gave up: not found", ReportFormat.count(appleAds.gaveUpNotFound)],
      ["gave up: token expired (lost to expiry)", ReportFormat.count(appleAds.gaveUpExpired)],
      ["gave up: unavailable", ReportFormat.count(appleAds.gaveUpUnavailable)],
    ]
    return ReportSection(title: title, caption: caption, chart: nil, table: table)
  }

  var installClaims: ReportSection {
    let appleAds = summary.appleAds
    let title = "Installs claimed by AdServices and by ad networks"
    let caption = "Installs an attributed AdServices record claims, installs a winning network postback claims,"
      + " and those both claim: counted twice if the two channels are added up."
    let both = appleAds.claimedByBoth
    let categories = ["AdServices only", "networks only", "both, Apple Ads' network", "both, another network"]
    let counts = [
      appleAds.claimedByAdServices - both, appleAds.claimedByNetworks - both, appleAds.claimedByBothAppleAds,
      both - appleAds.claimedByBothAppleAds,
    ]
    let chart = BarChart(
      title: title, xLabel: "Claimed by", yLabel: "Installs", caption: caption, categories: categories,
      series: [BarChart.Series(name: "installs", values: heights(counts, of: [counts]))])
    let claimed = appleAds.claimedByAdServices + appleAds.claimedByNetworks - both
    let table = [["claimed by", "installs"]] + zip(categories, counts).map { [$0, countAndShare($1, of: claimed)] }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  var postbacksOverTime: ReportSection {
    let days = collector.postbacksByDay
    let active = days.indices.filter { days[$0].contains { $0 > 0 } }
    let title = windows == 3 ? "Postbacks per day by window" : "Postbacks per day"
    let caption = "Winning postbacks to ad networks by the day they were sent"
      + (windows == 3 ? ", one line per conversion window (postback sequence index)." : ".")
      + " Developer copies and non-winning postbacks are left out."
    let epoch = scenario.epoch.iso8601(after: 0)
    let year = epoch.prefix(4)
    var chart = LineChart(
      title: title,
      // The scenario's epoch is virtual time zero: day d is the d-th day after it (UTC days).
      xLabel: "Date sent (\(year), UTC; day 0 is \(epoch.hasSuffix("T00:00:00.000Z") ? String(epoch.prefix(10)) : epoch))",
      yLabel: "Winning postbacks per day", caption: caption,
      series: (0..<windows).map { window in
        // Every day from the window's first postback to its last, so quiet days show as zeros,
        // not as gaps, while the days before and after stay clear for the other windows.
        let sent = days.indices.filter { days[$0][window] > 0 }
        let shown = sent.first.map { Array($0...sent[sent.count - 1]) } ?? []
        return LineChart.Series(
          name: windowName(window), points: shown.map { LineChart.Point(x: Double($0), y: Double(days[$0][window])) })
      })
    chart.xFormat = .date(epoch: scenario.epoch)
    let table = [["date", "day"] + (0..<windows).map(windowName)] + active.map { day in
      [String(scenario.epoch.iso8601(after: Int64(day) * 86_400_000).prefix(10)), String(day)] + days[day].map(ReportFormat.count)
    }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  var sendDelays: ReportSection {
    let width = ReportCollector.delayBinHours
    let bins = 0..<ReportCollector.delayBins
    let title = "Send delay" + (windows == 3 ? " by window" : "")
    let caption = "How long devices held each winning postback after it was ready (its window's close or lock;"
      + " before 4.0, the timer's expiry): the random delay that keeps the install time from the network."
    let chart = BarChart(
      title: title, xLabel: "Send delay in hours (\(width)-hour bins, by start)", yLabel: "Winning postbacks",
      caption: caption, categories: bins.map { String($0 * width) },
      series: (0..<windows).map { window in
        BarChart.Series(
          name: windowName(window), values: heights(collector.sendDelays[window], of: collector.sendDelays))
      })
    let table = [["hours"] + (0..<windows).map(windowName)] + bins.map { bin in
      ["\(bin * width)–\((bin + 1) * width)"]
        + (0..<windows).map { ReportFormat.count(collector.sendDelays[$0][bin]) }
    }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  var tiers: ReportSection {
    let title = "Crowd-anonymity tier by campaign"
    let caption = "Each campaign's conversions by the tier crowd anonymity gave them: the higher the tier,"
      + " the more a postback keeps (fine values, source-identifier digits, publisher and country)."
    let chart = BarChart(
      title: title, xLabel: "Campaign", yLabel: "Share of conversions (%)", caption: caption, categories: campaigns,
      series: (0..<4).map { tier in
        BarChart.Series(name: "tier \(tier)", values: collector.tiers.map { shares($0)[tier] })
      },
      layout: .stacked, yRange: 0...1, yFormat: .percent)
    let table = [["campaign", "conversions", "tier 0", "tier 1", "tier 2", "tier 3"]]
      + zip(campaigns, collector.tiers).map { name, counts in
        let total = counts.reduce(0, +)
        return [name, ReportFormat.count(total)] + counts.map { countAndShare($0, of: total) }
      }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  var valueKinds: ReportSection {
    let title = "Postback values by campaign" + (windows == 3 ? " and window" : "")
    let caption = "Winning postbacks to ad networks by what they carried: a fine value, only a coarse one,"
      + " or nothing (crowd anonymity withheld it, or the window had none)."
    let rows = campaigns.indices.flatMap { campaign in
      (0..<windows).map { (category(campaigns[campaign], window: $0), collector.contents[campaign][$0]) }
    }
    let kinds = ["fine value", "coarse value", "no value"]
    let chart = BarChart(
      title: title, xLabel: windows == 3 ? "Campaign · window" : "Campaign",
      yLabel: "Share of winning postbacks (%)", caption: caption, categories: rows.map(\.0),
      series: kinds.indices.map { kind in BarChart.Series(name: kinds[kind], values: rows.map { shares($0.1)[kind] }) },
      layout: .stacked, yRange: 0...1, yFormat: .percent)
    let table = [[windows == 3 ? "campaign · window" : "campaign", "postbacks"] + kinds] + rows.map { name, counts in
      let total = counts.reduce(0, +)
      return [name, ReportFormat.count(total)] + counts.map { countAndShare($0, of: total) }
    }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  var sourceIdentifierDigits: ReportSection {
    let title = "Source-identifier digits in first postbacks"
    let caption = "How many digits of the source identifier crowd anonymity left in each campaign's winning"
      + " first postbacks: two name the campaign only, four the whole hierarchy down to the creative."
    let names = ["2 digits", "3 digits", "4 digits"]
    let chart = BarChart(
      title: title, xLabel: "Campaign", yLabel: "Share of first postbacks (%)", caption: caption,
      categories: campaigns,
      series: names.indices.map { form in
        BarChart.Series(name: names[form], values: collector.digits.map { shares($0)[form] })
      },
      layout: .stacked, yRange: 0...1, yFormat: .percent)
    let table = [["campaign", "first postbacks"] + names] + zip(campaigns, collector.digits).map { name, counts in
      let total = counts.reduce(0, +)
      return [name, ReportFormat.count(total)] + counts.map { countAndShare($0, of: total) }
    }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }

  func revenue(_ decoding: DecodedTable) -> ReportSection {
    let rows = decoding.orderedRows
    let names = rows.map { row in
      // Unmatched source identifiers ("?07") mean little without their network.
      let campaign = repeated.contains(row.campaign) || row.campaign.hasPrefix("?")
        ? "\(row.network)/\(row.campaign)" : row.campaign
      return category(campaign, window: row.window)
    }
    let title = "Decoded versus true revenue"
    let caption = "Per campaign and window: the revenue users really brought, which only a simulation knows,"
      + " against the sum of what the schema decodes from the postbacks the ad network accepted."
    let chart = BarChart(
      title: title, xLabel: windows == 3 ? "Campaign · window" : "Campaign", yLabel: "Revenue (\(decoding.currency))",
      caption: caption, categories: names,
      series: [
        BarChart.Series(name: "true revenue", values: rows.map(\.trueRevenue)),
        BarChart.Series(name: "decoded revenue", values: rows.map(\.decodedRevenue)),
      ])
    let table = [[windows == 3 ? "campaign · window" : "campaign", "installs", "postbacks", "true", "decoded", "error"]]
      + zip(names, rows).map { name, row in
        [
          name, ReportFormat.count(row.installs), ReportFormat.count(row.postbacks),
          ReportFormat.money(row.trueRevenue, currency: decoding.currency),
          ReportFormat.money(row.decodedRevenue, currency: decoding.currency),
          row.trueRevenue > 0 ? ReportFormat.percent((row.decodedRevenue - row.trueRevenue) / row.trueRevenue) : "–",
        ]
      }
    var section = ReportSection(title: title, caption: caption + " Errors beyond ±10 % are marked.", chart: chart, table: table)
    section.poorCells = ReportSection.beyondTenPercent(
      rows.map { $0.trueRevenue > 0 ? ($0.decodedRevenue - $0.trueRevenue) / $0.trueRevenue : nil }, column: 5)
    return section
  }

  /// Hours per first-signal bin, and the bins before the open last one: a week, which holds
  /// window 1's postbacks (its close plus a 24–48 h delay); later windows' fall in the last.
  private static let signalBinHours = 12, signalBins = 14

  func firstSignal(_ decoding: DecodedTable) -> ReportSection {
    let width = Self.signalBinHours, last = Self.signalBins
    var counts = Array(repeating: 0, count: last + 1)
    // Whole hours bin as the hours themselves would; the histogram's open last hour is past the chart's.
    precondition(last * width < FirstSignalDelays.histogramHours, "the chart's bins go past the delays' histogram")
    for (hour, conversions) in decoding.firstSignals.byHour.enumerated() { counts[min(hour / width, last)] += conversions }
    let labels = (0...last).map { $0 < last ? "\($0 * width)–\(($0 + 1) * width)" : "\(last * width)+" }
    let title = "Time from install to first signal"
    let caption = "Conversions by the time from install to their first winning postback with a value the schema"
      + " decodes; the \(ReportFormat.count(decoding.conversionsWithoutSignal))"
      + " conversions that never sent one are left out."
    let chart = BarChart(
      title: title,
      xLabel: "Hours from install to first signal (\(width)-hour bins; \(last * width) and more in the last)",
      yLabel: "Conversions", caption: caption, categories: (0...last).map { String($0 * width) },
      series: [BarChart.Series(name: "conversions", values: heights(counts, of: [counts]))])
    let table = [["hours", "conversions"]] + zip(labels, counts).map { [$0, ReportFormat.count($1)] }
    return ReportSection(title: title, caption: caption, chart: chart, table: table)
  }
}
