import Testing
import SimEngine

@Suite("Seeded random streams")
struct RandomStreamTests {
  private func draws(_ stream: RandomStream, count: Int = 5) -> [UInt64] {
    var copy = stream
    return (0..<count).map { _ in copy.next() }
  }

  @Test("the same seed and path give the same draws; another seed gives others")
  func reproducible() {
    let a = RandomStream(seed: 42).child("user").child(7)
    let b = RandomStream(seed: 42).child("user").child(7)
    let c = RandomStream(seed: 43).child("user").child(7)
    #expect(draws(a) == draws(b))
    #expect(draws(a) != draws(c))
  }

  @Test("a child's draws do not depend on how much its parent or siblings were used")
  func childIndependence() {
    var parent = RandomStream(seed: 1).child("cohort")
    let before = draws(parent.child(3))
    for _ in 0..<100 { _ = parent.next() }
    _ = draws(parent.child(4), count: 50)
    #expect(draws(parent.child(3)) == before)
  }

  @Test("siblings differ from each other and from their parent")
  func siblingsDiffer() {
    let root = RandomStream(seed: 9)
    let streams = [root, root.child("a"), root.child("b"), root.child(0), root.child(1)]
    let firsts = Set(streams.map { draws($0, count: 1)[0] })
    #expect(firsts.count == streams.count)
  }

  @Test("the xoshiro256** output is pinned, so a change of generator cannot pass unnoticed")
  func pinnedOutput() {
    // Recorded from this implementation; a change to seeding or the generator changes every
    // scenario's output, so it must be deliberate and update this value.
    #expect(draws(RandomStream(seed: 0), count: 3) == [
      2_808_513_771_772_844_391, 15_883_171_955_744_965_784, 1_087_241_894_133_737_588,
    ])
  }

  @Test("unit draws stay in range and integer draws cover their range")
  func ranges() {
    var stream = RandomStream(seed: 5)
    var seen = Set<Int64>()
    for _ in 0..<2_000 {
      let u = stream.nextUnit()
      #expect(u >= 0 && u < 1)
      let o = stream.nextOpenUnit()
      #expect(o > 0 && o < 1)
      seen.insert(stream.uniform(in: -2...3))
    }
    #expect(seen == Set(-2...3))
  }
}
