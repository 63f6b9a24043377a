import Foundation
import SimEngine
import SimModel

/// One cohort's arrivals in time order, drawn as the run advances: memory stays constant
/// whatever the cohort's size.
///
/// The cohort's users arrive independently, each at a time drawn from the cohort's arrival
/// distribution; the k-th of them to arrive is user k. Rather than drawing every arrival and
/// sorting, the stream draws the sorted quantiles directly: given the last quantile `u` with `m`
/// users still to come, the next is `1 − (1 − u)·W^(1/m)` for `W` uniform (the smallest of `m`
/// uniforms above `u`), kept as `log(1 − u)` so that millions of steps lose no precision. Each
/// quantile is read through the cohort's arrival distribution, which is monotone, so times come
/// out in order with exactly the distribution of sorted independent draws.
package struct CohortArrivals {
  private let behaviour: CohortBehaviour
  private let count: Int
  private var stream: RandomStream
  /// How many users have arrived so far.
  package private(set) var drawn = 0
  /// `log(1 − u)` of the last quantile drawn (0 before the first).
  private var logTail = 0.0

  /// The arrivals of `behaviour`'s cohort, from the first.
  package init(_ behaviour: CohortBehaviour, stream: RandomStream) {
    self.behaviour = behaviour
    count = behaviour.cohort.count
    self.stream = stream
  }

  /// The next user to arrive, by index in the cohort, and when; nil once all have arrived.
  package mutating func next() -> (index: Int, time: SimTime)? {
    guard drawn < count else { return nil }
    logTail += log(stream.nextOpenUnit()) / Double(count - drawn)
    let quantile = -expm1(logTail)
    defer { drawn += 1 }
    return (drawn, behaviour.arrival(atQuantile: quantile))
  }
}
