import SimModel

/// What one postback's value decoded to.
public enum DecodingOutcome: Sendable, Equatable {
  /// A fine or coarse value the model can produce, and what it means.
  case decoded(DecodedValue)
  /// No value (crowd anonymity withheld it, or the window had none).
  case none
  /// A value the model cannot produce.
  case unknown
}
