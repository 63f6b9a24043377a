import SimEngine
import SimModel
import SimPlatform
import SimReceiver
import SimRecords
import SimRun

/// One crowd period's simulated winning postbacks 1, by campaign and the size of the cell they
/// fell into: each with the crowd sizes and set values its content was decided from
/// (``TierBasis``), over several runs of the scenario. By size too, because a cell's postbacks are
/// what the fitter sees of its crowd: an observed cell of 30 postbacks is judged against the
/// campaign's simulated cells of about 30, whatever their day.
public struct SimulatedCrowds: Sendable {
  /// The crowd period the runs used.
  public let period: SimDuration
  /// How many runs were pooled.
  public private(set) var runs = 0
  /// By campaign (a cell without its day) and postbacks in their cell, the postbacks' bases.
  public private(set) var bySize: [CrowdCell: [Int: [TierBasis]]] = [:]
  /// By postbacks in their cell, the postbacks' bases in every campaign: what aggregate
  /// observations (cells of a size in no named campaign) are judged against.
  public private(set) var anyCampaignBySize: [Int: [TierBasis]] = [:]

  /// Where one run's cell sits: the cell (with its day), the size it is judged at, and its
  /// postbacks' place in ``bySize`` (its campaign's list for that size).
  public struct RunCell: Sendable {
    public var cell: CrowdCell
    public var size: Int
    public var range: Range<Int>
  }

  /// Each run's cells, in order: what a run would have shown as evidence.
  public private(set) var runCells: [[RunCell]] = []

  /// Run `run`'s cells as evidence under `thresholds`: what the fitted model makes a network see,
  /// to learn how far cells' shared crowds spread a chi-square beyond independent postbacks.
  /// Each cell is judged at its size as in the run (installs the day before when `byInstalls`).
  public func evidence(ofRun run: Int, thresholds: [Int], rules: PlatformRules, tiered: Bool, byInstalls: Bool) -> TierEvidence {
    var evidence = TierEvidence(tiered: tiered)
    for entry in runCells[run] {
      let bases = bySize[CrowdCell(network: entry.cell.network, campaign: entry.cell.campaign, day: nil)]![entry.size]![entry.range]
      for basis in bases { evidence.add(basis.signs(thresholds: thresholds, rules: rules, tiered: tiered), in: entry.cell) }
      if byInstalls { evidence.judge(entry.cell, atInstalls: entry.size) }
    }
    return evidence
  }

  /// No runs yet, for `period`.
  public init(period: SimDuration) {
    self.period = period
  }

  /// Runs `scenario` once with `seed` and adds its winning postbacks 1 to each of `crowds`, sized
  /// under each one's period: installs do not depend on the period, so one run serves them all
  /// (``PrivacySettings/probePeriods``). `days` says whether cells are by day, `byInstalls`
  /// whether a cell's size is its campaign's attributed installs the UTC day before (as
  /// ``TierEvidence/judge(_:atInstalls:)`` sizes observed ones) rather than its postbacks. A
  /// postback whose tier was forced has no basis and is left out.
  public static func run(
    _ scenario: Scenario, seed: UInt64, into crowds: inout [SimulatedCrowds], days: Bool, byInstalls: Bool = false, jobs: Int = 1
  ) {
    guard let first = crowds.first else { return }
    var copy = scenario
    copy.seed = seed
    copy.privacy.crowdPeriod = first.period
    copy.privacy.probePeriods = crowds.dropFirst().map(\.period)
    var sink = BasisSink(scenario: scenario, days: days)
    _ = ScenarioRunner.run(copy, sink: &sink, receive: false, jobs: jobs)
    for index in crowds.indices {
      // The run's own period sized `crowd`; the others are its probes, in order.
      let cells = sink.cells.mapValues { bases in
        bases.map { TierBasis(crowd: index == 0 ? $0.crowd : $0.probes[index - 1], fineSet: $0.fineSet, coarseSet: $0.coarseSet) }
      }
      crowds[index].add(cells, installs: sink.installs, byInstalls: byInstalls)
    }
  }

  /// Adds one run's cells, each sized by its postbacks or by its campaign's installs the day before.
  private mutating func add(_ runCells: [CrowdCell: [TierBasis]], installs: [CrowdCell: Int], byInstalls: Bool) {
    var cells: [RunCell] = []
    for cell in runCells.keys.sorted() {
      let bases = runCells[cell]!
      let size = byInstalls ? installs[CrowdCell(network: cell.network, campaign: cell.campaign, day: cell.day.map { $0 - 1 })] ?? 0 : bases.count
      let campaign = CrowdCell(network: cell.network, campaign: cell.campaign, day: nil)
      let start = bySize[campaign]?[size]?.count ?? 0
      bySize[campaign, default: [:]][size, default: []] += bases
      anyCampaignBySize[size, default: []] += bases
      cells.append(RunCell(cell: cell, size: size, range: start..<(start + bases.count)))
    }
    self.runCells.append(cells)
    runs += 1
  }

  /// The largest effective crowd any postback had: thresholds above it change nothing.
  public var largestCrowd: Int { bySize.values.lazy.flatMap(\.values).flatMap { $0 }.map(\.crowd.effective).max() ?? 0 }

  /// The simulated postbacks an observed `cell` of `size` postbacks is judged against: those of
  /// its campaign's cells of that size (any campaign's, for a row of aggregate observations),
  /// widened a size at a time (to at most a quarter either way, at least 2) until they hold 200
  /// postbacks; nil when no simulated cell comes near.
  public func pool(for cell: CrowdCell, size: Int) -> [TierBasis]? {
    let campaign = CrowdCell(network: cell.network, campaign: cell.campaign, day: nil)
    guard let bySize = cell.isAnyCampaign ? anyCampaignBySize : bySize[campaign] else { return nil }
    var pool = bySize[size] ?? []
    let widest = max(2, size / 4)
    var width = 0
    while pool.count < 200, width < widest {
      width += 1
      pool += bySize[size + width] ?? []
      if size - width > 0 { pool += bySize[size - width] ?? [] }
    }
    return pool.isEmpty ? nil : pool
  }
}

/// Collects winning postbacks 1 with their tier basis, into cells read from their bodies the
/// way observed postbacks are.
private struct BasisSink: RunSink {
  let epoch: Epoch
  let days: Bool
  /// Each network's identifier, and each of its campaigns as postbacks show it.
  let networks: [(identifier: String, campaigns: [String])]
  var cells: [CrowdCell: [TierBasis]] = [:]
  /// Attributed installs by campaign (as shown) and UTC day of install.
  var installs: [CrowdCell: Int] = [:]

  init(scenario: Scenario, days: Bool) {
    epoch = scenario.epoch
    self.days = days
    let tiered = scenario.platform.version >= .v4_0
    networks = scenario.adNetworks.map { network in
      (network.identifier, network.campaigns.map { CrowdCell.shownCampaign($0.sourceIdentifier, tiered: tiered) })
    }
  }

  mutating func receive(_ postback: PostbackRecord) {
    guard postback.recipient == .adNetwork, let basis = postback.basis, case .success(let reading) = TierReading.read(postback.payload)
    else { return }
    let day = days ? CrowdCell.day(ofUnixMilliseconds: epoch.unixMilliseconds(after: postback.time.milliseconds)) : nil
    cells[CrowdCell(network: reading.network, campaign: reading.campaign, day: day), default: []].append(basis)
  }

  mutating func receive(_ conversion: ConversionRecord) {
    let truth = conversion.truth
    guard days, truth.attributed, truth.network < networks.count, truth.campaign < networks[truth.network].campaigns.count else { return }
    let day = CrowdCell.day(ofUnixMilliseconds: epoch.unixMilliseconds(after: truth.installTime.milliseconds))
    let network = networks[truth.network]
    installs[CrowdCell(network: network.identifier, campaign: network.campaigns[truth.campaign], day: day), default: 0] += 1
  }
  mutating func receive(_ event: InAppEventRecord) {}
}
