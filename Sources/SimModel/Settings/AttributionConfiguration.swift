import SimEngine

/// The app's `AdAttributionKitConfigurations` Info.plist dictionary (iOS 18.4+, rulebook §2.5):
/// attribution windows for install conversions, globally and per ad network, and cooldowns.
public struct AttributionConfiguration: Hashable, Sendable {
  /// Install attribution windows, in days; nil keeps the next level's value.
  public struct Windows: Hashable, Sendable {
    /// Days a click can win an install: 1–30.
    public var clickDays: Int?
    /// Days a view can win an install: 1–7.
    public var viewDays: Int?
    /// Interactions of this type are dropped from attribution (per network only).
    public var ignoreInteractionType: InteractionType?

    /// Windows as given.
    public init(clickDays: Int? = nil, viewDays: Int? = nil, ignoreInteractionType: InteractionType? = nil) {
      self.clickDays = clickDays
      self.viewDays = viewDays
      self.ignoreInteractionType = ignoreInteractionType
    }
  }

  /// Apple's ranges (B6): click windows 1–30 days, view windows 1–7 days, cooldowns 0–720 hours.
  public static let clickDayRange = 1...30
  public static let viewDayRange = 1...7
  public static let cooldownHourRange = 0...720
  /// The system defaults when nothing is configured: 30 days for clicks, 1 day for views (§2.2).
  public static let defaultClickLifetime = SimDuration.days(30)
  public static let defaultViewLifetime = SimDuration.hours(24)

  /// `AttributionWindows.global.install`.
  public var global = Windows()
  /// `AttributionWindows.<ad-network-id>.install`, by ad network identifier.
  public var networks: [String: Windows] = [:]
  /// `AttributionCooldown.install-cooldown-hours`: no new conversion for this long after an
  /// install conversion.
  public var installCooldownHours = 0
  /// `AttributionCooldown.re-engagement-cooldown-hours`: no new conversion for this long after
  /// a re-engagement conversion.
  public var reengagementCooldownHours = 0

  /// No configuration: the system defaults.
  public init() {}

  /// Whether anything differs from the system defaults.
  public var isEmpty: Bool { self == AttributionConfiguration() }

  /// How long an impression of `interaction` from the network `networkId` can win an install:
  /// the network's window, else the global one, else the system default (§2.5 precedence).
  public func lifetime(of interaction: InteractionType, network networkId: String) -> SimDuration {
    let own = networks[networkId]
    switch interaction {
    case .click:
      return (own?.clickDays ?? global.clickDays).map { SimDuration.days(Int64($0)) } ?? Self.defaultClickLifetime
    case .view:
      return (own?.viewDays ?? global.viewDays).map { SimDuration.days(Int64($0)) } ?? Self.defaultViewLifetime
    }
  }

  /// Whether the network's impressions of `interaction` are dropped from attribution.
  public func ignores(_ interaction: InteractionType, network networkId: String) -> Bool {
    networks[networkId]?.ignoreInteractionType == interaction
  }
}
