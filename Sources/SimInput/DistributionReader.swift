import Foundation
import SimEngine

/// What a distribution's values measure, which decides how they are written.
package enum Quantity {
  /// Plain numbers (USD, counts).
  case amount
  /// Durations written in scenario notation (`"6h"`), held in milliseconds.
  case duration

  package var example: String {
    switch self {
    case .amount: "a number or a distribution such as { lognormal: { median: 4.99, sigma: 0.8 } }"
    case .duration: "a duration or a distribution such as { exponential: { mean: \"6h\" } }"
    }
  }
}

extension JSONReader {
  /// A distribution: a bare value (fixed), or an object naming exactly one kind.
  ///
  /// Kinds: `fixed`, `uniform {min, max}`, `exponential {mean}`, `normal {mean, sd, min?, max?}`,
  /// `lognormal {median | mu, sigma}`, `choice [{value, weight}]`, `empirical [[p, value]]`,
  /// `poisson {mean}` (counts only).
  package func distribution(of quantity: Quantity, nonNegative: Bool = true) -> Distribution? {
    switch node.value {
    case .string where quantity == .amount, .number where quantity == .duration:
      expected(quantity.example)
      return nil
    case .number, .string:
      guard let value = quantityValue(quantity, nonNegative: nonNegative) else { return nil }
      return .fixed(value)
    case .object(let members):
      let kinds = ["fixed", "uniform", "exponential", "normal", "lognormal", "choice", "empirical", "poisson"]
      guard let object = object(keys: kinds) else { return nil }
      guard members.count == 1, let kind = members.first?.key, kinds.contains(kind),
        let body = object.optional(kind)
      else {
        if members.count != 1 {
          error("expected exactly one distribution kind (\(kinds.joined(separator: ", "))), found \(members.count) keys")
        }
        return nil
      }
      return body.distributionBody(kind: kind, of: quantity, nonNegative: nonNegative)
    default:
      expected(quantity.example)
      return nil
    }
  }

  /// A list of `{ value, weight }` objects, values read by `readValue`.
  package func weightedChoice<Value>(_ readValue: (JSONReader) -> Value?) -> WeightedChoice<Value>? {
    guard let elements = array() else { return nil }
    var entries: [(value: Value, weight: Double)] = []
    for element in elements {
      guard let object = element.object(keys: ["value", "weight"]),
        let value = object.required("value").flatMap(readValue),
        let weight = object.required("weight")?.nonNegativeNumber()
      else { continue }
      entries.append((value, weight))
    }
    guard entries.count == elements.count else { return nil }
    if entries.isEmpty || entries.allSatisfy({ $0.weight == 0 }) {
      error("a choice needs at least one value with a weight above zero")
      return nil
    }
    return WeightedChoice(entries)
  }

  private func quantityValue(_ quantity: Quantity, nonNegative: Bool) -> Double? {
    switch quantity {
    case .amount:
      return nonNegative ? nonNegativeNumber() : number(in: -WorkLimits.largestAmount...WorkLimits.largestAmount)
    case .duration:
      return duration().map { Double($0.milliseconds) }
    }
  }

  private func distributionBody(kind: String, of quantity: Quantity, nonNegative: Bool) -> Distribution? {
    func value(_ object: ObjectReader, _ key: String) -> Double? {
      object.required(key)?.quantityValue(quantity, nonNegative: nonNegative)
    }
    switch kind {
    case "fixed":
      return quantityValue(quantity, nonNegative: nonNegative).map { .fixed($0) }
    case "uniform":
      guard let object = object(keys: ["min", "max"]) else { return nil }
      guard let low = value(object, "min"), let high = value(object, "max") else { return nil }
      if high < low {
        object.required("max")?.error("'max' is below 'min'")
        return nil
      }
      return .uniform(lower: low, upper: high)
    case "exponential":
      guard let object = object(keys: ["mean"]), let mean = value(object, "mean") else { return nil }
      if mean <= 0 {
        object.required("mean")?.error("the mean must be above zero")
        return nil
      }
      return .exponential(mean: mean)
    case "normal":
      guard let object = object(keys: ["mean", "sd", "min", "max"]) else { return nil }
      guard let mean = object.required("mean")?.quantityValue(quantity, nonNegative: false),
        let sd = value(object, "sd")
      else { return nil }
      let low = object.optional("min")?.quantityValue(quantity, nonNegative: nonNegative)
      let high = object.optional("max")?.quantityValue(quantity, nonNegative: nonNegative)
      if sd <= 0 {
        object.required("sd")?.error("the standard deviation must be above zero")
        return nil
      }
      if object.has("min"), low == nil { return nil }
      if object.has("max"), high == nil { return nil }
      if let low, let high, high <= low {
        object.required("max")?.error("'max' must be above 'min'")
        return nil
      }
      // Amounts that must not be negative get a floor of zero unless the scenario sets one.
      let floor = low ?? (nonNegative ? 0 : nil)
      return .normal(mean: mean, standardDeviation: sd, lower: floor, upper: high)
    case "lognormal":
      guard let object = object(keys: ["median", "mu", "sigma"]) else { return nil }
      guard let sigma = object.required("sigma")?.number(in: 0...10) else { return nil }
      if object.has("median") == object.has("mu") {
        error("give exactly one of 'median' and 'mu'")
        return nil
      }
      if let medianReader = object.optional("median") {
        guard let median = medianReader.quantityValue(quantity, nonNegative: true) else { return nil }
        if median <= 0 {
          medianReader.error("the median must be above zero")
          return nil
        }
        return .lognormal(mu: Foundation.log(median), sigma: sigma)
      }
      if quantity == .duration {
        object.optional("mu")?.error("for durations give 'median' as a duration, not 'mu'")
        return nil
      }
      // e^50 is far beyond the largest amount: a larger mu only draws the clamp.
      return object.optional("mu")?.number(in: -50...50).map { .lognormal(mu: $0, sigma: sigma) }
    case "poisson":
      guard quantity == .amount else {
        error("a Poisson distribution draws counts, not durations")
        return nil
      }
      guard let object = object(keys: ["mean"]),
        let mean = object.required("mean")?.number(in: 0...1_000_000, above: true)
      else { return nil }
      return .poisson(mean: mean)
    case "choice":
      return weightedChoice { $0.quantityValue(quantity, nonNegative: nonNegative) }.map { .choice($0) }
    case "empirical":
      guard let elements = array() else { return nil }
      var points: [(probability: Double, value: Double)] = []
      for element in elements {
        guard let pair = element.array() else { continue }
        guard pair.count == 2 else {
          element.error("expected a [probability, value] pair, found \(pair.count) elements")
          continue
        }
        guard let p = pair[0].probability(), let v = pair[1].quantityValue(quantity, nonNegative: nonNegative)
        else { continue }
        points.append((p, v))
      }
      guard points.count == elements.count else { return nil }
      do {
        return .empirical(try EmpiricalTable(points: points))
      } catch {
        switch error {
        case .tooFewPoints: self.error("an empirical table needs at least two points")
        case .probabilitiesMustSpanZeroToOne:
          self.error("an empirical table's probabilities must start at 0 and end at 1")
        case .probabilityNotIncreasing(let index):
          elements[index].error("probabilities must increase from one point to the next")
        case .valueDecreasing(let index):
          elements[index].error("values must not decrease from one point to the next")
        }
        return nil
      }
    default:
      return nil
    }
  }
}
