import SimEngine
import SimJSON
import SimModel

extension JSONReader {
  /// A moment as an offset from the epoch: a duration (`"36h"`), or a calendar date or date-time
  /// (`"2026-04-01"`, `"2026-04-01T12:00:00Z"`) on or after the epoch. Without an epoch (it was
  /// unreadable, and reported), dates are not checked further.
  package func instant(epoch: Epoch?) -> SimDuration? {
    guard case .string(let text) = node.value, Self.looksLikeDate(text) else { return duration() }
    guard let date = Epoch(iso8601: text) else {
      error("expected a date such as \"2026-04-01\" or \"2026-04-01T12:00:00Z\", found \(Excerpt.quoted(text))")
      return nil
    }
    guard let epoch else { return nil }
    let offset = date.unixMilliseconds - epoch.unixMilliseconds
    guard offset >= 0 else {
      error(
        "expected a date on or after the epoch (\(epoch.iso8601(after: 0))), found \(Excerpt.quoted(text)), "
          + "\(DurationNotation.format(.milliseconds(-offset))) before it")
      return nil
    }
    guard offset <= WorkLimits.longestDuration.milliseconds else {
      error("expected a date at most \(WorkLimits.longestDuration) (10 years) after the epoch, found \(Excerpt.quoted(text))")
      return nil
    }
    return .milliseconds(offset)
  }

  /// Four digits and a dash: a calendar date, never a duration.
  private static func looksLikeDate(_ text: String) -> Bool {
    let bytes = Array(text.utf8.prefix(5))
    return bytes.count == 5 && bytes[..<4].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && bytes[4] == 0x2D
  }
}
