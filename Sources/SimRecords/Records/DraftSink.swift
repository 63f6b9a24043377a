/// Takes drafts in time order.
package protocol DraftSink {
  /// A draft; envelopes arrive in non-decreasing `at` order.
  mutating func receive(_ envelope: DraftEnvelope)
  /// Whether trace drafts are wanted; the world skips building them otherwise.
  var wantsTrace: Bool { get }
  /// Whether in-app drafts (``RunDraft/inApp(_:)``) are wanted; the world skips them otherwise.
  var wantsEventLog: Bool { get }
}
