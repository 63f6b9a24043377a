import SimEngine

/// An auto-renewable subscription the app sells: a price per currency, a period, and an
/// optional introductory trial.
public struct SubscriptionProduct: Hashable, Sendable {
  /// The product identifier cohorts refer to.
  public var id: String
  /// How long a paid period lasts.
  public var period: SubscriptionPeriod
  /// Price of one period by ISO 4217 currency code.
  public var prices: [String: Double]
  /// The introductory trial, or nil.
  public var trial: Trial?

  /// An introductory offer before the first paid period: free, or paid once up front.
  public struct Trial: Hashable, Sendable {
    /// How long the trial lasts.
    public var duration: SimDuration
    /// What the trial costs by currency; empty for a free trial.
    public var prices: [String: Double]

    /// Each stored property as given.
    public init(duration: SimDuration, prices: [String: Double] = [:]) {
      self.duration = duration
      self.prices = prices
    }
  }

  /// Each stored property as given.
  public init(id: String, period: SubscriptionPeriod, prices: [String: Double], trial: Trial? = nil) {
    self.id = id
    self.period = period
    self.prices = prices
    self.trial = trial
  }
}
