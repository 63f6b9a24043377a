import SimModel
import SimPlatform
import SimReceiver
import SimRun

/// Observed postbacks as the privacy fit reads them: per cell, how many winning postbacks 1
/// showed at least each tier (``TierSigns/lowestTier(tiered:)``).
public struct TierEvidence: Sendable {
  /// Whether the postbacks have tiers (4.0, AdAttributionKit) or one privacy threshold (2.2, 3.0).
  public let tiered: Bool
  /// Per cell, postbacks whose lowest tier is 0, 1, 2 and 3.
  public private(set) var cells: [CrowdCell: [Int]] = [:]

  /// Empty evidence of `tiered` postbacks.
  public init(tiered: Bool) {
    self.tiered = tiered
  }

  /// The winning postbacks 1 of a run of `scenario` as its networks receive them, read from
  /// their bodies alone, in cells by the UTC day they arrived: the evidence a network holds.
  public init(run scenario: Scenario) {
    self.init(tiered: scenario.platform.version >= .v4_0)
    for postback in ScenarioRunner.collect(scenario).outputs.postbacks where postback.recipient == .adNetwork {
      guard case .success(let reading) = TierReading.read(postback.payload) else { continue }
      let day = CrowdCell.day(ofUnixMilliseconds: scenario.epoch.unixMilliseconds(after: postback.time.milliseconds))
      add(reading.signs, in: CrowdCell(network: reading.network, campaign: reading.campaign, day: day))
    }
  }

  /// Counts one postback showing `signs` in `cell`.
  public mutating func add(_ signs: TierSigns, in cell: CrowdCell) {
    cells[cell, default: [0, 0, 0, 0]][signs.lowestTier(tiered: tiered)] += 1
  }

  /// Per cell whose crowd is known otherwise than by its postbacks, the size it is judged at:
  /// an observation's installs per day.
  public private(set) var sizes: [CrowdCell: Int] = [:]

  /// Counts `count` postbacks of lowest tier `tier` in `cell` (aggregate evidence).
  public mutating func add(count: Int, lowestTier tier: Int, in cell: CrowdCell) {
    cells[cell, default: [0, 0, 0, 0]][tier] += count
  }

  /// Adds a row of aggregate evidence as a cell of its own, judged against the simulated cells of
  /// its installs per day in any campaign (``CrowdCell/anyCampaign(row:)``).
  public mutating func add(_ observation: TierObservation, row: Int) {
    let cell = CrowdCell.anyCampaign(row: row)
    cells[cell] = observation.counts
    sizes[cell] = observation.installsPerDay
  }

  /// Whether cells of postbacks are judged at their campaign's installs the day before
  /// (``judge(_:atInstalls:)``) rather than at their postbacks.
  public private(set) var sizedByInstalls = false

  /// Judges `cell` at `installs`, its campaign's installs on the UTC day before the cell's (from
  /// the fitter's own volumes); simulated cells are then judged the same way.
  public mutating func judge(_ cell: CrowdCell, atInstalls installs: Int) {
    sizes[cell] = installs
    sizedByInstalls = true
  }

  /// The size `cell` is judged at: its installs per day when known, else its postbacks.
  public func size(of cell: CrowdCell) -> Int {
    sizes[cell] ?? cells[cell]?.reduce(0, +) ?? 0
  }

  /// How many postbacks, over all cells.
  public var postbacks: Int { cells.values.reduce(0) { $0 + $1.reduce(0, +) } }

  /// The thresholds the evidence can speak to: tiers 1–3 with tiers, only the privacy threshold
  /// (tier 2) before 4.0.
  public var levels: [Int] { tiered ? [1, 2, 3] : [2] }
}
