import SimModel
import SimPlatform
import SimRecords

/// Counts the fine values winning first postbacks carried to their ad network: the value grid
/// of `optimize.html`.
package struct FineValueSink: RunSink {
  /// How often each value 0–63 was carried.
  package private(set) var counts = Array(repeating: 0, count: 64)

  package init() {}

  package mutating func receive(_ postback: PostbackRecord) {
    guard postback.recipient == .adNetwork, postback.didWin else { return }
    let body = PostbackFields(postback.payload)
    guard (body.sequenceIndex ?? 0) == 0, let fine = body.fineValue, (0..<64).contains(fine) else { return }
    counts[Int(fine)] += 1
  }

  package mutating func receive(_ conversion: ConversionRecord) {}
}
