import Foundation
import SimModel

/// One axis of a chart: its domain, its tick values and their labels.
package struct ChartAxis: Equatable {
  /// The values at the axis's two ends.
  package var domain: ClosedRange<Double>
  /// Tick values, ascending, within `domain`.
  package var ticks: [Double]
  /// One label per tick.
  package var labels: [String]
  /// Whether positions follow the base-10 logarithm of the value.
  package var isLogarithmic = false

  /// Where `value` falls: 0 at the domain's start, 1 at its end.
  package func fraction(of value: Double) -> Double {
    let transform: (Double) -> Double = isLogarithmic ? { log10($0) } : { $0 }
    let start = transform(domain.lowerBound)
    return (transform(value) - start) / (transform(domain.upperBound) - start)
  }
}

extension ChartAxis {
  /// A tick step of mantissa × 10^exponent.
  private struct Step {
    var mantissa: Double
    var exponent: Int

    /// `count` steps from zero. Dividing by a power of ten, rather than multiplying by 0.1,
    /// makes 3 × 0.2 come out as 0.6, not 0.6000000000000001.
    func value(_ count: Double) -> Double {
      let power = pow(10, Double(abs(exponent)))
      return exponent >= 0 ? count * mantissa * power : count * mantissa / power
    }

    /// Decimals that show every multiple of the step exactly.
    var decimals: Int { max(0, -exponent) }
  }

  /// Evenly spaced ticks at multiples of 1, 2 or 5 × 10^k, 5–8 of them where possible.
  ///
  /// With a usable `fixed` range the domain is exactly that range and the ticks fall inside it;
  /// otherwise the domain spans `values`, widened outward to whole steps.
  package static func linear(values: [Double], fixed: ClosedRange<Double>?, format: LineChart.TickFormat) -> ChartAxis {
    var (low, high, isFixed) = (0.0, 1.0, false)
    if let fixed, fixed.lowerBound.isFinite, fixed.upperBound.isFinite, fixed.lowerBound < fixed.upperBound {
      (low, high, isFixed) = (fixed.lowerBound, fixed.upperBound, true)
    } else if let min = values.min(), let max = values.max() {
      (low, high) = (min, max)
      // A single value, or a spread too thin to tick, gets an axis from zero so the line has a scale.
      if high - low <= 1e-9 * Swift.max(abs(low), abs(high)) { (low, high) = (Swift.min(0, low), Swift.max(0, high)) }
      if low == high { (low, high) = (0, 1) }
    }
    guard (high - low).isFinite else { return ChartAxis(domain: low...high, ticks: [], labels: []) }

    let top = Int(floor(log10(high - low)))
    var best = (step: Step(mantissa: 1, exponent: top), first: 0.0, last: 0.0, score: Double.infinity)
    for exponent in (top - 2)...(top + 1) {
      for mantissa in [1.0, 2, 5] {
        let step = Step(mantissa: mantissa, exponent: exponent)
        let size = step.value(1)
        // The tolerance keeps 0.6 / 0.2 = 2.9999999999999996 from gaining or losing a tick.
        let first = isFixed ? ceil(low / size - 1e-9) : floor(low / size + 1e-9)
        let last = isFixed ? floor(high / size + 1e-9) : ceil(high / size - 1e-9)
        let count = last - first + 1
        // Steps grow, so `<=` keeps the sparsest step with 5–8 ticks, or else the count nearest 6.
        let score = (5...8).contains(count) ? 0 : abs(count - 6)
        if score <= best.score { best = (step, first, last, score) }
      }
    }
    let ticks = stride(from: best.first, through: best.last, by: 1).map(best.step.value)
    let labels = ticks.map { value in
      switch format {
      case .number: SVGWriter.number(value, decimals: best.step.decimals)
      case .percent: SVGWriter.number(value * 100, decimals: max(0, best.step.decimals - 2)) + "%"
      case .date(let epoch): dayLabel(value, after: epoch)
      }
    }
    let domain = isFixed ? low...high : best.step.value(best.first)...best.step.value(best.last)
    return ChartAxis(domain: domain, ticks: ticks, labels: labels)
  }

  /// Day `value` after `epoch` as a short date, "Mar 9" (UTC; a fractional day counts as its
  /// start).
  package static func dayLabel(_ value: Double, after epoch: Epoch) -> String {
    let date = epoch.iso8601(after: Int64(value.rounded(.down)) * 86_400_000)
    let parts = date.prefix(10).split(separator: "-")
    guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else { return date }
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return "\(months[month - 1]) \(day)"
  }

  /// Ticks at 1, 2 and 5 × 10^k, with the domain widened outward to the nearest of them.
  ///
  /// Past 10 such ticks only powers of ten are ticked, and past 8 decades only every few of them,
  /// so the labels never crowd. `values` must be positive.
  package static func logarithmic(values: [Double]) -> ChartAxis {
    let low = values.min() ?? 1, high = values.max() ?? 10
    let lowExponent = Int(floor(log10(low))), highExponent = Int(ceil(log10(high)))
    // One decade of spare candidates each side, so a single value can be bracketed.
    let candidates = ((lowExponent - 1)...(highExponent + 1)).flatMap { exponent in
      [1.0, 2, 5].map { Step(mantissa: $0, exponent: exponent) }
    }
    var start = candidates.lastIndex { $0.value(1) <= low * (1 + 1e-9) } ?? 0
    var end = candidates.firstIndex { $0.value(1) >= high * (1 - 1e-9) } ?? candidates.count - 1
    if start == end { (start, end) = (start - 1, end + 1) }
    var steps = Array(candidates[start...end])
    if steps.count > 10 {
      let first = Int(floor(log10(low) + 1e-9)), decades = Int(ceil(log10(high) - 1e-9)) - first
      let every = decades / 8 + 1
      let last = first + (decades + every - 1) / every * every
      steps = stride(from: first, through: last, by: every).map { Step(mantissa: 1, exponent: $0) }
    }
    let ticks = steps.map { $0.value(1) }
    return ChartAxis(
      domain: ticks[0]...ticks[ticks.count - 1], ticks: ticks,
      labels: steps.map { SVGWriter.number($0.value(1), decimals: $0.decimals) }, isLogarithmic: true)
  }
}
