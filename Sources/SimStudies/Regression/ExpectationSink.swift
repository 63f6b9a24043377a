import SimPlatform
import SimRecords

/// Keeps what checking needs from a run: the postbacks and trace of the users expectations
/// name, and who sent each postback line, to label golden-file differences.
package struct ExpectationSink: RunSink {
  package let users: Set<String>
  /// The named users' postbacks, in send order.
  package private(set) var postbacks: [PostbackRecord] = []
  /// The named users' trace, in time order.
  package private(set) var trace: [TraceRecord] = []
  /// The named users' calls to Apple's attribution API, in time order.
  package private(set) var adServices: [AdServicesExchange] = []
  /// The named users' SDK trace lines, in time order.
  package private(set) var sdk: [SDKTraceRecord] = []
  /// The sender of each line of `postbacks.jsonl`, in order.
  package private(set) var postbackSenders: [String] = []

  package init(users: Set<String>) { self.users = users }

  package mutating func receive(_ postback: PostbackRecord) {
    postbackSenders.append(postback.user)
    if users.contains(postback.user) { postbacks.append(postback) }
  }

  package mutating func receive(_ conversion: ConversionRecord) {}

  package mutating func receive(_ exchange: AdServicesExchange) {
    if users.contains(exchange.user) { adServices.append(exchange) }
  }

  package mutating func receive(_ record: SDKTraceRecord) {
    if users.contains(record.user) { sdk.append(record) }
  }

  package var wantsTrace: Bool { !users.isEmpty }

  package mutating func receive(_ trace: TraceRecord) {
    if users.contains(trace.user) { self.trace.append(trace) }
  }
}
