import AttributionSim
import Testing

/// Calibration runs' cells summed per key: what `attrsim calibrate`, behaviour lint, the
/// optimizer's calibrations and a calibration's pooled cells all add up the same way.
@Suite("Calibration cells summed")
struct CalibrationCellSummingTests {
  private static let alpha = CalibrationCell.Source(network: "alpha", campaign: "broad")
  private static let beta = CalibrationCell.Source(network: "beta", campaign: "niche")

  private func key(_ window: Int, _ signal: CalibrationSignal, _ source: CalibrationCell.Source?) -> CalibrationCell.Key {
    CalibrationCell.Key(window: window, signal: signal, source: source)
  }

  @Test("Cells with the same key add installs, revenue and event users across runs; others stay apart")
  func sumsPerKey() {
    let first = [
      key(0, .fine(12), Self.alpha): CalibrationCell(installs: 2, revenue: 3.5, eventUsers: [1, 0]),
      key(0, .none, Self.alpha): CalibrationCell(installs: 1, revenue: 0.25, eventUsers: [0, 1]),
    ]
    let second = [
      key(0, .fine(12), Self.alpha): CalibrationCell(installs: 3, revenue: 1.5, eventUsers: [2, 1]),
      key(1, .coarse(.high), Self.beta): CalibrationCell(installs: 4, revenue: 10, eventUsers: [4, 4]),
    ]
    let sums = CalibrationCell.summing([first, second], eventCount: 2)
    #expect(sums.count == 3)
    #expect(sums[key(0, .fine(12), Self.alpha)] == CalibrationCell(installs: 5, revenue: 5, eventUsers: [3, 1]))
    #expect(sums[key(0, .none, Self.alpha)] == CalibrationCell(installs: 1, revenue: 0.25, eventUsers: [0, 1]))
    #expect(sums[key(1, .coarse(.high), Self.beta)] == CalibrationCell(installs: 4, revenue: 10, eventUsers: [4, 4]))
  }

  @Test("Pooling maps every source of a window and signal onto one cell")
  func poolsBySourceless() {
    let table = [
      key(0, .fine(1), Self.alpha): CalibrationCell(installs: 2, revenue: 4, eventUsers: [1]),
      key(0, .fine(1), Self.beta): CalibrationCell(installs: 1, revenue: 2, eventUsers: [1]),
      key(0, .fine(2), Self.beta): CalibrationCell(installs: 7, revenue: 1, eventUsers: [0]),
    ]
    let pooled = CalibrationCell.summing([table], eventCount: 1) { key(0, $0.signal, nil) }
    #expect(pooled == [
      key(0, .fine(1), nil): CalibrationCell(installs: 3, revenue: 6, eventUsers: [2]),
      key(0, .fine(2), nil): CalibrationCell(installs: 7, revenue: 1, eventUsers: [0]),
    ])
  }

  @Test("Sums are taken in key order, so the result does not depend on a dictionary's order")
  func keyOrder() {
    // 1e16 + 1 + 1 depends on the order of addition in doubles: key order fixes it.
    let big = CalibrationCell(installs: 1, revenue: 1e16, eventUsers: [])
    let one = CalibrationCell(installs: 1, revenue: 1, eventUsers: [])
    let table = [key(0, .fine(0), Self.alpha): big, key(0, .fine(1), Self.alpha): one, key(0, .fine(2), Self.alpha): one]
    let pooled = CalibrationCell.summing([table], eventCount: 0) { key(0, .none, $0.source) }
    #expect(pooled[key(0, .none, Self.alpha)]?.revenue == ((1e16 + 1) + 1))
  }
}
