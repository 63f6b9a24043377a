import AttributionSim
import AttributionTestSupport
import Testing

/// The privacy fit sizes every crowd period it tries from one run (`privacy.probePeriods`):
/// installs do not depend on the period, so one run's probes must be what a run under each
/// period decides from.
@Suite("Privacy fit: one run sizes the crowds of every period tried")
struct ProbePeriodTests {
  @Test("§6 crowd model: the sizes under a probe period are those a run with that crowd period decides from", arguments: [1, 2])
  func probesEqualRunsUnderEachPeriod(jobs: Int) throws {
    let scenario = try TestScenarios.load(FieldDefaultsTests.singleCampaign(version: "4.0", perDay: 12))
    var together = [SimulatedCrowds(period: .days(1)), SimulatedCrowds(period: .days(3))]
    SimulatedCrowds.run(scenario, seed: 11, into: &together, days: true, jobs: jobs)
    for crowds in together {
      var alone = [SimulatedCrowds(period: crowds.period)]
      SimulatedCrowds.run(scenario, seed: 11, into: &alone, days: true, jobs: jobs)
      #expect(alone[0].bySize == crowds.bySize, "period \(crowds.period)")
    }
    // Three days hold about three times a day's installs: the periods really differ.
    #expect(together[1].largestCrowd > 2 * together[0].largestCrowd)
  }
}
