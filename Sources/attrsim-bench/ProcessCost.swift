import Foundation

/// CPU time this process has used so far, and its peak resident memory.
struct ProcessCost {
  /// User plus system seconds, all threads.
  var cpuSeconds: Double
  /// Peak resident set size, in bytes.
  var peakBytes: Int

  static func now() -> ProcessCost {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
    // Linux reports the peak in kilobytes.
    return ProcessCost(cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakBytes: usage.ru_maxrss * 1024)
  }
}

/// Wall-clock seconds taken by `body` (the benchmark reads the clock; simulation code never does).
func timed<T>(_ body: () throws -> T) rethrows -> (result: T, wall: Double, cpu: Double) {
  let clock = ContinuousClock()
  let cpuBefore = ProcessCost.now().cpuSeconds
  let start = clock.now
  let result = try body()
  let elapsed = clock.now - start
  let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  return (result, wall, ProcessCost.now().cpuSeconds - cpuBefore)
}

/// `value` with thousands separators: 1234567 → "1,234,567".
func grouped(_ value: Int) -> String {
  let digits = String(value.magnitude)
  var out = ""
  for (offset, character) in digits.enumerated() {
    if offset > 0 && (digits.count - offset) % 3 == 0 { out.append(",") }
    out.append(character)
  }
  return (value < 0 ? "-" : "") + out
}
