import SimJSON
import SimModel

extension ConversionSchema {
  /// What the schema was imported with (`origin`), by key; empty for a schema written here.
  var originMembers: [String: JSONValue] {
    guard case .object(let members) = origin ?? .null else { return [:] }
    return members
  }
}

/// The conversion-schema formats Google publishes, which `attrsim schema import` reads and
/// `attrsim schema export` writes.
public enum GoogleSchemaFormat: String, CaseIterable, Sendable {
  /// Google Analytics 4 Admin API `SKAdNetworkConversionValueSchema` (Firebase's schema).
  case ga4
  /// Google Ads API `CustomerSkAdNetworkConversionValueSchema`.
  case googleAds = "google-ads"

  /// The format whose keys an object's are, or nil when it is neither.
  static func detect(keys: Set<String>) -> GoogleSchemaFormat? {
    if keys.contains("postbackWindowOne") { return .ga4 }
    let ads: Set = ["schema", "appId", "fineGrainedConversionValueMappings", "postbackMappings", "resourceName"]
    return keys.isDisjoint(with: ads) ? nil : .googleAds
  }

  /// How people name it.
  public var title: String {
    switch self {
    case .ga4: "GA4 SKAdNetwork conversion value schema"
    case .googleAds: "Google Ads SKAdNetwork conversion value schema"
    }
  }
}
