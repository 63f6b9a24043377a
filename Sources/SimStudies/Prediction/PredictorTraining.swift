import Foundation
import SimEngine
import SimModel
import SimPlatform
import SimRecords
import SimRun

/// Learns a predicted-LTV model (``RevenuePredictor``) from the scenario's own users, and
/// measures its error on users it never saw.
///
/// The method, chosen to be simple and reproducible: simulate the scenario under `trainingRuns`
/// seeds of its own; for every attributed user take window 1's revenue and sessions (what the
/// app knows when window 1 closes) and their true revenue to the horizon. Cut revenue at 0.01
/// and where payers reach a tenth, two tenths, … nine tenths, 95 % and 99 % of their revenue (a
/// class under `minimumInstalls` payers joining the one below), and sessions at all users' 50th
/// and 90th percentiles; each cell of that grid predicts its users' mean revenue to the horizon,
/// and a class's other users (cells under `minimumInstalls`) their own mean, else the class's,
/// else the overall mean.
/// Then simulate `testRuns` other seeds and compare the predictions with the truth there,
/// beside two baselines: everyone's mean, and window-1 revenue times the trained ratio of
/// horizon to window-1 revenue.
public struct PredictorTraining: Sendable {
  /// How much to simulate, and the horizon.
  public struct Settings: Hashable, Sendable {
    /// The day since install predictions run to: a window's end, 7 or 35 (the truth is kept per window).
    public var horizonDays: Int
    /// Runs learned from, and runs held out to measure the error.
    public var trainingRuns: Int, testRuns: Int
    /// Users a cell needs before its own mean is used.
    public var minimumInstalls: Int

    /// Settings; by default day 35, 8 training and 4 test runs, cells of 30.
    public init(horizonDays: Int = 35, trainingRuns: Int = 8, testRuns: Int = 4, minimumInstalls: Int = 30) {
      self.horizonDays = horizonDays
      self.trainingRuns = trainingRuns
      self.testRuns = testRuns
      self.minimumInstalls = minimumInstalls
    }
  }

  /// The held-out users' errors: root mean squared error per user of the predictor and of the
  /// baselines (the error a mean minimises: the predictor predicts means, which is what summing
  /// over a campaign needs), the share of spread explained, and the predicted total over the true one.
  public struct Evaluation: Hashable, Sendable {
    /// Held-out users, and their mean true revenue to the horizon.
    public var installs: Int, meanTruth: Double
    /// Root mean squared error per user: the predictor, everyone's mean, window-1 revenue × ratio.
    public var predictorError: Double, meanError: Double, multiplierError: Double
    /// 1 − the predictor's squared error ÷ the squared error of everyone's mean (the share of
    /// the spread between users it explains); nil when every user earned the same.
    public var explainedShare: Double?
    /// Predicted total ÷ true total.
    public var totalRatio: Double?
  }

  /// The learned predictor.
  public var predictor: RevenuePredictor
  /// Users learned from.
  public var trainingInstalls: Int
  /// Its error on the held-out runs.
  public var evaluation: Evaluation
  /// The seeds of the training and the held-out runs.
  public var trainingSeeds: [UInt64], testSeeds: [UInt64]

  /// Why `scenario` cannot train a predictor to `horizonDays`, or nil when it can.
  public static func obstacle(_ scenario: Scenario, horizonDays: Int) -> String? {
    if let obstacle = Calibrator.obstacle(scenario) { return obstacle }
    let ends = WindowSchedule.productionEndDays
    guard scenario.attributionFramework.windowCount == ends.count else {
      return "predictors learn revenue to a window's end, and before SKAdNetwork 4.0 there is one window whose end moves with its timer"
    }
    guard ends.dropFirst().contains(horizonDays) else {
      return "the horizon must be a later window's end, \(ends.dropFirst().map(String.init).joined(separator: " or ")) days (the truth is kept per window), not \(horizonDays)"
    }
    return nil
  }

  /// The seed of training (`heldOut` false) or test run `run`: a hash of the scenario seed
  /// under its own label, sharing no draws with evaluated runs or calibration.
  public static func seed(scenarioSeed: UInt64, run: Int, heldOut: Bool) -> UInt64 {
    var stream = RandomStream(seed: scenarioSeed).child(heldOut ? "predictor-test" : "predictor").child(run)
    return stream.next()
  }

  /// Trains on `scenario` (which must have no ``obstacle(_:horizonDays:)``); runs go `jobs` at
  /// a time, and the result is the same whatever `jobs`.
  public init(_ scenario: Scenario, settings: Settings = Settings(), jobs: Int = 1) {
    let windows = WindowSchedule.productionEndDays.firstIndex(of: settings.horizonDays).map { $0 + 1 } ?? 3
    func samples(_ heldOut: Bool, _ count: Int) -> (samples: [PredictorSamples.Sample], seeds: [UInt64]) {
      var flagged = scenario
      // Impressions checked by their flag: the same outcome, without signing (as calibration runs).
      flagged.signing.impressionCheck = .flag
      let base = flagged
      let seeds = (0..<count).map { Self.seed(scenarioSeed: scenario.seed, run: $0, heldOut: heldOut) }
      // Runs `jobs` at a time, their samples in run order whatever order they finish in.
      let runs = OrderedWork.run(count: count, jobs: jobs, users: { _ in base.userCount }, progress: nil) { index in
        var run = base
        run.seed = seeds[index]
        var sink = PredictorSamples(scenario: run, windows: windows)
        _ = ScenarioRunner.run(run, sink: &sink, receive: false)
        return sink.samples
      }
      return (runs.flatMap { $0 }, seeds)
    }
    let training = samples(false, settings.trainingRuns)
    let test = samples(true, settings.testRuns)
    let fitted = Self.fit(training.samples, horizonDays: settings.horizonDays, minimumInstalls: settings.minimumInstalls)
    predictor = fitted.predictor
    trainingInstalls = training.samples.count
    trainingSeeds = training.seeds
    testSeeds = test.seeds
    evaluation = Self.evaluate(predictor, test.samples, overallMean: fitted.mean, ratio: fitted.ratio)
    predictor.training =
      "learned by attrsim schema train from \(trainingInstalls) users of \(settings.trainingRuns) runs of '\(scenario.name)'; "
      + "on \(evaluation.installs) held-out users the root mean squared error per user is "
      + "\(Self.amount(evaluation.predictorError)) (everyone's mean: \(Self.amount(evaluation.meanError)), "
      + "window-1 revenue × ratio: \(Self.amount(evaluation.multiplierError)))"
  }

  /// Where payers' window-1 revenue is cut: at every tenth of their revenue, and at 95 % and
  /// 99 % of it, so the classes are finest where the money is (cuts by payers' count put
  /// them among cents of ad revenue and left whales in one class: on the quickstart ×10 the
  /// day-36 error was 29.5 % against the hand-written schema's 6.9 %).
  static let payerPercentiles = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99]

  /// `bounds` without those whose class (from the bound to the next) holds fewer than
  /// `minimumInstalls` of `payers` (sorted), each such class joining the one below, from the
  /// top down: a sparse top class would otherwise predict everyone's mean for the biggest
  /// spenders (a whale paying 104 USD in window 1 was predicted 0.84).
  static func merged(_ bounds: [Double], _ payers: [Double], minimumInstalls: Int) -> [Double] {
    var kept = bounds
    var index = kept.count - 1
    while index >= 1 {
      let upper = index + 1 < kept.count ? kept[index + 1] : .infinity
      let count = payers.filter { $0 >= kept[index] && $0 < upper }.count
      if count < minimumInstalls { kept.remove(at: index) }
      index -= 1
    }
    return kept
  }

  /// The revenue below which payers earn `share` of all payers' revenue (`sorted` ascending):
  /// the first value at which the running sum reaches that share.
  package static func revenuePercentile(_ sorted: [Double], _ share: Double) -> Double {
    let total = sorted.reduce(0, +)
    var running = 0.0
    for value in sorted {
      running += value
      if running >= share * total { return value }
    }
    return sorted.last ?? 0
  }

  /// The percentile `p` (0–1) of sorted `values`: the value at rank ⌈p·n⌉ (nearest rank).
  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = max(1, Int((p * Double(sorted.count)).rounded(.up)))
    return sorted[min(rank, sorted.count) - 1]
  }

  /// Increasing bounds from candidates: rounded to cents, duplicates and those not above the
  /// floor dropped.
  static func bounds(_ candidates: [Double], above floor: Double) -> [Double] {
    var result: [Double] = []
    for value in candidates.map({ ($0 * 100).rounded() / 100 }) where value > (result.last ?? floor) {
      result.append(value)
    }
    return result
  }

  /// The predictor learned from `samples`, the overall mean, and horizon ÷ window-1 revenue.
  package static func fit(
    _ samples: [PredictorSamples.Sample], horizonDays: Int, minimumInstalls: Int
  ) -> (predictor: RevenuePredictor, mean: Double, ratio: Double) {
    let payers = samples.map(\.revenue).filter { $0 >= 0.01 }.sorted()
    let revenueBounds = Self.merged(
      [0.01] + bounds(Self.payerPercentiles.map { revenuePercentile(payers, $0) }, above: 0.01), payers,
      minimumInstalls: minimumInstalls)
    let sessions = samples.map { Double($0.sessions) }.sorted()
    let sessionBounds = bounds([0.5, 0.9].map { percentile(sessions, $0).rounded(.up) }, above: 1)
    func revenueClass(_ value: Double) -> Int { revenueBounds.filter { value >= $0 }.count }
    func sessionClass(_ value: Int) -> Int { sessionBounds.filter { Double(value) >= $0 }.count }
    let revenueClasses = revenueBounds.count + 1, sessionClasses = sessionBounds.count + 1
    var sums = Array(repeating: Array(repeating: (count: 0, sum: 0.0), count: sessionClasses), count: revenueClasses)
    var total = 0.0, firstWindow = 0.0
    for sample in samples {
      let (r, s) = (revenueClass(sample.revenue), sessionClass(sample.sessions))
      sums[r][s].count += 1
      sums[r][s].sum += sample.target
      total += sample.target
      firstWindow += sample.revenue
    }
    let mean = samples.isEmpty ? 0 : total / Double(samples.count)
    let ratio = firstWindow > 0 ? total / firstWindow : 1
    func range(_ bounds: [Double], _ index: Int) -> ValueRange {
      ValueRange(atLeast: index == 0 ? 0 : bounds[index - 1], below: index < bounds.count ? bounds[index] : nil)
    }
    var buckets: [RevenuePredictor.Bucket] = []
    // Highest revenue first: the classes a user is most likely judged on come first to read.
    for r in (0..<revenueClasses).reversed() {
      let margin = sums[r].reduce((count: 0, sum: 0.0)) { ($0.count + $1.count, $0.sum + $1.sum) }
      let marginMean = margin.count >= minimumInstalls ? margin.sum / Double(margin.count) : mean
      let revenue = range(revenueBounds, r)
      var emitted = 0
      var rest = (count: 0, sum: 0.0)
      for s in (0..<sessionClasses).reversed() {
        guard sums[r][s].count >= minimumInstalls, sessionClasses > 1 else {
          rest = (rest.count + sums[r][s].count, rest.sum + sums[r][s].sum)
          continue
        }
        var condition = Condition([.revenue(.all): revenue])
        let sessions = range(sessionBounds, s)
        if sessions != .any { condition.ranges[.sessions] = sessions }
        buckets.append(
          RevenuePredictor.Bucket(
            condition: condition, predicted: sums[r][s].sum / Double(sums[r][s].count), installs: sums[r][s].count))
        emitted += 1
      }
      // The class's remaining users (or all of it): their own mean, else the class's, else the
      // overall mean; none when every session class has its own bucket, except the last, which
      // ends the table.
      if r == 0 || emitted < sessionClasses {
        let (predicted, installs) =
          rest.count >= minimumInstalls
          ? (rest.sum / Double(rest.count), rest.count)
          : (marginMean, margin.count >= minimumInstalls ? margin.count : samples.count)
        buckets.append(
          RevenuePredictor.Bucket(
            condition: r == 0 ? Condition() : Condition([.revenue(.all): revenue]), predicted: predicted, installs: installs))
      }
    }
    // The lowest class's margin holds for everyone left: it is the catch-all, so it goes last.
    return (RevenuePredictor(horizonDays: horizonDays, buckets: buckets), mean, ratio)
  }

  static func evaluate(
    _ predictor: RevenuePredictor, _ samples: [PredictorSamples.Sample], overallMean: Double, ratio: Double
  ) -> Evaluation {
    var predictorError = 0.0, meanError = 0.0, multiplierError = 0.0, spread = 0.0
    var truth = 0.0, predicted = 0.0
    let testMean = samples.isEmpty ? 0 : samples.reduce(0) { $0 + $1.target } / Double(samples.count)
    let state = MeasurementState(window: 0, eventCount: 0)
    for sample in samples {
      var measures = Measures(eventCount: 0, currencyCount: 1)
      measures.purchaseRevenue[0] = sample.revenue
      measures.sessions = sample.sessions
      let guess = predictor.predict(MeasureValues(measures, state: state, table: .usd))
      predictorError += (guess - sample.target) * (guess - sample.target)
      meanError += (overallMean - sample.target) * (overallMean - sample.target)
      multiplierError += (sample.revenue * ratio - sample.target) * (sample.revenue * ratio - sample.target)
      spread += (testMean - sample.target) * (testMean - sample.target)
      truth += sample.target
      predicted += guess
    }
    let n = Double(max(samples.count, 1))
    return Evaluation(
      installs: samples.count, meanTruth: testMean, predictorError: (predictorError / n).squareRoot(),
      meanError: (meanError / n).squareRoot(), multiplierError: (multiplierError / n).squareRoot(),
      explainedShare: spread > 0 ? 1 - predictorError / spread : nil,
      totalRatio: truth > 0 ? predicted / truth : nil)
  }

  static func amount(_ value: Double) -> String { String(format: "%.4f", value) }
}
