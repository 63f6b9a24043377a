@testable import AttributionSim
import Testing

/// The first-signal figures: count, mean, median and whole-hour histogram, with every delay
/// kept or with the median given (a merge of finalised shards keeps none).
@Suite("First-signal delays")
struct FirstSignalDelaysTests {
  /// 2 h, 1 h, 30 min, 25 h and 2,000 h, in milliseconds.
  private static let delays: [Int64] = [7_200_000, 3_600_000, 1_800_000, 90_000_000, 7_200_000_000]

  @Test("count, mean, median (element count / 2 of the sorted delays) and the whole-hour histogram, worked out by hand")
  func figures() {
    var delays = FirstSignalDelays()
    for delay in Self.delays { delays.add(milliseconds: delay) }
    #expect(delays.count == 5)
    // (2 + 1 + 0.5 + 25 + 2000) / 5 = 405.7
    #expect(delays.meanHours == 2028.5 / 5)
    // Sorted 0.5, 1, 2, 25, 2000: element 2.
    #expect(delays.medianHours == 2)
    #expect(delays.sortedMilliseconds == [1_800_000, 3_600_000, 7_200_000, 90_000_000, 7_200_000_000])
    // Half an hour counts in hour 0; 2,000 hours in the open last one.
    var expected = Array(repeating: 0, count: FirstSignalDelays.histogramHours)
    expected[0] = 1
    expected[1] = 1
    expected[2] = 1
    expected[25] = 1
    expected[FirstSignalDelays.histogramHours - 1] = 1
    #expect(delays.byHour == expected)
    #expect(FirstSignalDelays().medianHours == nil && FirstSignalDelays().meanHours == nil)
  }

  @Test("delays added without being kept, the median given, equal those kept: same count, sum, histogram and median")
  func givenMedian() {
    var kept = FirstSignalDelays()
    var streamed = FirstSignalDelays(keepsEach: false)
    for delay in Self.delays {
      kept.add(milliseconds: delay)
      streamed.add(milliseconds: delay)
    }
    #expect(streamed.medianHours == nil && streamed.sortedMilliseconds.isEmpty)
    #expect(streamed != kept)
    streamed.setMedian(milliseconds: 7_200_000)
    #expect(streamed.medianHours == 2 && streamed == kept)
    streamed.setMedian(milliseconds: 3_600_000)
    #expect(streamed != kept)
  }
}
