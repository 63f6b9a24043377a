import Foundation

/// The advertised app.
public struct AdvertisedApp: Hashable, Sendable {
  /// An advertised app.
  public init(
    appId: Int64, bundleId: String? = nil, attributionReportEndpoint: String? = nil,
    legacySdk: ConversionSchema? = nil
  ) {
    self.appId = appId
    self.bundleId = bundleId
    self.attributionReportEndpoint = attributionReportEndpoint
    self.legacySdk = legacySdk
  }

  /// App Store item identifier (`app-id` in postbacks).
  public var appId: Int64
  /// Bundle identifier, for readers of the outputs.
  public var bundleId: String?
  /// `NSAdvertisingAttributionReportEndpoint`: when set, winning postbacks are copied to it.
  public var attributionReportEndpoint: String?
  /// A second SDK in the app that sets fine values through the old single-value API, driven by
  /// its own schema (rulebook §4 "Old API on v4 ad"); nil when the app has none.
  public var legacySdk: ConversionSchema?
  /// The conversion-management SDK that decides the app's conversion values; nil when the app
  /// calls with the scenario's schema directly.
  public var sdk: ClientSDK?
  /// Info.plist `AttributionCopyEndpoint`: when set, winning AdAttributionKit postbacks are
  /// copied to it (rulebook §7.6).
  public var attributionCopyEndpoint: String?
  /// Info.plist `EligibleForAdAttributionKitReengagementPostbackCopies`: re-engagement postbacks
  /// are copied too (§3.5).
  public var reengagementPostbackCopies = false
  /// Info.plist `EligibleForAdAttributionKitOverlappingConversions` (iOS 18.4+): several
  /// conversions stay active at once, each with its conversion tag (§3.5).
  public var overlappingConversions = false
  /// Info.plist `AdAttributionKitConfigurations`: attribution windows and cooldowns (§2.5).
  public var attributionConfiguration = AttributionConfiguration()
  /// The marketplace the app is installed from: `marketplace-identifier` in AdAttributionKit
  /// postbacks (§7.5).
  public var marketplace = AdvertisedApp.appStore

  /// The App Store's marketplace identifier.
  public static let appStore = "com.apple.AppStore"
}
