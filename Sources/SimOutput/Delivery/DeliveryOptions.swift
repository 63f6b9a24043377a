/// How fast postbacks are delivered and how long each request may take: settings of the
/// delivery, not of the scenario.
public struct DeliveryOptions: Sendable, Hashable {
  /// Delivery settings; `speed` nil sends as fast as the receiver answers.
  public init(speed: Double? = nil, timeout: Double = 10) {
    self.speed = speed
    self.timeout = timeout
  }

  /// Virtual seconds per real second (3600: a virtual hour each second), or nil to send each
  /// attempt as soon as the previous one is answered.
  public var speed: Double?
  /// Real seconds to wait for each answer before counting the attempt as failed.
  public var timeout: Double
}
