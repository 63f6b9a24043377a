import CommandLineKit
import Foundation

/// Progress on standard error, as `--progress` asks: on a terminal one line rewritten in place;
/// elsewhere (a Slurm or Kubernetes log) a plain line every few seconds. Each says done of
/// total, items (users by default) per second and time left.
final class ProgressLine: @unchecked Sendable {
  /// When to show progress.
  enum Mode: String, CaseIterable, Sendable {
    /// Nothing.
    case never
    /// Plain lines every few seconds and a last one at the end, wherever standard error goes.
    case always
    /// A line rewritten in place on a terminal; plain lines every few seconds otherwise (none
    /// for work shorter than that).
    case auto

    /// `ATTRSIM_PROGRESS` when it names a mode (the test suite sets `never`, so that compared
    /// transcripts cannot gain a line on a slow machine), else `auto`.
    static var fromEnvironment: Mode {
      ProcessInfo.processInfo.environment[environmentName].flatMap(Mode.init(rawValue:)) ?? .auto
    }

    static let environmentName = "ATTRSIM_PROGRESS"
  }

  /// The mode the command chose with `--progress`, set before its work starts: a process runs
  /// one command, and its lines are made deep inside it.
  nonisolated(unsafe) static var chosen: Mode?

  /// Seconds between plain lines.
  static let plainInterval = 5.0

  private enum Style {
    case none, rewritten, plain
  }

  private let what: String
  private let unit: String
  private let style: Style
  private let closing: Bool
  private let lock = NSLock()
  private let started = ContinuousClock.now
  private var lastDrawn: ContinuousClock.Instant?
  private var drawn = false
  private var last: (done: Int, total: Int)?

  init(what: String, unit: String = "users", mode: Mode? = nil) {
    self.what = what
    self.unit = unit
    let terminal = isatty(STDERR_FILENO) == 1
    let mode = mode ?? Self.chosen ?? .fromEnvironment
    switch mode {
    case .never: style = .none
    case .always: style = .plain
    case .auto: style = terminal ? .rewritten : .plain
    }
    closing = mode == .always
  }

  /// Redraws the line (at most about five times a second on a terminal), or prints a plain
  /// line when the last was a few seconds ago; `detail` (a search's stage and best so far) ends it.
  func update(done: Int, total: Int, users: Int, detail: String? = nil) {
    guard style != .none else { return }
    lock.withLock {
      let now = ContinuousClock.now
      last = (done, total)
      switch style {
      case .none: return
      case .rewritten:
        if let lastDrawn, now - lastDrawn < .milliseconds(200), done < total { return }
      case .plain:
        // The first plain line only after an interval: short work prints nothing.
        if Self.seconds(now - (lastDrawn ?? started)) < Self.plainInterval { return }
      }
      lastDrawn = now
      let elapsed = Self.seconds(now - started)
      let rate = elapsed > 0 ? Double(users) / elapsed : 0
      let left = done > 0 ? elapsed / Double(done) * Double(total - done) : 0
      let tail = detail.map { "; " + $0 } ?? ""
      let text = "\(done)/\(total) \(what), \(Self.compact(rate)) \(unit)/s, \(Self.duration(left)) left\(tail)"
      if style == .rewritten {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
      } else {
        let percent = total > 0 ? " (\(done * 100 / total)%)" : ""
        FileHandle.standardError.write(Data(("progress: \(done)/\(total) \(what)\(percent), \(Self.compact(rate)) \(unit)/s, \(Self.duration(left)) left\(tail)\n").utf8))
      }
      drawn = true
    }
  }

  /// Removes the rewritten line before results are printed; after plain lines (always after
  /// them with `always`), prints how long the work took.
  func clear() {
    lock.withLock {
      switch style {
      case .none: break
      case .rewritten:
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
      case .plain:
        guard drawn || closing else { break }
        let counts = last.map { "\($0.done)/\($0.total) \(what)" } ?? what
        let elapsed = Self.duration(Self.seconds(ContinuousClock.now - started))
        FileHandle.standardError.write(Data("progress: \(counts) done in \(elapsed)\n".utf8))
      }
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
