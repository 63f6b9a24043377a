import SimEngine
import SimModel

/// Does `attrsim privacy fit` give back a crowd model it did not see (issue 39)? For each setting
/// and seed, a run of a ``CrowdWorld`` under known thresholds and crowd period makes the
/// evidence (``TierEvidence/init(run:)``), the same world with the scenario's default crowd model
/// fits it (``PrivacyFitStudy``), and each parameter's 95 % interval is checked against the truth.
public enum PrivacyRecoveryStudy {
  /// A crowd model to recover, and the world whose postbacks show it.
  public struct Setting: Sendable, Hashable {
    /// Thresholds for tiers 1, 2 and 3 (installs a crowd needs in a period).
    public var thresholds: [Int]
    public var crowdPeriod: SimDuration
    public var world: CrowdWorld

    /// A setting with every part given.
    public init(thresholds: [Int], crowdPeriod: SimDuration, world: CrowdWorld = CrowdWorld()) {
      self.thresholds = thresholds
      self.crowdPeriod = crowdPeriod
      self.world = world
    }

    /// How the table names it: thresholds, period, and the world where it is not the usual one.
    public var name: String {
      var parts = ["\(thresholds.map(String.init).joined(separator: "/")) over \(crowdPeriod)"]
      if world.version != .v4_0 { parts.append("SKAN \(world.version.rawValue)") }
      if world.scale != 1 { parts.append("volumes ×\(PrivacyRecoveryResult.figure(world.scale))") }
      if world.days != 12 { parts.append("\(world.days) days") }
      return parts.joined(separator: ", ")
    }

    /// The issue's settings: near the defaults over one and two days, far below them (with half
    /// the volumes), far above them (with four times the volumes, so that some campaigns reach
    /// tier 3), the defaults over three days, and SKAdNetwork 3.0, where only the privacy
    /// threshold (tier 2) shows.
    public static let issue39: [Setting] = [
      Setting(thresholds: [5, 20, 60], crowdPeriod: .days(1)),
      Setting(thresholds: [5, 20, 60], crowdPeriod: .days(2)),
      Setting(thresholds: [2, 8, 25], crowdPeriod: .days(1), world: CrowdWorld(scale: 0.5)),
      Setting(thresholds: [20, 80, 300], crowdPeriod: .days(1), world: CrowdWorld(scale: 4)),
      Setting(thresholds: [10, 50, 200], crowdPeriod: .days(3)),
      Setting(thresholds: [5, 20, 60], crowdPeriod: .days(1), world: CrowdWorld(version: .v3_0)),
    ]

    /// 5 / 20 / 60 over one day with 6, 12 and 24 days of installs: the intervals should narrow.
    /// Over one day, where the period is pinned: over two, 8 runs leave the choice of
    /// one day at half the thresholds to the simulation's noise as often as to the data, and the
    /// intervals, spanning both, do not narrow (Docs/privacy-fit.md, "Recovery").
    public static let dataSizes: [Setting] = [6, 12, 24].map {
      Setting(thresholds: [5, 20, 60], crowdPeriod: .days(1), world: CrowdWorld(days: $0))
    }
  }

  /// One parameter's recovery in one trial.
  public struct Recovery: Sendable, Equatable {
    /// "tier1", "tier2", "tier3" or "period".
    public var parameter: String
    /// The truth, the estimate and the interval; thresholds in installs, the period in days. A
    /// bound or estimate the evidence cannot give is nil.
    public var truth: Double
    public var estimate: Double?
    public var lower: Double?
    public var upper: Double?

    /// Whether the interval holds the truth; for a threshold the evidence gives one bound of,
    /// whether the truth keeps to that bound.
    public var covered: Bool { (lower.map { truth >= $0 } ?? true) && (upper.map { truth <= $0 } ?? true) }
    /// The interval's width; nil unless both bounds are given.
    public var width: Double? { lower.flatMap { low in upper.map { $0 - low } } }
  }

  /// One seed's fit of one setting.
  public struct Trial: Sendable, Equatable {
    public var seed: UInt64
    /// Winning postbacks 1 in the evidence.
    public var postbacks: Int
    /// The parameters the evidence speaks to: the thresholds it shows and the period.
    public var recoveries: [Recovery]
  }

  /// Seeds of the truth runs: the scenario's seed, hashed by trial (``ReplicateSeeds``).
  public static let truthSeed: UInt64 = 5

  /// `seeds` trials of each of `settings`, `jobs` at once. The fitter's simulation depends on its
  /// world and seed, not on the evidence, so each world is simulated `simulations` times (each
  /// draw seeded from `fit.seed` hashed by the draw) and trial `i` is fitted against draw
  /// `i % simulations`: with as many draws as seeds every trial is a plain
  /// ``PrivacyFitStudy/fit(_:evidence:days:settings:progress:)`` with `fit.seed` hashed by the trial,
  /// with fewer the study costs less and still varies the simulation's noise across trials. The
  /// result is the same whatever `jobs` (each piece of work runs on one thread and seeds only
  /// from its own indices). `progress` hears what is done, in order.
  public static func run(
    _ settings: [Setting], seeds: Int, fit: PrivacyFitStudy.Settings, simulations: Int, jobs: Int = 1,
    progress: (@Sendable (String) -> Void)? = nil
  ) -> PrivacyRecoveryResult {
    let draws = max(1, min(simulations, seeds))
    let worlds = settings.reduce(into: [CrowdWorld]()) { worlds, setting in
      if !worlds.contains(setting.world) { worlds.append(setting.world) }
    }
    // One simulation of each world and draw sizes every period (installs do not depend on it).
    let simulating = worlds.indices.flatMap { world in (0..<draws).map { (world: world, draw: $0) } }
    let crowds = InOrderWork.run(
      count: simulating.count, jobs: jobs, report: counting(progress, "simulated world", of: simulating.count)
    ) { index in
      let job = simulating[index]
      var settings = fit
      settings.seed = ReplicateSeeds.seed(base: fit.seed, replicate: job.draw)
      settings.jobs = 1
      return (index: index, result: PrivacyFitStudy.simulate(worlds[job.world].scenario(), days: true, settings: settings))
    }.map(\.result)
    // By world and draw, the simulated periods in order.
    let simulated = worlds.indices.map { world in (0..<draws).map { draw in crowds[world * draws + draw] } }

    let work = settings.indices.flatMap { setting in (0..<seeds).map { (setting: setting, trial: $0) } }
    let trials = InOrderWork.run(count: work.count, jobs: jobs, report: counting(progress, "trial", of: work.count)) { index in
      let (setting, trial) = work[index]
      let world = worlds.firstIndex(of: settings[setting].world)!
      return (index: index, result: Self.trial(settings[setting], index: trial, fit: fit, simulated: simulated[world][trial % draws]))
    }.map(\.result)
    return PrivacyRecoveryResult(
      settings: settings.indices.map { setting in
        (settings[setting], zip(work, trials).filter { $0.0.setting == setting }.map(\.1))
      })
  }

  /// A report for ``InOrderWork``, whose results carry their index: it reports in index order,
  /// so the index says how many are done.
  private static func counting<Result>(
    _ progress: (@Sendable (String) -> Void)?, _ what: String, of total: Int
  ) -> (@Sendable ((index: Int, result: Result)) -> Void)? {
    guard let progress else { return nil }
    return { progress("\(what) \($0.index + 1) of \(total)") }
  }

  /// Trial `index` of `setting`: the truth run under the trial's seed, fitted against `simulated`
  /// (the setting's world, one for each of `fit.periods`) with the bootstrap seeded from
  /// `fit.seed` hashed by the same index.
  public static func trial(_ setting: Setting, index: Int, fit: PrivacyFitStudy.Settings, simulated: [SimulatedCrowds]) -> Trial {
    var truth = setting.world.scenario(thresholds: setting.thresholds, crowdPeriod: setting.crowdPeriod)
    truth.seed = ReplicateSeeds.seed(base: truthSeed, replicate: index)
    let evidence = TierEvidence(run: truth)
    var settings = fit
    settings.seed = ReplicateSeeds.seed(base: fit.seed, replicate: index)
    let result = PrivacyFitStudy.fit(setting.world.scenario(), evidence: evidence, simulated: simulated, settings: settings)
    var recoveries = result.thresholds.filter { evidence.levels.contains($0.tier) }.map { threshold in
      Recovery(
        parameter: "tier\(threshold.tier)", truth: Double(setting.thresholds[threshold.tier - 1]),
        estimate: threshold.estimate.map(Double.init), lower: threshold.lower.map(Double.init),
        upper: threshold.upper.map(Double.init))
    }
    let days = { (duration: SimDuration) in Double(duration.milliseconds) / 86_400_000 }
    recoveries.append(
      Recovery(
        parameter: "period", truth: days(setting.crowdPeriod), estimate: days(result.period.estimate),
        lower: days(result.period.lower), upper: days(result.period.upper)))
    return Trial(seed: truth.seed, postbacks: evidence.postbacks, recoveries: recoveries)
  }
}
