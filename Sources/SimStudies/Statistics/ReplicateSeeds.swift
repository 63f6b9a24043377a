/// The seeds of a replicated run: replicate 0 keeps the scenario's seed, so its outputs are those
/// of a plain run; replicate r ≥ 1 gets a SplitMix64 hash of (seed, r).
///
/// A hash rather than seed + r: neighbouring seeds would make two studies whose seeds differ by
/// one share all but one replicate. The seeds depend only on the scenario seed and the index, not
/// on how many replicates or jobs there are, and stay within 0...Int64.max so `--seed` can
/// reproduce any one replicate.
public enum ReplicateSeeds {
  /// Replicate `index`'s seed (index from 0).
  public static func seed(base: UInt64, replicate index: Int) -> UInt64 {
    precondition(index >= 0, "replicate indices start at 0")
    guard index > 0 else { return base }
    // The index-th output of a SplitMix64 sequence whose state starts from the hashed seed; the
    // domain constant keeps these seeds apart from the random streams' own derivations.
    let start = mix(base ^ 0x7265_706C_6963_6174)  // "replicat"
    let seed = mix(start &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    return seed & UInt64(Int64.max)
  }

  /// The first `count` replicates' seeds.
  public static func seeds(base: UInt64, count: Int) -> [UInt64] {
    (0..<count).map { seed(base: base, replicate: $0) }
  }

  /// SplitMix64's finaliser: a bijective mix with full avalanche.
  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
