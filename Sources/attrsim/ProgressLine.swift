import Foundation

/// One self-rewriting progress line on standard error, shown only when it is a terminal: done
/// and total, items (users by default) per second and time left.
final class ProgressLine: @unchecked Sendable {
  private let what: String
  private let unit: String
  private let enabled = isatty(STDERR_FILENO) == 1
  private let lock = NSLock()
  private let started = ContinuousClock.now
  private var lastDrawn: ContinuousClock.Instant?
  private var drawn = false

  init(what: String, unit: String = "users") {
    self.what = what
    self.unit = unit
  }

  /// Redraws the line, at most about five times a second.
  func update(done: Int, total: Int, users: Int) {
    guard enabled else { return }
    lock.withLock {
      let now = ContinuousClock.now
      if let lastDrawn, now - lastDrawn < .milliseconds(200), done < total { return }
      lastDrawn = now
      let elapsed = Self.seconds(now - started)
      let rate = elapsed > 0 ? Double(users) / elapsed : 0
      let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
      let text = "\(done)/\(total) \(what), \(Self.compact(rate)) \(unit)/s, \(Self.duration(left)) left"
      FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
      drawn = true
    }
  }

  /// Removes the line before results are printed.
  func clear() {
    lock.withLock {
      if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
      drawn = false
    }
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func compact(_ value: Double) -> String {
    value >= 1e6 ? String(format: "%.1fM", value / 1e6) : value >= 1e3 ? String(format: "%.0fk", value / 1e3) : String(format: "%.0f", value)
  }

  private static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded())
    return whole >= 3600 ? "\(whole / 3600)h\(whole % 3600 / 60)m" : whole >= 60 ? "\(whole / 60)m\(whole % 60)s" : "\(whole)s"
  }
}
