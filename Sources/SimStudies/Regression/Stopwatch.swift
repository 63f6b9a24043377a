/// Wall time of the regression layer's own work, for the times in JUnit and JSON reports.
/// Simulation code never reads it: outputs stay the same whatever the clock says.
package enum Stopwatch {
  /// Runs `work` and returns its value with the seconds it took.
  package static func measure<T>(_ work: () throws -> T) rethrows -> (value: T, seconds: Double) {
    let clock = ContinuousClock()
    let started = clock.now
    let value = try work()
    return (value, seconds(clock.now - started))
  }

  /// A duration in seconds.
  package static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  /// Runs a check and records on it the seconds it took.
  package static func timed(_ check: () -> CheckResult) -> CheckResult {
    let measured = measure(check)
    var result = measured.value
    result.seconds = measured.seconds
    return result
  }
}
