import SimJSON
import SimModel

/// Reads an observations table (Docs/privacy-fit.md, "Aggregate evidence"): `installsPerDay`,
/// the shares of postbacks showing no value (`null`), a `coarse` value, a `fine` value, and the
/// publisher (`publisher`, which needs the highest tier), and optionally how many `postbacks` the
/// shares are of. Blank shares are 0; a row's shares add up to 1.
package enum TierObservationsReader {
  package static let columns = ["installsPerDay", "null", "coarse", "fine", "publisher", "postbacks"]

  /// The rows of `text` (file `file`); `tiered` says whether the framework has tiers (4.0,
  /// AdAttributionKit), without which no postback carries a coarse value.
  package static func read(_ text: String, file: String, tiered: Bool) throws(ScenarioDiagnostic) -> [TierObservation] {
    let table = try EvidenceTable(text, file: file, known: columns, required: ["installsPerDay", "null"])
    var observations: [TierObservation] = []
    for row in table.rows {
      guard let size = try row.integer("installsPerDay", in: 1...1_000_000) else {
        throw row.problem("installsPerDay", "expected installs per campaign per day, found a blank cell")
      }
      var shares = [0.0, 0, 0, 0]
      for (tier, column) in ["null", "coarse", "fine", "publisher"].enumerated() {
        shares[tier] = try row.number(column, in: 0...1) ?? 0
      }
      let sum = shares.reduce(0, +)
      guard abs(sum - 1) <= 0.005 else {
        throw row.problem("null", "expected the shares null, coarse, fine and publisher to add up to 1, found \(((sum * 10_000).rounded() / 10_000).plain)")
      }
      if !tiered, shares[1] > 0 {
        throw row.problem(
          "coarse", "SKAdNetwork 2.2 and 3.0 postbacks carry no coarse value: the scenario's framework has no tiers; give 0 or leave it blank")
      }
      let given = try row.integer("postbacks", in: 1...1_000_000_000)
      var split = counts(of: given ?? size, shares: shares.map { $0 / sum })
      // Before 4.0 a value or a publisher both show the one privacy threshold (tier 2) met.
      if !tiered { split = [split[0], 0, split[2] + split[3], 0] }
      observations.append(TierObservation(installsPerDay: size, counts: split, countGiven: given != nil, line: row.line))
    }
    guard !observations.isEmpty else {
      throw ScenarioDiagnostic(file: file, location: nil, path: "", message: "expected at least one row of observations, found only the header")
    }
    return observations
  }

  /// `total` split by `shares` into whole counts adding up to it (largest remainders first).
  static func counts(of total: Int, shares: [Double]) -> [Int] {
    let exact = shares.map { $0 * Double(total) }
    var counts = exact.map { Int($0.rounded(.down)) }
    let order = exact.indices.sorted { (exact[$0] - Double(counts[$0]), -$0) > (exact[$1] - Double(counts[$1]), -$1) }
    for index in order.prefix(total - counts.reduce(0, +)) { counts[index] += 1 }
    return counts
  }
}
