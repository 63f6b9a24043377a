import SimEngine

/// How devices retry a postback the receiver did not accept (rulebook §5.3): the `platform`
/// object's `postbackDelivery` setting.
///
/// Apple documents "up to 9 times over at most 9 days" but not the spacing, so the spacing is a
/// setting [U]: by default an attempt a day, the ninth eight days after the first.
public struct PostbackDelivery: Hashable, Sendable {
  /// Retries spaced `retryInterval` apart, `maxAttempts` attempts in all.
  public init(maxAttempts: Int = PostbackDelivery.attemptLimit, retryInterval: SimDuration = .days(1)) {
    self.maxAttempts = maxAttempts
    self.retryInterval = retryInterval
  }

  /// Attempts per postback, the first included (1 to 9).
  public var maxAttempts: Int
  /// Virtual time from one attempt to the next.
  public var retryInterval: SimDuration

  /// The most attempts a device makes (§5.3).
  public static let attemptLimit = 9
  /// The longest a device keeps retrying, from the first attempt to the last (§5.3).
  public static let retrySpan = SimDuration.days(9)

  /// The time from the first attempt to the last.
  public var span: SimDuration { retryInterval * Int64(maxAttempts - 1) }

  /// The offset of attempt `number` (1-based) from the first.
  public func offset(ofAttempt number: Int) -> SimDuration { retryInterval * Int64(number - 1) }
}
