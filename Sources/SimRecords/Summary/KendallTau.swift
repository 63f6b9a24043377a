/// Kendall's rank correlation of two paired lists, tau-b: whether one ranks items as the other does.
public enum KendallTau {
  /// Tau-b of `x` and `y` (the same length): (concordant − discordant pairs) ÷
  /// √((pairs − pairs tied in x) × (pairs − pairs tied in y)). A pair tied in x or y is neither
  /// concordant nor discordant and shrinks the denominator on its side, so ties cost no agreement
  /// they did not show. Nil with fewer than two items, or when either list is all ties.
  public static func tauB(_ x: [Double], _ y: [Double]) -> Double? {
    precondition(x.count == y.count, "paired lists")
    let n = x.count
    guard n >= 2 else { return nil }
    var concordant = 0, discordant = 0, tiedX = 0, tiedY = 0
    for i in 0..<n {
      for j in (i + 1)..<n {
        let dx = x[i] == x[j] ? 0 : (x[i] < x[j] ? -1 : 1)
        let dy = y[i] == y[j] ? 0 : (y[i] < y[j] ? -1 : 1)
        if dx == 0 { tiedX += 1 }
        if dy == 0 { tiedY += 1 }
        if dx != 0, dy != 0 {
          if dx == dy { concordant += 1 } else { discordant += 1 }
        }
      }
    }
    let pairs = n * (n - 1) / 2
    let denominator = (Double(pairs - tiedX) * Double(pairs - tiedY)).squareRoot()
    guard denominator > 0 else { return nil }
    return Double(concordant - discordant) / denominator
  }
}
