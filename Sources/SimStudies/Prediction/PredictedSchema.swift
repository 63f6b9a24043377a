import SimInput
import SimJSON
import SimModel

/// The schema `attrsim schema train` writes: window 1's fine value encodes the predictor's
/// revenue to the horizon (one bucket per distinct prediction, so the value names the
/// prediction exactly), and the base schema's coarse values, locks and currencies are kept, so
/// comparing it with the base isolates what encoding a prediction changes.
public enum PredictedSchema {
  /// The fine value's bounds: halfway between consecutive distinct predictions, in cents (at
  /// most 63 bounds, 64 values).
  public static func bounds(_ predictor: RevenuePredictor) -> [Double] {
    let values = Array(Set(predictor.buckets.map(\.predicted))).sorted()
    var bounds: [Double] = []
    for (low, high) in zip(values, values.dropFirst()) {
      let bound = ((low + high) / 2 * 100).rounded() / 100
      if bound > (bounds.last ?? 0), bound > low, bound <= high { bounds.append(bound) }
    }
    guard bounds.count > 63 else { return bounds }
    // Too many to name each: every n-th bound, keeping 63.
    return (0..<63).map { bounds[$0 * bounds.count / 63] }
  }

  /// The schema format's `predictor` object: horizon, what training said, and the buckets in
  /// order, predictions to four decimals.
  public static func predictorJSON(_ predictor: RevenuePredictor, eventNames: [String]) -> JSONValue {
    .object([
      "horizonDays": .int(Int64(predictor.horizonDays)), "training": .string(predictor.training),
      "buckets": .array(
        predictor.buckets.map { bucket in
          var members: [String: JSONValue] = ["predicted": .double((bucket.predicted * 10_000).rounded() / 10_000)]
          if let installs = bucket.installs { members["installs"] = .int(Int64(installs)) }
          return .object(ConditionWriter.members(bucket.condition, eventNames: eventNames).merging(members) { _, new in new })
        }),
    ])
  }

  /// The schema file's JSON: `base`'s currency, coarse values and locks, window 1's fine value
  /// from `predictor`, and the predictor itself.
  public static func json(base: ConversionSchema, predictor: RevenuePredictor) -> JSONValue {
    let events = base.eventNames
    func rule(_ members: [String: JSONValue], _ condition: Condition) -> JSONValue {
      .object(ConditionWriter.members(condition, eventNames: events).merging(members) { _, new in new })
    }
    var object: [String: JSONValue] = [
      "version": .int(Int64(ConversionSchema.supportedFormatVersion)),
      "description": .string(
        "Predicted revenue to day \(predictor.horizonDays) (pLTV) as window 1's fine value; coarse values and locks as in "
          + (base.summary.isEmpty ? "the base schema" : "'\(base.summary)'")),
      "fineValue": .object([
        "revenueBuckets": .array(bounds(predictor).map(JSONValue.double)), "revenueSource": .string("predicted"),
      ]),
      "predictor": predictorJSON(predictor, eventNames: events),
    ]
    if base.currencies.base != "USD" { object["currency"] = .string(base.currencies.base) }
    if !base.currencies.rates.isEmpty {
      object["exchangeRates"] = .object(base.currencies.rates.mapValues(JSONValue.double))
    }
    if base.hasCoarseValues {
      var windows: [String: JSONValue] = [:]
      for (index, rules) in base.coarse.enumerated() where !rules.isEmpty {
        windows["window\(index + 1)"] = .array(
          rules.map { coarse in
            var members: [String: JSONValue] = ["value": .string(coarse.value.rawValue)]
            if let estimate = coarse.revenueEstimate { members["revenueEstimate"] = .double(estimate) }
            return rule(members, coarse.condition)
          })
      }
      object["coarseValue"] = .object(windows)
    }
    if !base.locks.isEmpty {
      object["lock"] = .array(
        base.locks.map { lock in rule(lock.window.map { ["window": .int(Int64($0 + 1))] } ?? [:], lock.condition) })
    }
    return .object(object)
  }
}
