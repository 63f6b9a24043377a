import Testing

@testable import SimStudies
@testable import attrsim

/// What `attrsim privacy fit` prints of a result, and the warning when the fitted model does not
/// describe the evidence.
@Suite("attrsim privacy fit: the printed summary")
struct PrivacyFitSummaryTests {
  static func result(pValue: Double) -> PrivacyFitResult {
    PrivacyFitResult(
      thresholds: [
        .init(tier: 1, estimate: 17, lower: 17, upper: 18), .init(tier: 2, estimate: 64, lower: 60, upper: 66),
        .init(tier: 3, estimate: 257, lower: 251, upper: 265),
      ],
      period: .init(estimate: .days(1), lower: .days(1), upper: .days(1), candidates: [.days(1), .days(2)]),
      goodnessOfFit: .init(
        chiSquare: 10736.1, degreesOfFreedom: 17, dispersion: 1.61, pValue: pValue, pValueIndependent: pValue, bins: []),
      tiered: true, postbacks: 1_067_208, unmatchedPostbacks: 0, cells: 1331, runs: 3, replicates: 200, suggested: [17, 64, 257])
  }

  @Test("A goodness of fit under 0.01 adds a warning that names the crowd period and --periods; 0.01 or more adds none")
  func warningWhenTheFitIsRejected() {
    let rejected = PrivacyFitCommand.summary(Self.result(pValue: 0.0001))
    #expect(rejected.contains("tier 2 threshold  64 installs (95 % 60–66)"))
    #expect(rejected.contains("\nwarning           the fitted model does not describe the evidence (p < 0.01)"))
    #expect(rejected.contains("--periods N"))
    #expect(!PrivacyFitCommand.summary(Self.result(pValue: 0.01)).contains("warning"))
  }
}
