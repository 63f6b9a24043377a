import Foundation
import SimEngine
import SimModel
import SimPlatform
import SimRecords
import SimWorld

/// Simulates a run's users in several worlds at once, one thread each, and merges their drafts
/// in time order as they come: the outputs are those of one world, byte for byte, because
/// users never meet (each draws from their own streams) and the tier stage puts drafts made at
/// the same time in user order whatever order they arrive in.
package enum LaneRun {
  /// How many lanes to simulate `scenario` in with `jobs` threads: one when its SDK asks an
  /// endpoint or a command (their pool answers users in turn), else `jobs`, at most one a user.
  package static func lanes(for scenario: Scenario, jobs: Int) -> Int {
    guard jobs > 1 else { return 1 }
    switch scenario.app.sdk?.model {
    case .endpoint, .command: return 1
    case .schema, .sequential, nil: return max(1, min(jobs, scenario.userCount))
    }
  }

  /// Simulates the users in `lanes` worlds on their own threads and feeds their drafts, merged
  /// in time order (ties to the lower lane), to `sink` on the calling thread, which also hears
  /// `progress`. Returns the worlds' counts added up.
  package static func simulate(
    _ scenario: Scenario, model: any ConversionModel, keys: SimulatedKeys, lanes: Int, sink: inout any DraftSink,
    progress: ((_ arrived: Int, _ total: Int) -> Void)? = nil
  ) -> RunSummary {
    let channels = (0..<lanes).map { _ in DraftChannel() }
    let results = LaneResults(lanes: lanes)
    let (wantsTrace, wantsEventLog) = (sink.wantsTrace, sink.wantsEventLog)
    for index in 0..<lanes {
      let channel = channels[index]
      let thread = Thread {
        var laneSink: any DraftSink = LaneSink(channel: channel, wantsTrace: wantsTrace, wantsEventLog: wantsEventLog)
        let summary = ScenarioRunner.simulate(
          // index < lanes: always a lane.
          scenario, model: model, keys: keys, shard: .whole, lane: Lane(index: index, count: lanes)!, sink: &laneSink
        ) { arrived, total in results.arrived(arrived, of: total, lane: index) }
        var finished = laneSink as! LaneSink
        finished.flush()
        results.finish(index, summary: summary)
        channel.finish()
      }
      // The main thread's size: the world recurses no deeper on a lane than alone.
      thread.stackSize = 8 << 20
      thread.start()
    }
    var chunks = [[DraftEnvelope]](repeating: [], count: lanes)
    var positions = [Int](repeating: 0, count: lanes)
    var open = [Bool](repeating: true, count: lanes)
    var merged = 0
    while true {
      var best = -1
      for lane in 0..<lanes where open[lane] {
        if positions[lane] == chunks[lane].count {
          guard let chunk = channels[lane].take() else {
            open[lane] = false
            chunks[lane] = []
            continue
          }
          chunks[lane] = chunk
          positions[lane] = 0
        }
        if best < 0 || chunks[lane][positions[lane]].at < chunks[best][positions[best]].at { best = lane }
      }
      guard best >= 0 else { break }
      sink.receive(chunks[best][positions[best]])
      positions[best] += 1
      merged += 1
      if let progress, merged % 4_096 == 0 { results.report(to: progress) }
    }
    if let progress { results.report(to: progress) }
    return results.total()
  }
}

/// What the lanes' threads tell the merging thread: arrivals so far and, at the end, counts.
private final class LaneResults: @unchecked Sendable {
  private let lock = NSLock()
  private var arrivals: [Int]
  private var totals: [Int]
  private var summaries: [RunSummary?]
  private let done = DispatchGroup()

  init(lanes: Int) {
    arrivals = Array(repeating: 0, count: lanes)
    totals = Array(repeating: 0, count: lanes)
    summaries = Array(repeating: nil, count: lanes)
    for _ in 0..<lanes { done.enter() }
  }

  func arrived(_ count: Int, of total: Int, lane: Int) {
    lock.lock()
    arrivals[lane] = count
    totals[lane] = total
    lock.unlock()
  }

  func finish(_ lane: Int, summary: RunSummary) {
    lock.lock()
    summaries[lane] = summary
    lock.unlock()
    done.leave()
  }

  func report(to progress: (_ arrived: Int, _ total: Int) -> Void) {
    lock.lock()
    let (arrived, total) = (arrivals.reduce(0, +), totals.reduce(0, +))
    lock.unlock()
    if total > 0 { progress(arrived, total) }
  }

  /// The lanes' counts added up, in lane order, once every lane has finished.
  func total() -> RunSummary {
    done.wait()
    lock.lock()
    defer { lock.unlock() }
    return summaries.reduce(into: RunSummary()) { $0.add($1!) }
  }
}
