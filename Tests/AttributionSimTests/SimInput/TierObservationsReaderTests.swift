import AttributionSim
import Testing

/// `attrsim privacy fit --observations`: published or counted tier shares by installs per day.
@Suite("Privacy evidence: observation tables are read into counts by lowest tier, or refused at their cell")
struct TierObservationsReaderTests {
  @Test("Shares become whole counts of the row's postbacks (largest remainders), one day's installs when no count is given")
  func sharesBecomeCounts() throws {
    let rows = try TierObservationsReader.read(
      "# provenance\ninstallsPerDay,null,coarse,fine,publisher,postbacks\n10,0.5,0.25,0.25,,\n\n25,0.1,0.3,0.4,0.2,7\n",
      file: "o.csv", tiered: true)
    #expect(rows.map(\.installsPerDay) == [10, 25])
    // 10 × (0.5, 0.25, 0.25, 0) = 5, 2.5, 2.5, 0: the two halves go to the first remainders.
    #expect(rows[0].counts == [5, 3, 2, 0] && !rows[0].countGiven && rows[0].line == 3)
    // 7 × (0.1, 0.3, 0.4, 0.2) = 0.7, 2.1, 2.8, 1.4: floors 0, 2, 2, 1 and the 2 left to .8 and .7.
    #expect(rows[1].counts == [1, 2, 3, 1] && rows[1].countGiven && rows[1].line == 5)
  }

  @Test("§6 before 4.0: a value and a publisher both show the one privacy threshold (tier 2) met")
  func untieredFoldsPublisherIntoTierTwo() throws {
    let rows = try TierObservationsReader.read("installsPerDay,null,fine,publisher\n20,0.5,0.25,0.25\n", file: "o.csv", tiered: false)
    #expect(rows[0].counts == [10, 0, 10, 0])
  }

  @Test("A coarse share before 4.0, shares not adding up to 1 and a misspelt column are errors at their line and column")
  func errors() {
    func message(_ text: String, tiered: Bool = true) -> String? {
      do {
        _ = try TierObservationsReader.read(text, file: "o.csv", tiered: tiered)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(message("installsPerDay,null,coarse\n10,0.5,0.5\n", tiered: false)?.hasPrefix("o.csv:2:8: error: column 'coarse'") == true)
    #expect(message("installsPerDay,null,fine\n10,0.5,0.4\n")?.hasSuffix("add up to 1, found 0.9") == true)
    #expect(message("installsPerDay,nul\n10,1\n")?.hasSuffix("did you mean 'null'?") == true)
    #expect(message("installsPerDay,null\n0,1\n")?.hasPrefix("o.csv:2:1: error: column 'installsPerDay': expected a whole number from 1") == true)
    #expect(message("installsPerDay,null\n10,1,2\n")?.contains("expected at most 2 cells") == true)
  }
}
