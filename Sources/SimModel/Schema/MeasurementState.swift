import SimEngine

/// What the app knows when it asks its conversion model for an update: the conversion model's
/// input.
public struct MeasurementState: Hashable, Sendable {
  /// How the platform treats values for the ad (rulebook §4).
  public enum ValueRules: Hashable, Sendable {
    /// SKAdNetwork 2.x/3.0: one value that counts only when it is greater than the last.
    case increasingOnly
    /// SKAdNetwork 4.0 / AdAttributionKit: three windows, fine value in the first, any value.
    case windowed
  }

  /// The window: 0, 1 or 2 (postback sequence index); always 0 before 4.0.
  public var window: Int
  /// The platform's value rules for the ad.
  public var valueRules: ValueRules
  /// Time since the first launch, when the app's clock for the conversion started.
  public var sinceFirstLaunch: SimDuration
  /// Currency codes, fixing the order of the revenue arrays in ``Measures``.
  public var currencies: [String]
  /// Measured since the current window opened (the rulebook's windows, §5.2).
  public var inWindow: Measures
  /// Measured since the first launch, over every window.
  public var sinceInstall: Measures
  /// The fine value the app last asked for (nil: none since registration set 0).
  public var lastFine: Int?
  /// The coarse value the app last asked for in this window.
  public var lastCoarse: CoarseValue?

  /// A state in `window` with nothing measured.
  public init(
    window: Int, valueRules: ValueRules = .windowed, sinceFirstLaunch: SimDuration = .zero,
    eventCount: Int, currencies: [String] = ["USD"]
  ) {
    self.window = window
    self.valueRules = valueRules
    self.sinceFirstLaunch = sinceFirstLaunch
    self.currencies = currencies
    inWindow = Measures(eventCount: eventCount, currencyCount: currencies.count)
    sinceInstall = inWindow
  }

  /// A state with its measurements.
  public init(
    window: Int, valueRules: ValueRules, sinceFirstLaunch: SimDuration, currencies: [String], inWindow: Measures,
    sinceInstall: Measures
  ) {
    self.window = window
    self.valueRules = valueRules
    self.sinceFirstLaunch = sinceFirstLaunch
    self.currencies = currencies
    self.inWindow = inWindow
    self.sinceInstall = sinceInstall
  }
}
