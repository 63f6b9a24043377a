@testable import AttributionSim
import AttributionTestSupport
import Testing

/// The report's 8 × 8 grid of the fine values first postbacks carried.
@Suite("Fine-value grid")
struct FineValueSectionTests {
  @Test("the collector counts the fine value of each winning first postback: alice's 42, bob's none")
  func collectorCounts() throws {
    let (summary, collector, report) = ReportFixtures.run(try TestScenarios.load(ReportFixtures.journeys))
    var expected = Array(repeating: 0, count: 64)
    expected[42] = 1
    #expect(collector.firstFineValues == expected)
    // Every winning first postback with a fine value is in the grid, and only those.
    #expect(collector.firstFineValues.reduce(0, +) == summary.postbacks[0][0])
    #expect(report.markdown.contains("## Fine values in first postbacks"))
    #expect(report.markdown.contains("| 40–47 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 |"))
  }

  @Test("rows of eight values, counts grouped, the caption's totals worked out by hand")
  func table() {
    var counts = Array(repeating: 0, count: 64)
    counts[8] = 1_200
    counts[63] = 1
    let section = FineValueSection.make(counts)
    #expect(section.table[0] == ["values", "+0", "+1", "+2", "+3", "+4", "+5", "+6", "+7"])
    #expect(section.table[2] == ["8–15", "1,200", "0", "0", "0", "0", "0", "0", "0"])
    #expect(section.table[8] == ["56–63", "0", "0", "0", "0", "0", "0", "0", "1"])
    #expect(section.caption.contains("(1,201 in all; 2 of 64 values used)"))
    #expect(FineValueSection.make(Array(repeating: 0, count: 64)).table.count == 1, "no fine values: no rows")
  }

  @Test("the grid draws 64 squares: the busiest solid, others by the square root of their share, unused ones dashed")
  func grid() {
    var counts = Array(repeating: 0, count: 64)
    counts[0] = 100
    counts[1] = 25
    let svg = ValueGrid(title: "t", caption: "c", counts: counts).svg()
    let squares = svg.split(separator: "\n").filter { $0.hasPrefix("<rect") && $0.contains("stroke=") }
    #expect(squares.count == 64)
    #expect(squares[0].contains(#"fill-opacity="1""#))
    // √(25/100) = 0.5 → 0.12 + 0.88 × 0.5 = 0.56.
    #expect(squares[1].contains(#"fill-opacity="0.56""#))
    #expect(squares[2].contains(#"stroke-dasharray="3 3""#) && squares[2].contains(##"fill="#ffffff""##))
  }
}
