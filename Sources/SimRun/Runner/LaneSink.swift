import SimRecords

/// The draft sink of a lane's world: collects drafts into chunks for its channel.
struct LaneSink: DraftSink {
  let channel: DraftChannel
  let wantsTrace: Bool
  let wantsEventLog: Bool
  private var chunk: [DraftEnvelope] = []
  private static let chunkSize = 1_024

  init(channel: DraftChannel, wantsTrace: Bool, wantsEventLog: Bool) {
    self.channel = channel
    self.wantsTrace = wantsTrace
    self.wantsEventLog = wantsEventLog
    chunk.reserveCapacity(Self.chunkSize)
  }

  mutating func receive(_ envelope: DraftEnvelope) {
    chunk.append(envelope)
    if chunk.count == Self.chunkSize { flush() }
  }

  /// Sends the drafts collected so far.
  mutating func flush() {
    guard !chunk.isEmpty else { return }
    channel.put(chunk)
    chunk = []
    chunk.reserveCapacity(Self.chunkSize)
  }
}
