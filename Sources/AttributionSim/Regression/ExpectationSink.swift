/// Keeps what checking needs from a run: the postbacks and trace of the users expectations
/// name, and who sent each postback line, to label golden-file differences.
struct ExpectationSink: RunSink {
  let users: Set<String>
  /// The named users' postbacks, in send order.
  private(set) var postbacks: [PostbackRecord] = []
  /// The named users' trace, in time order.
  private(set) var trace: [TraceRecord] = []
  /// The named users' calls to Apple's attribution API, in time order.
  private(set) var adServices: [AdServicesExchange] = []
  /// The named users' SDK trace lines, in time order.
  private(set) var sdk: [SDKTraceRecord] = []
  /// The sender of each line of `postbacks.jsonl`, in order.
  private(set) var postbackSenders: [String] = []

  init(users: Set<String>) { self.users = users }

  mutating func receive(_ postback: PostbackRecord) {
    postbackSenders.append(postback.user)
    if users.contains(postback.user) { postbacks.append(postback) }
  }

  mutating func receive(_ conversion: ConversionRecord) {}

  mutating func receive(_ exchange: AdServicesExchange) {
    if users.contains(exchange.user) { adServices.append(exchange) }
  }

  mutating func receive(_ record: SDKTraceRecord) {
    if users.contains(record.user) { sdk.append(record) }
  }

  var wantsTrace: Bool { !users.isEmpty }

  mutating func receive(_ trace: TraceRecord) {
    if users.contains(trace.user) { self.trace.append(trace) }
  }
}
