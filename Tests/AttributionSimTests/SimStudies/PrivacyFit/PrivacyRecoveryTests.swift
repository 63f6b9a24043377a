import AttributionSim
import Testing

@testable import SimStudies

/// Issue 39, item 3: the privacy fit's intervals hold a crowd model it did not see. The full
/// study (20 seeds of every setting) is `.ci/privacy-coverage`; these few trials keep it honest
/// in `swift test`.
@Suite("Privacy fit: recovery of known crowd models")
struct PrivacyRecoveryTests {
  @Test("A covered interval holds the truth; a lone bound covers when the truth keeps to it; widths need both bounds")
  func coverageRule() {
    let inside = PrivacyRecoveryStudy.Recovery(parameter: "tier1", truth: 5, estimate: 5, lower: 3, upper: 6)
    #expect(inside.covered && inside.width == 3)
    #expect(!PrivacyRecoveryStudy.Recovery(parameter: "tier1", truth: 7, estimate: 5, lower: 3, upper: 6).covered)
    #expect(!PrivacyRecoveryStudy.Recovery(parameter: "tier1", truth: 2, estimate: 5, lower: 3, upper: 6).covered)
    let above = PrivacyRecoveryStudy.Recovery(parameter: "tier3", truth: 300, estimate: nil, lower: 250, upper: nil)
    #expect(above.covered && above.width == nil)
    #expect(!PrivacyRecoveryStudy.Recovery(parameter: "tier3", truth: 200, estimate: nil, lower: 250, upper: nil).covered)
    #expect(!PrivacyRecoveryStudy.Recovery(parameter: "tier1", truth: 9, estimate: nil, lower: nil, upper: 8).covered)
  }

  @Test("Thresholds far below the defaults and a two-day crowd period are recovered: intervals hold the truth and exclude the defaults")
  func intervalsCoverTheTruth() throws {
    // The full study is 20 seeds of eight settings (.ci/privacy-coverage); here 3 seeds of two
    // small worlds, one simulation shared by a setting's trials, and only the two periods the
    // fit most confuses (a day at half the thresholds mimics two days).
    var fit = PrivacyFitStudy.Settings()
    fit.periods = [.days(1), .days(2)]
    fit.runs = 4
    fit.replicates = 100
    let settings = [
      PrivacyRecoveryStudy.Setting(thresholds: [2, 8, 25], crowdPeriod: .days(1), world: CrowdWorld(days: 6, scale: 0.5)),
      PrivacyRecoveryStudy.Setting(thresholds: [5, 20, 60], crowdPeriod: .days(2), world: CrowdWorld(days: 6)),
    ]
    let result = PrivacyRecoveryStudy.run(settings, seeds: 3, fit: fit, simulations: 1, jobs: 2)
    // Two of three seeds at least: a 95 % interval misses now and then, a broken one most times.
    #expect(result.rows(coveredBelow: 0.6).isEmpty, "\(result.markdown)")
    #expect(result.rows.count == 8)
    // Informative, not merely wide: far below the defaults (10 / 50 / 200), no interval reaches them.
    let far = try #require(result.settings.first)
    for trial in far.trials {
      for recovery in trial.recoveries where recovery.parameter != "period" {
        let fallback = Double(PrivacySettings.defaultThresholds[Int(recovery.parameter.dropFirst(4))! - 1])
        #expect(try #require(recovery.upper) < fallback, "\(recovery)")
      }
    }
  }
}
