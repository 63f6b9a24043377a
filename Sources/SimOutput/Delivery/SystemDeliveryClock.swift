import Foundation

/// The system's monotonic clock, and real sleeping.
public struct SystemDeliveryClock: DeliveryClock {
  /// The system clock.
  public init() {}

  public func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

  public func sleep(_ seconds: Double) {
    guard seconds > 0 else { return }
    Thread.sleep(forTimeInterval: seconds)
  }
}
