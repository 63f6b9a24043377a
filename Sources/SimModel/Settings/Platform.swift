import SimEngine

/// The attribution framework and device settings a scenario runs under.
public struct Platform: Hashable, Sendable {
  /// A platform with the given framework, Developer Mode setting and device OS.
  public init(framework: Framework, developerMode: Bool = false, iosVersion: OSVersion = .current) {
    self.framework = framework
    self.developerMode = developerMode
    self.iosVersion = iosVersion
  }

  /// SKAdNetwork with the version ads are signed with, or AdAttributionKit.
  public enum Framework: Hashable, Sendable {
    /// SKAdNetwork ads signed with this version.
    case skAdNetwork(SKAdNetworkVersion)
    /// AdAttributionKit (JWS impressions).
    case adAttributionKit
  }

  /// The framework ads are served with.
  public var framework: Framework
  /// Developer Mode timings (rulebook §5.4): windows of minutes, 5–10 minute send delays.
  public var developerMode: Bool
  /// The devices' iOS version: decides the minimum view time (§2.3) and developer copies (§1).
  public var iosVersion: OSVersion
  /// How devices retry postbacks the receiver does not accept (§5.3), when they are delivered.
  public var postbackDelivery = PostbackDelivery()

  /// Views shorter than this are not recorded: 2 s from iOS 15.4, 3 s before (rulebook §2.3).
  public var minimumViewDuration: SimDuration { iosVersion >= OSVersion(15, 4) ? .seconds(2) : .seconds(3) }

  /// The oldest iOS with AdAttributionKit (rulebook §1).
  public static let adAttributionKitOS = OSVersion(17, 4)
  /// The oldest iOS with AdAttributionKit re-engagement (§1, §3.5).
  public static let reengagementOS = OSVersion(18, 0)
  /// The oldest iOS with the app's attribution rules and overlapping conversions (§1, §2.5).
  public static let attributionRulesOS = OSVersion(18, 4)
  /// The oldest iOS with `AppImpression.handleView()` (§1).
  public static let handleViewOS = OSVersion(26, 2)
  /// The oldest iOS on which Apple Ads serves AdAttributionKit ads (§1, C3 [U]).
  public static let appleAdsAdAttributionKitOS = OSVersion(26, 2)

  /// Whether devices send developer copies of winning postbacks: iOS 15 and later (rulebook §1).
  public var sendsDeveloperCopies: Bool { iosVersion >= OSVersion(15) }

  /// The SKAdNetwork version ads are signed with; AdAttributionKit follows 4.0's windows and
  /// tiers, and SKAdNetwork ads beside it must be 4.0 (§3.6).
  public var version: SKAdNetworkVersion {
    if case .skAdNetwork(let version) = framework { return version }
    return .v4_0
  }
}
