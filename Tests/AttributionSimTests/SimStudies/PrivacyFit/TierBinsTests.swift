import Testing

@testable import SimStudies

/// The bins of cells by size that the privacy fit's goodness of fit reports, with their
/// chi-square worked out by hand.
@Suite("Privacy fit: chi-square of postbacks by lowest tier in bins of cells by size")
struct TierBinsTests {
  @Test("Cells fall into up to 8 bins of equal numbers, smallest first; classes are 0-3 with tiers, 0 and 2 before 4.0")
  func binsBySize() {
    let few = TierBins([5, 1, 3], tiered: false)
    #expect(few.members == [[1], [2], [0]])
    #expect(few.classes == [0, 2])
    let many = TierBins(Array((1...16).reversed()), tiered: true)
    #expect(many.members.count == 8)
    #expect(many.members.first == [15, 14])  // sizes 1 and 2
    #expect(many.classes == [0, 1, 2, 3])
  }

  @Test("A class fitted under 1 is pooled into the next; an empty last class adds no term")
  func pooling() {
    let tiered = TierBins.pooled(observed: [0, 5, 5, 0], fitted: [0.4, 4.6, 5, 0], classes: [0, 1, 2, 3])
    #expect(tiered.chiSquare == 0)
    #expect(tiered.terms == 2)
    let before4 = TierBins.pooled(observed: [3, 0, 2, 0], fitted: [1, 0, 4, 0], classes: [0, 2])
    #expect(before4.chiSquare == 5)  // (3 − 1)² / 1 + (2 − 4)² / 4
    #expect(before4.terms == 2)
  }
}
