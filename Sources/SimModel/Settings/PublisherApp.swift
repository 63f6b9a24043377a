import Foundation

/// An app, or a website (SKAdNetwork 4 web ads), that shows ads.
public struct PublisherApp: Hashable, Sendable {
  /// A publisher listing the networks at the given indices.
  public init(name: String, source: Source, adNetworks: [Int]) {
    self.name = name
    self.source = source
    self.adNetworks = adNetworks
  }

  /// What identifies the publisher in postbacks.
  public enum Source: Hashable, Sendable {
    /// An app: its App Store item identifier (`source-app-id`).
    case app(Int64)
    /// A website showing SKAdNetwork for Web Ads in Safari (`source-domain`, 4.0 only).
    case web(domain: String)
  }

  /// The name scenarios refer to it by.
  public var name: String
  /// App or website.
  public var source: Source
  /// Indices into the scenario's ad networks that the app lists in its Info.plist. Websites
  /// have no Info.plist: every network may serve them.
  public var adNetworks: [Int]

  /// Whether this is a website.
  public var isWeb: Bool {
    if case .web = source { return true }
    return false
  }
}
