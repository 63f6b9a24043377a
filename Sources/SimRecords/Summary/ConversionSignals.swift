import SimEngine

/// What a conversion's winning postbacks showed the receivers, worked out per user: for each
/// window whose postback to the conversion's campaign arrived, whether it carried a value, and
/// when the user's first postback with a value the schema decodes came.
///
/// The receiver's `PendingSignals` works it out as postbacks arrive; a shard's phase 2 writes it
/// beside each conversion, so the merge after it keeps nothing per user.
package struct ConversionSignals: Sendable, Equatable {
  /// Window (sequence index) → whether its postback carried a value.
  package var windows: [Int: Bool]
  /// The first winning postback with a decodable value, if any came before the conversion finished.
  package var firstSignal: SimTime?

  package init(windows: [Int: Bool] = [:], firstSignal: SimTime? = nil) {
    self.windows = windows
    self.firstSignal = firstSignal
  }
}
