import Foundation
import SimEngine
import SimPlatform

/// Phase 2's crowds: a sum of every shard's crowd counts, read in time order and counted into a
/// tier policy up to each instant a shard's tier stage decides at, so a shard decides exactly as
/// a whole run would, having seen only its own drafts.
package struct CrowdFeed {
  private var reader: CrowdCountReader
  private var next: CrowdCount?
  /// The first problem reading the counts; the stage cannot stop, so its caller checks this.
  package private(set) var failure: ShardFailure?

  /// Reads the counts in `folder` (a complete sum, or the one shard of a one-shard run).
  package init(folder: URL) throws(ShardFailure) {
    reader = try CrowdCountReader(folder: folder)
    next = try reader.next()
  }

  /// Counts every install drafted at or before `time` into `policy`.
  package mutating func advance(through time: SimTime, into policy: inout any TierPolicy) {
    while let count = next, count.at <= time {
      for _ in 0..<count.count { policy.record(count.facts) }
      do { next = try reader.next() } catch {
        failure = failure ?? error
        next = nil
      }
    }
  }
}
