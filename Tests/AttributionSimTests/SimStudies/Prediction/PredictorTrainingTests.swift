import AttributionTestSupport
import Foundation
import Testing

@testable import SimInput
@testable import SimModel
@testable import SimStudies

/// A predicted-LTV model learned by hand from six users, its held-out error, the schema that
/// encodes it, and what a device computes with it.
@Suite("Predictor training")
struct PredictorTrainingTests {
  /// Six users: (window-1 revenue, window-1 sessions, revenue to day 35).
  static let samples: [PredictorSamples.Sample] = [
    (0, 1, 0), (0, 1, 1), (0, 4, 2), (0, 4, 4), (2, 1, 10), (2, 1, 20),
  ].map { PredictorSamples.Sample(revenue: $0.0, sessions: $0.1, target: $0.2) }

  /// Payers' revenue [2, 2]: every percentile is 2, so revenue cuts at 0.01 and 2. Sessions
  /// [1, 1, 1, 1, 4, 4]: the median 1 is no cut (not above 1), the 90th percentile 4 is. Cells
  /// of at least 2 users: revenue ≥ 2 & sessions < 4 → (10 + 20) ÷ 2 = 15; no payer under 2, so
  /// that class takes everyone's mean 37 ÷ 6; non-payers with 4+ sessions → 3, with fewer → 0.5;
  /// the catch-all is the non-payers' mean 7 ÷ 4 = 1.75.
  @Test("the buckets of six users worked by hand: cells' means, a class's mean, everyone's mean")
  func fitByHand() {
    let fitted = PredictorTraining.fit(Self.samples, horizonDays: 35, minimumInstalls: 2)
    let buckets = fitted.predictor.buckets
    #expect(buckets.map(\.predicted) == [15, 15, 37.0 / 6, 3, 0.5, 1.75])
    #expect(buckets.map(\.installs) == [2, 2, 6, 2, 2, 4])
    #expect(buckets[0].condition == Condition([.revenue(.all): ValueRange(atLeast: 2), .sessions: ValueRange(below: 4)]))
    #expect(buckets[2].condition == Condition([.revenue(.all): ValueRange(atLeast: 0.01, below: 2)]))
    #expect(buckets[3].condition == Condition([.revenue(.all): ValueRange(below: 0.01), .sessions: ValueRange(atLeast: 4)]))
    #expect(buckets[5].condition.isAlways)
    #expect(fitted.mean == 37.0 / 6 && fitted.ratio == 37.0 / 4)
  }

  /// Held out: (0 revenue, 1 session, 0 to day 35) is predicted 0.5 and (2, 1, 12) 15: squared
  /// errors 0.25 and 9, RMSE √4.625; everyone's mean 37/6 misses by 37/6 and 12 − 37/6; the
  /// multiplier (37/4 × window-1 revenue) predicts 0 and 18.5, missing the second by 6.5.
  @Test("held-out errors by hand: root mean squared error of the predictor and the two baselines")
  func evaluateByHand() {
    let fitted = PredictorTraining.fit(Self.samples, horizonDays: 35, minimumInstalls: 2)
    let test = [PredictorSamples.Sample(revenue: 0, sessions: 1, target: 0), .init(revenue: 2, sessions: 1, target: 12)]
    let e = PredictorTraining.evaluate(fitted.predictor, test, overallMean: fitted.mean, ratio: fitted.ratio)
    func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }
    #expect(e.installs == 2 && e.meanTruth == 6)
    #expect(close(e.predictorError, (9.25 / 2).squareRoot()))
    let mean = 37.0 / 6
    #expect(close(e.meanError, ((mean * mean + (12 - mean) * (12 - mean)) / 2).squareRoot()))
    #expect(close(e.multiplierError, (6.5 * 6.5 / 2).squareRoot()))
    // 1 − 9.25 ÷ (6² + 6²), and (0.5 + 15) ÷ 12.
    #expect(close(e.explainedShare, 1 - 9.25 / 72))
    #expect(close(e.totalRatio, 15.5 / 12))
  }

  /// Distinct predictions 0.5, 1.75, 3, 37/6, 15: bounds halfway, in cents: 1.13 (1.125), 2.38
  /// (2.375), 4.58, 10.58. A payer of 2 with one session is predicted 15: fine value 4; a
  /// non-payer with 5 sessions 3: value 2; one with a single session 0.5: value 0.
  @Test("the schema encodes the prediction: bounds halfway between predictions, and what a device sets")
  func encodingByHand() throws {
    let fitted = PredictorTraining.fit(Self.samples, horizonDays: 35, minimumInstalls: 2)
    #expect(PredictedSchema.bounds(fitted.predictor) == [1.13, 2.38, 4.58, 10.58])
    let text = PredictedSchema.json(base: .empty, predictor: fitted.predictor).serialized(pretty: true)
    let schema = try TestScenarios.schema(text)
    #expect(schema.predictor?.buckets.map(\.predicted).count == 6)
    func fine(revenue: Double, sessions: Int) -> Int? {
      var state = MeasurementState(window: 0, eventCount: 0)
      state.inWindow.purchaseRevenue[0] = revenue
      state.inWindow.sessions = sessions
      state.sinceInstall = state.inWindow
      return schema.update(for: state)?.fine
    }
    #expect(fine(revenue: 2, sessions: 1) == 4)
    #expect(fine(revenue: 0, sessions: 5) == 2)
    #expect(fine(revenue: 0, sessions: 1) == 0)
  }

  /// Buckets predicting 15 (40 users), 3 (60) and 0.5 (900): a value standing for [1.75, 9)
  /// means 3; one standing for everything means (15·40 + 3·60 + 0.5·900) ÷ 1000 = 1.23.
  @Test("the prediction a value stands for: the predictions in its range, weighted by training users")
  func predictionInRange() {
    let predictor = RevenuePredictor(
      horizonDays: 35,
      buckets: [
        .init(condition: Condition(), predicted: 15, installs: 40), .init(condition: Condition(), predicted: 3, installs: 60),
        .init(condition: Condition(), predicted: 0.5, installs: 900),
      ])
    #expect(predictor.prediction(in: ValueRange(atLeast: 1.75, below: 9)) == 3)
    #expect(abs(predictor.prediction(in: .any)! - 1.23) < 1e-12)
    #expect(predictor.prediction(in: ValueRange(atLeast: 20)) == nil)
  }

  /// The predictor reads measures since install, not the window's: in window 2 a user who paid
  /// 2 in window 1 is still predicted 15.
  @Test("predictor buckets read the user's whole history, whichever window the schema is in")
  func predictorReadsSinceInstall() throws {
    let schema = try TestScenarios.schema(
      """
      { version: 1, coarseValue: { window2: [{ value: "high", predictedRevenueAtLeast: 10 }, { value: "low", sessionsAtLeast: 1 }] },
        predictor: { horizonDays: 35, buckets: [{ revenueAtLeast: 2, predicted: 15 }, { predicted: 1 }] } }
      """)
    var state = MeasurementState(window: 1, eventCount: 0)
    state.sinceInstall.purchaseRevenue[0] = 2
    state.inWindow.sessions = 1
    #expect(schema.update(for: state)?.coarse == .high)
    state.sinceInstall.purchaseRevenue[0] = 0
    #expect(schema.update(for: state)?.coarse == .low)
  }

  @Test("training is the same whatever the jobs: one thread or three write the same schema")
  func trainingIgnoresJobs() throws {
    let scenario = try TestScenarios.load(try TestScenarios.smallQuickstart())
    let settings = PredictorTraining.Settings(trainingRuns: 3, testRuns: 1)
    let one = PredictorTraining(scenario, settings: settings, jobs: 1)
    let three = PredictorTraining(scenario, settings: settings, jobs: 3)
    #expect(one.trainingInstalls > 0)
    #expect(
      PredictedSchema.json(base: scenario.schema, predictor: one.predictor).serialized()
        == PredictedSchema.json(base: scenario.schema, predictor: three.predictor).serialized())
    #expect(one.evaluation == three.evaluation)
  }
}
