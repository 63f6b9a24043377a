import Testing
@testable import SimEngine

/// Records the order events are handled in.
private struct Recorder: EventHandler {
  var log: [String] = []
  var followUps: [String: (SimDuration, String)] = [:]

  mutating func handle(_ event: String, in simulation: inout Simulation<String>) {
    log.append("\(simulation.now.milliseconds):\(event)")
    if let (delay, next) = followUps[event] { simulation.schedule(next, after: delay) }
  }
}

@Suite("Event queue and simulation clock")
struct EventQueueTests {
  @Test("events at the same time run by priority, then in insertion order")
  func tieOrder() {
    var simulation = Simulation<String>()
    simulation.schedule("late-normal-1", at: SimTime(milliseconds: 10))
    simulation.schedule("early", at: SimTime(milliseconds: 5))
    simulation.schedule("late-last", at: SimTime(milliseconds: 10), priority: .last)
    simulation.schedule("late-normal-2", at: SimTime(milliseconds: 10))
    simulation.schedule("late-first", at: SimTime(milliseconds: 10), priority: .first)
    simulation.schedule("late-normal-3", at: SimTime(milliseconds: 10))
    var recorder = Recorder()
    simulation.run(handler: &recorder)
    #expect(recorder.log == [
      "5:early", "10:late-first", "10:late-normal-1", "10:late-normal-2", "10:late-normal-3",
      "10:late-last",
    ])
  }

  @Test("a heap of many ties still comes out first-in, first-out")
  func manyTies() {
    var queue = EventQueue<Int>()
    for index in 0..<1_000 { queue.insert(index, at: SimTime(milliseconds: Int64(index % 7))) }
    var seen: [(Int64, Int)] = []
    while let entry = queue.popFirst() { seen.append((entry.time.milliseconds, entry.payload)) }
    let expected = (0..<1_000).map { (Int64($0 % 7), $0) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    #expect(seen.map(\.0) == expected.map(\.0))
    #expect(seen.map(\.1) == expected.map(\.1))
  }

  @Test("pushes and pops interleaved come out in (time, priority, insertion) order, as a sorted list says")
  func interleavedOrder() {
    var queue = EventQueue<Int>()
    var pending: [(time: Int64, rank: UInt8, sequence: Int)] = []
    var popped: [Int] = []
    var expected: [Int] = []
    var state: UInt64 = 12_345
    func draw(_ bound: UInt64) -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (state >> 33) % bound
    }
    let ranks: [EventPriority] = [.first, .normal, .last]
    for step in 0..<5_000 {
      // Two pushes for each pop, at times from a small range so that ties of every kind occur.
      if step % 3 != 2 {
        let time = Int64(draw(50)), priority = ranks[Int(draw(3))]
        queue.insert(step, at: SimTime(milliseconds: time), priority: priority)
        pending.append((time, priority.rank, step))
      } else {
        pending.sort { ($0.time, $0.rank, $0.sequence) < ($1.time, $1.rank, $1.sequence) }
        expected.append(pending.removeFirst().sequence)
        popped.append(queue.popFirst()!.payload)
      }
    }
    pending.sort { ($0.time, $0.rank, $0.sequence) < ($1.time, $1.rank, $1.sequence) }
    expected += pending.map(\.sequence)
    while let entry = queue.popFirst() { popped.append(entry.payload) }
    #expect(popped == expected)
  }

  @Test("run(until:) stops at the limit, sets the clock to it and leaves later events queued")
  func runUntil() {
    var simulation = Simulation<String>()
    simulation.schedule("a", at: SimTime(milliseconds: 100))
    simulation.schedule("c", at: SimTime(milliseconds: 300))
    var recorder = Recorder()
    recorder.followUps["a"] = (.milliseconds(100), "b")
    simulation.run(until: SimTime(milliseconds: 200), handler: &recorder)
    #expect(recorder.log == ["100:a", "200:b"])
    #expect(simulation.now == SimTime(milliseconds: 200))
    #expect(simulation.pendingCount == 1)
    simulation.run(handler: &recorder)
    #expect(recorder.log == ["100:a", "200:b", "300:c"])
    #expect(simulation.processedCount == 3)
  }

  @Test("the observer sees every processed event with its key, before the handler")
  func observer() {
    final class Box: @unchecked Sendable { var seen: [String] = [] }
    let box = Box()
    var simulation = Simulation<String>()
    simulation.observer = { box.seen.append("\($0.time.milliseconds)/\($0.priority.rank)/\($0.sequence)/\($0.event)") }
    simulation.schedule("x", at: SimTime(milliseconds: 7), priority: .first)
    simulation.schedule("y", at: SimTime(milliseconds: 7))
    var recorder = Recorder()
    recorder.followUps["x"] = (.zero, "z")
    simulation.run(handler: &recorder)
    #expect(box.seen == ["7/0/0/x", "7/128/1/y", "7/128/2/z"])
  }
}
