/// The floor a discrete-event core cannot beat: a bare binary heap of (time, sequence) pairs
/// that pushes `count` events at pseudo-random times and pops them all in time order, with
/// nothing else done per event.
enum HeapFloor {
  /// Pushes and pops `count` events; returns a checksum of the popped order so the work cannot
  /// be optimised away.
  static func run(events count: Int) -> UInt64 {
    var heap: [(time: Int64, sequence: Int64)] = []
    heap.reserveCapacity(count)
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for sequence in 0..<Int64(count) {
      // xorshift64: times spread over about 35 days of milliseconds, as a run's are.
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      heap.append((Int64(state % 3_000_000_000), sequence))
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard before(heap[child], heap[parent]) else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    }
    var checksum: UInt64 = 0
    while let last = heap.popLast() {
      var top = last
      if !heap.isEmpty {
        swap(&top, &heap[0])
        var parent = 0
        while true {
          let left = 2 * parent + 1
          guard left < heap.count else { break }
          let right = left + 1
          let child = right < heap.count && before(heap[right], heap[left]) ? right : left
          guard before(heap[child], heap[parent]) else { break }
          heap.swapAt(child, parent)
          parent = child
        }
      }
      checksum = checksum &* 31 &+ UInt64(bitPattern: top.sequence)
    }
    return checksum
  }

  @inline(__always)
  private static func before(_ a: (time: Int64, sequence: Int64), _ b: (time: Int64, sequence: Int64)) -> Bool {
    a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
  }
}
