import SimEngine

/// The three seed sets of a search, disjoint by construction and checked: calibration runs
/// (every candidate's decoder is learned on these), search runs (the pilot that places candidates'
/// edges pools the first of them, and candidates are scored on the ones after) and final runs (the best schema and
/// the starting one are compared on these alone). Each set comes from its own hash of the
/// search seed, so none depends on how many runs another takes, nor on the number of jobs.
public struct OptimizeSeeds: Sendable, Equatable {
  /// Seeds of calibration runs 0, 1, ….
  public var calibration: [UInt64]
  /// Seeds of search runs 0, 1, …; the pilot pools the first ``SchemaSearch/Options/pilotRuns``, the rungs and the race follow.
  public var search: [UInt64]
  /// Seeds of the final comparison's replicates.
  public var final: [UInt64]

  /// The first `calibration`, `search` and `final` seeds of the sets for search seed `seed`.
  public init(seed: UInt64, calibration: Int, search: Int, final: Int) {
    let root = RandomStream(seed: seed).child("schema-optimize")
    var taken: Set<UInt64> = []
    func seeds(_ label: String, _ count: Int) -> [UInt64] {
      var stream = root.child(label)
      var result: [UInt64] = []
      while result.count < count {
        // Within 0...Int64.max, so `attrsim run --seed` can replay any one of them.
        let next = stream.next() & UInt64(Int64.max)
        if taken.insert(next).inserted { result.append(next) }
      }
      return result
    }
    self.calibration = seeds("calibration", calibration)
    self.search = seeds("search", search)
    self.final = seeds("final", final)
  }

  /// Whether no seed is in two sets (true by construction; tests and the report check it).
  public var areDisjoint: Bool {
    let all = calibration + search + final
    return Set(all).count == all.count
  }
}
