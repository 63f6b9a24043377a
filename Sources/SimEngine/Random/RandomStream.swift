/// A seeded pseudo-random stream with independent child streams, one per simulated entity.
///
/// The generator is xoshiro256** (Blackman and Vigna, 2018): 256 bits of state, period 2^256−1,
/// fast, and passes BigCrush. Its state is filled from a 64-bit key by SplitMix64, as the authors
/// recommend.
///
/// Streams form a tree. A child's key is a hash of its parent's *key* and a label (a name or an
/// index), never of the parent's state, so a child's draws depend only on the scenario seed and
/// its path (`seed › "user" › "us-gamers" › 17 › "exposure" › "net-a/summer"`). Adding a user or a
/// campaign therefore leaves every other entity's draws unchanged: the common random numbers that
/// parameter sweeps rely on.
public struct RandomStream: RandomNumberGenerator, Sendable {
  /// The key this stream was derived from.
  public let key: UInt64
  @usableFromInline var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

  /// The root stream of a run with the given seed.
  public init(seed: UInt64) {
    self.init(key: RandomStream.mix(seed ^ 0x5DEE_CE66_D1CE_4E5B))
  }

  // Inlinable, as the child functions: a chain such as `user.child(7).child("arrival")` then
  // compiles to its keys alone, without filling the state of the streams it only passes through
  // (four mixes each). The draws are the same.
  @inlinable
  init(key: UInt64) {
    self.key = key
    var splitmix = key
    func nextSplitMix() -> UInt64 {
      splitmix &+= 0x9E37_79B9_7F4A_7C15
      return RandomStream.mix(splitmix)
    }
    s0 = nextSplitMix()
    s1 = nextSplitMix()
    s2 = nextSplitMix()
    s3 = nextSplitMix()
  }

  /// The child stream named `label`.
  public func child(_ label: String) -> RandomStream {
    child(StreamLabel(label))
  }

  /// The child stream named by a label whose hash was computed once, for hot paths.
  @inlinable
  public func child(_ label: StreamLabel) -> RandomStream {
    RandomStream(key: RandomStream.mix(key ^ RandomStream.mix(label.hash ^ 0x6C62_272E_07BB_0142)))
  }

  /// The child stream with number `index`.
  @inlinable
  public func child(_ index: Int) -> RandomStream {
    RandomStream(key: RandomStream.mix(key ^ RandomStream.mix(UInt64(bitPattern: Int64(index)) &+ 0xA076_1D64_78BD_642F)))
  }

  /// The next 64 random bits.
  @inlinable @inline(__always)
  public mutating func next() -> UInt64 {
    let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = s3 << 45 | s3 >> 19
    return result
  }

  /// A uniform double in [0, 1) with 53 random bits.
  @inlinable @inline(__always)
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A uniform double in (0, 1): never 0, for logarithms and inverse CDFs.
  @inlinable @inline(__always)
  public mutating func nextOpenUnit() -> Double {
    (Double(next() >> 11) + 0.5) * 0x1.0p-53
  }

  /// True with probability `p`.
  @inlinable @inline(__always)
  public mutating func bernoulli(_ p: Double) -> Bool {
    nextUnit() < p
  }

  /// A uniform integer in `range`, without modulo bias.
  public mutating func uniform(in range: ClosedRange<Int64>) -> Int64 {
    let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
    if width == 0 { return Int64(bitPattern: next()) }  // the full 64-bit range
    return range.lowerBound &+ Int64(bitPattern: next(upperBound: width))
  }

  /// SplitMix64's finaliser: a bijective 64-bit mix with full avalanche.
  @inlinable @inline(__always)
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
