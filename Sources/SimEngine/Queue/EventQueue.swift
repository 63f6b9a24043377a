/// A priority queue of events ordered by (time, priority, insertion sequence).
///
/// The sequence makes ties first-in, first-out, so equal-time events are processed in a
/// deterministic order (SimPy's `eid`, SwiftNIO's `insertOrder`). A 4-ary heap of our own: the
/// standard library has none and the order must be fully specified. Four children a node halve
/// the levels a removal walks down, and the four sit side by side in memory; since no two
/// entries tie, every heap shape pops the same order.
public struct EventQueue<Payload> {
  /// One queued event with its ordering key.
  public struct Entry {
    /// When the event is due.
    public let time: SimTime
    /// Priority rank in the top 8 bits, insertion sequence in the low 56: one comparison
    /// orders both, and 2^56 insertions is beyond any run.
    @usableFromInline let order: UInt64
    /// The event.
    public let payload: Payload

    @usableFromInline init(time: SimTime, order: UInt64, payload: Payload) {
      self.time = time
      self.order = order
      self.payload = payload
    }

    /// The tie-break priority.
    public var priority: EventPriority { EventPriority(rank: UInt8(order >> 56)) }
    /// The insertion sequence number (0 for the first event ever queued).
    public var sequence: UInt64 { order & EventQueue.sequenceMask }

    @inlinable @inline(__always)
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
      a.time.milliseconds != b.time.milliseconds
        ? a.time.milliseconds < b.time.milliseconds : a.order < b.order
    }
  }

  @usableFromInline static var sequenceMask: UInt64 { (1 << 56) - 1 }

  // Inlinable so clients specialise the heap for their event type: unspecialised generic code
  // looks up type metadata on every access, which costs more than the heap operations.
  @usableFromInline var heap: [Entry] = []
  @usableFromInline var nextSequence: UInt64 = 0

  /// An empty queue.
  public init() {}

  /// The number of queued events.
  @inlinable public var count: Int { heap.count }
  /// Whether no event is queued.
  @inlinable public var isEmpty: Bool { heap.isEmpty }
  /// The next event to process, without removing it.
  @inlinable public var first: Entry? { heap.first }

  /// Queues `payload` at `time`; returns its insertion sequence.
  @inlinable @discardableResult
  public mutating func insert(_ payload: Payload, at time: SimTime, priority: EventPriority = .normal)
    -> UInt64
  {
    let sequence = nextSequence
    nextSequence += 1
    precondition(sequence <= EventQueue.sequenceMask, "event sequence exhausted")
    heap.append(Entry(time: time, order: UInt64(priority.rank) << 56 | sequence, payload: payload))
    siftUp(heap.count - 1)
    return sequence
  }

  /// Removes and returns the next event, or nil when the queue is empty.
  @inlinable public mutating func popFirst() -> Entry? {
    guard let last = heap.popLast() else { return nil }
    guard !heap.isEmpty else { return last }
    let top = heap[0]
    heap[0] = last
    siftDown(0)
    return top
  }

  // Both sifts work on the buffer directly: through the array, every read was bounds-checked
  // and every write checked the storage unique, which cost more than the comparisons.
  @inlinable mutating func siftUp(_ start: Int) {
    heap.withUnsafeMutableBufferPointer { heap in
      var child = start
      let item = heap[child]
      while child > 0 {
        let parent = (child - 1) / 4
        guard Entry.precedes(item, heap[parent]) else { break }
        heap[child] = heap[parent]
        child = parent
      }
      heap[child] = item
    }
  }

  @inlinable mutating func siftDown(_ start: Int) {
    heap.withUnsafeMutableBufferPointer { heap in
      let count = heap.count
      var parent = start
      let item = heap[parent]
      while true {
        let first = 4 * parent + 1
        if first >= count { break }
        var child = first
        let end = min(first + 4, count)
        var next = first + 1
        while next < end {
          if Entry.precedes(heap[next], heap[child]) { child = next }
          next += 1
        }
        guard Entry.precedes(heap[child], item) else { break }
        heap[parent] = heap[child]
        parent = child
      }
      heap[parent] = item
    }
  }
}
