/// The real time delivery is paced by; injected so that tests can check the waits without
/// waiting.
public protocol DeliveryClock: Sendable {
  /// Seconds since an arbitrary fixed moment, never going back.
  func now() -> Double
  /// Waits `seconds` of real time.
  func sleep(_ seconds: Double)
}
