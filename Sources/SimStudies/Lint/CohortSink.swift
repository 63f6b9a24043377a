import SimJSON
import SimModel
import SimRecords

/// Counts, over a run's attributed installs, the window-1 fine value each ended with and how
/// often each schema event happened in each window.
struct CohortSink: RunSink {
  private(set) var installs = 0
  private(set) var fineCounts = Array(repeating: 0, count: 64)
  private(set) var eventCounts: [[Int]]

  init(windowCount: Int, eventCount: Int) {
    eventCounts = Array(repeating: Array(repeating: 0, count: eventCount), count: windowCount)
  }

  mutating func receive(_ postback: PostbackRecord) {}

  mutating func receive(_ conversion: ConversionRecord) {
    guard conversion.attributed else { return }
    installs += 1
    if let fine = Self.firstFine(conversion), fineCounts.indices.contains(fine) { fineCounts[fine] += 1 }
    for (window, measures) in conversion.truth.windows.enumerated() where eventCounts.indices.contains(window) {
      for (event, count) in measures.eventCounts.enumerated() where eventCounts[window].indices.contains(event) {
        eventCounts[window][event] += count
      }
    }
  }

  /// The fine value window 1 ended with: the platform's, which is what its postback carries.
  private static func firstFine(_ conversion: ConversionRecord) -> Int? {
    switch conversion.body {
    case .live(let live, _, _, _): return live.windows.first?.fine
    case .stored(let json):
      guard case .array(let windows)? = json.member("windows"), case .int(let fine)? = windows.first?.member("fineValue") else {
        return nil
      }
      return Int(fine)
    }
  }
}
