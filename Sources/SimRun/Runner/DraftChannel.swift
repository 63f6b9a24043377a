import Foundation
import SimRecords

/// Hands one lane's drafts, in chunks, from the thread simulating it to the thread merging
/// the lanes. The lane waits while `capacity` chunks are unread, so memory holds a few
/// thousand drafts per lane however long the run.
final class DraftChannel: @unchecked Sendable {
  private let condition = NSCondition()
  private var chunks: [[DraftEnvelope]] = []
  private var finished = false
  private let capacity: Int

  init(capacity: Int = 4) { self.capacity = capacity }

  /// Queues `chunk`, waiting while the channel is full.
  func put(_ chunk: [DraftEnvelope]) {
    condition.lock()
    while chunks.count >= capacity { condition.wait() }
    chunks.append(chunk)
    condition.broadcast()
    condition.unlock()
  }

  /// Says no chunk follows.
  func finish() {
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// The next chunk, waiting for one; nil once the lane has finished and every chunk was read.
  func take() -> [DraftEnvelope]? {
    condition.lock()
    defer { condition.unlock() }
    while chunks.isEmpty && !finished { condition.wait() }
    guard !chunks.isEmpty else { return nil }
    let chunk = chunks.removeFirst()
    condition.broadcast()
    return chunk
  }
}
