import AttributionSim
import Testing

/// Kendall's tau-b on hand examples.
@Suite("Kendall's tau-b")
struct KendallTauTests {
  @Test("a tie in one list: 5 concordant pairs, 1 tied in x, none discordant → 5 ÷ √(5 × 6)")
  func tieInOneList() throws {
    // Pairs of 4 items: 6. (1,2) tied in x; the other 5 agree.
    let tau = try #require(KendallTau.tauB([1, 2, 2, 4], [1, 3, 2, 4]))
    #expect(abs(tau - 5 / (30.0).squareRoot()) < 1e-12)
  }

  @Test("reversed order is -1, the same order is 1")
  func extremes() {
    #expect(KendallTau.tauB([1, 2, 3], [3, 2, 1]) == -1)
    #expect(KendallTau.tauB([0.1, 0.5, 2], [1, 2, 3]) == 1)
  }

  @Test("one discordant pair of three: (2 − 1) ÷ 3")
  func oneDiscordant() throws {
    let tau = try #require(KendallTau.tauB([1, 2, 3], [1, 3, 2]))
    #expect(abs(tau - 1.0 / 3) < 1e-12)
  }

  @Test("undefined with fewer than two items or a list of ties")
  func undefined() {
    #expect(KendallTau.tauB([1], [2]) == nil)
    #expect(KendallTau.tauB([1, 1, 1], [1, 2, 3]) == nil)
  }
}
