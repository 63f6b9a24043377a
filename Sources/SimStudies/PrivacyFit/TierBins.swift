/// Cells grouped by the size each is judged at, for Pearson's chi-square of postbacks by lowest
/// tier shown: up to 8 bins of equal numbers of cells, smallest first, as the goodness of fit
/// reports them.
struct TierBins {
  /// The lowest tiers a postback can be counted at: 0–3 with tiers, 0 and 2 before 4.0.
  let classes: [Int]
  /// Each bin's cells (indices into the sizes given), by size and then index.
  let members: [[Int]]

  /// Bins of the cells of `sizes`.
  init(_ sizes: [Int], tiered: Bool) {
    let order = sizes.indices.sorted { (sizes[$0], $0) < (sizes[$1], $1) }
    let count = min(8, order.count)
    members = (0..<count).map { bin in Array(order[(bin * order.count / count)..<((bin + 1) * order.count / count)]) }
    classes = tiered ? [0, 1, 2, 3] : [0, 2]
  }

  /// One bin's chi-square over `classes` and its number of terms: a class whose fitted count is
  /// under 1 is pooled into the next, so that no term divides by almost nothing.
  static func pooled(observed: [Double], fitted: [Double], classes: [Int]) -> (chiSquare: Double, terms: Int) {
    var chiSquare = 0.0
    var terms = 0
    var pooled: (observed: Double, fitted: Double) = (0, 0)
    for tier in classes {
      pooled.observed += observed[tier]
      pooled.fitted += fitted[tier]
      guard pooled.fitted >= 1 || tier == classes.last else { continue }
      if pooled.fitted > 0 {
        chiSquare += (pooled.observed - pooled.fitted) * (pooled.observed - pooled.fitted) / pooled.fitted
        terms += 1
      }
      pooled = (0, 0)
    }
    return (chiSquare, terms)
  }
}
