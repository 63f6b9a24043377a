import SimModel

/// A cohort's event log fitted with the cohort behaviour model, and the fit checked against the
/// log: the same figures observed on the log's users and simulated from the fit, as many users
/// a replicate, over replicates of their own seeds.
public struct LogFitStudy: Sendable {
  /// The fitted behaviour.
  public var fit: BehaviourFit
  /// Observed against fitted.
  public var comparison: FitComparison
  /// The log's figures.
  public var observed: LifeFigures

  /// Fits the log of `scenario.cohorts[index]` and checks it over `replicates` replicates
  /// seeded from `seed`, each drawing its users' segments afresh.
  public init(scenario: Scenario, cohort index: Int, replicates: Int, seed: UInt64) {
    let cohort = scenario.cohorts[index]
    guard let log = cohort.log else { preconditionFailure("the cohort has a log") }
    let horizon = log.source.horizonDays
    fit = BehaviourFit(log.users, horizonDays: horizon)
    observed = Self.figures(of: log.users, horizonDays: horizon)
    let fit = fit
    let simulated = (0..<replicates).map { replicate in
      let replicateSeed = ReplicateSeeds.seed(base: seed, replicate: replicate)
      return LifeSimulation.figures(
        fit.cohorts(like: cohort, count: log.users.count, drawnWith: replicateSeed), in: scenario, seed: replicateSeed,
        horizonDays: horizon)
    }
    comparison = FitComparison(observed: observed, replicates: simulated, extrapolatedDays: Set(fit.extrapolatedDays))
  }

  /// The figures of logged users, each counted for the days the log watched them.
  public static func figures(of users: LoggedUsers, horizonDays: Int) -> LifeFigures {
    var figures = LifeFigures(horizonDays: horizonDays)
    for user in 0..<users.count {
      figures.add(LifeEvent.life(of: user, in: users), watchedMilliseconds: users.observed(user).milliseconds)
    }
    return figures
  }
}
