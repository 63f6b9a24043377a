import SimModel

/// Reads a schema's `predictor`: a predicted-LTV table of buckets (conditions on the measures
/// since install → predicted revenue to the horizon), checked in order.
package struct PredictorReader {
  package let reader: JSONReader

  package static let keys = ["horizonDays", "buckets", "training"]
  package static let bucketKeys = ["predicted", "installs"] + ConditionReader.keys

  /// The predictor, or nil after logging what is wrong; its events join the schema's.
  package func read(events: inout EventNames) -> RevenuePredictor? {
    guard let object = reader.object(keys: Self.keys) else { return nil }
    let horizon = object.required("horizonDays", "the day since install predictions run to, 1 to 365")?.integer(in: 1...365)
    let training = object.optional("training")?.string() ?? ""
    guard
      let bucketsReader = object.required("buckets", "an array of buckets, each a condition and its 'predicted' revenue"),
      let entries = bucketsReader.array(
        atMost: SchemaReader.maximumRules, of: "predictor buckets",
        because: "the app checks them in order on every update; merge buckets or widen their conditions")
    else { return nil }
    guard !entries.isEmpty else {
      bucketsReader.error("expected at least one bucket (a last one without conditions predicts for everyone else)")
      return nil
    }
    var ok = true
    var buckets: [RevenuePredictor.Bucket] = []
    for entry in entries {
      guard let fields = entry.object(keys: Self.bucketKeys),
        let predicted = fields.required("predicted", "the predicted revenue to the horizon, 0 or more")?.nonNegativeNumber(),
        let condition = ConditionReader(object: fields).read(events: &events)
      else {
        ok = false
        continue
      }
      let installs = fields.optional("installs")?.integer(in: 0...Int64(Int32.max))
      if fields.has("installs"), installs == nil { ok = false }
      if condition.ranges[.revenue(.predicted)] != nil {
        let key = fields.has("predictedRevenueAtLeast") ? "predictedRevenueAtLeast" : "predictedRevenueBelow"
        fields.optional(key)?.error("a predictor cannot read its own prediction: its buckets read what the user did")
        ok = false
        continue
      }
      buckets.append(
        RevenuePredictor.Bucket(condition: condition, predicted: predicted, installs: installs.map(Int.init), source: entry.path))
    }
    guard ok, let horizon else { return nil }
    return RevenuePredictor(horizonDays: Int(horizon), buckets: buckets, training: training)
  }
}
