import SimBehaviour
import SimEngine
import SimModel

/// The in-app lives of cohorts' users alone, without the ad side: every user installs and opens
/// the app at once and lives what their cohort's behaviour draws (modelled, replayed or
/// resampled), from the same streams a run would use for a cohort of that name.
package enum LifeSimulation {
  /// The figures of `cohorts`' users in `scenario` under `seed`.
  package static func figures(_ cohorts: [Cohort], in scenario: Scenario, seed: UInt64, horizonDays: Int) -> LifeFigures {
    var figures = LifeFigures(horizonDays: horizonDays)
    for cohort in cohorts { simulate(cohort, in: scenario, seed: seed) { figures.add($0) } }
    return figures
  }

  /// Each user's life of `cohort`, in user order.
  package static func simulate(_ cohort: Cohort, in scenario: Scenario, seed: UInt64, _ body: ([LifeEvent]) -> Void) {
    var alone = cohort
    alone.exposures = []
    alone.reengagements = []
    alone.appleAds = []
    alone.seasonality = nil
    alone.arrivalStart = .zero
    alone.arrivalSpread = .zero
    alone.install = InstallBehaviour(afterClick: 0, afterView: 0, organic: 1, delay: .fixed(0), redownload: 0, preOrder: 0)
    alone.firstLaunch = LaunchBehaviour(probability: 1, delay: .fixed(0))
    let behaviour = CohortBehaviour(cohort: alone, scenario: scenario, root: RandomStream(seed: seed))
    for index in 0..<alone.count {
      body(LifeEvent.life(of: behaviour.plan(of: index, arrival: behaviour.arrival(of: index)).remainingActions()))
    }
  }
}
