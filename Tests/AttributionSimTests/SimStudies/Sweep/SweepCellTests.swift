@testable import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// Typed sweep cells and tables: a figure is rounded once, written as the CSV writers write it,
/// and read by charts and intervals as the very number its text holds; each outcome carries its
/// column's name.
@Suite("Sweep cells")
struct SweepCellTests {
  private static let values: [Double] = [
    0, -0.0, 0.25, 1.0 / 3, -1.0 / 3, 0.1234565, 2.5e-7, -2.5e-7, 0.9999995, 123_456.789, -42.005, 1e12 + 0.125, 7.5e9,
  ]

  @Test("a fixed cell writes what CSVField writes, and its number is the number that text reads as")
  func fixedCells() {
    for value in Self.values {
      let six = SweepCell.fixed(value, places: 6)
      #expect(six.text == CSVField.decimal(value, places: 6), "\(value)")
      #expect(six.number == Double(CSVField.decimal(value, places: 6)), "\(value)")
      let cents = SweepCell.fixed(value, places: 2)
      #expect(cents.text == CSVField.money(value), "\(value)")
      #expect(cents.number == Double(CSVField.money(value)), "\(value)")
    }
    // Past what fixes in 64 bits, the number as Swift writes it, as CSVField.decimal falls back to.
    #expect(SweepCell.fixed(1e20, places: 6) == .number(1e20))
    #expect(SweepCell.fixed(1e20, places: 6).text == CSVField.decimal(1e20, places: 6))
  }

  @Test("settings are written as JSON writes them, strings bare, null empty; text is quoted only in the file")
  func settingCells() {
    #expect(SweepCell.setting(.int(-12)) == .whole(-12))
    #expect(SweepCell.setting(.double(0.5)).text == "0.5")
    #expect(SweepCell.setting(.string("a,b")).csv == "\"a,b\"")
    #expect(SweepCell.setting(.null) == .empty)
    #expect(SweepCell.setting(.bool(true)).number == nil)
    #expect(SweepCell.seed(UInt64.max).text == "\(UInt64.max)")
  }

  @Test("a run's outcomes name sweep.csv's outcome columns in order, each bound to its value")
  func outcomesNamed() throws {
    let scenario = try TestScenarios.load(TestScenarios.sweepBase)
    var sink = DiscardingSink()
    let summary = ScenarioRunner.run(scenario, sink: &sink)
    let metrics = SweepMetrics(summary: summary, scenario: scenario)
    #expect(metrics.outcomes.map(\.name) == SweepColumns.metrics)
    #expect(metrics.outcomes.first { $0.name == "users" }?.value == Double(summary.users))
    #expect(metrics.outcomes.first { $0.name == "withheldPostbacks" }?.value == Double(summary.windowsWithoutPostback))
  }

  @Test("a table renders its header and rows once, and finds a column by name")
  func table() {
    var table = SweepTable(columns: ["point", "metric", "value"])
    table.append([("point", .whole(0)), ("metric", .text("x, y")), ("value", .fixed(0.5, places: 6))])
    table.append(read: ["1", "", "2.000000"])
    #expect(table.csv == "point,metric,value\n0,\"x, y\",0.500000\n1,,2.000000\n")
    #expect(table.body == "0,\"x, y\",0.500000\n1,,2.000000\n")
    #expect(table.column("value") == 2)
    #expect(table.rows.map { $0[2].number } == [0.5, 2])
  }
}
