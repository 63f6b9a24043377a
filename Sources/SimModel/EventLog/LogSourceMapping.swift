/// Where a log's users came from, in the scenario's terms: its media sources and campaigns
/// mapped onto the scenario's ad networks and campaigns, Apple Ads and organic installs. A
/// resampled user then draws among the logged users who came the way their own install did.
public struct LogSourceMapping: Hashable, Sendable {
  /// A way a simulated install comes about.
  public enum Source: Hashable, Sendable {
    /// No ad led to it.
    case organic
    /// An Apple Ads tap or view.
    case appleAds
    /// An ad of a network (an index into the scenario's `adNetworks`).
    case network(Int)
    /// An ad of one campaign of a network.
    case campaign(network: Int, campaign: Int)

    /// The wider source a campaign belongs to; nil for the others.
    public var network: Source? {
      if case .campaign(let network, _) = self { return .network(network) }
      return nil
    }
  }

  /// Logged media source → the install source it stands for (organic, Apple Ads or a network).
  public var sources: [String: Source] = [:]
  /// Logged campaign → the scenario's network and campaign it stands for.
  public var campaigns: [String: Source] = [:]

  /// A mapping with every field given.
  public init(sources: [String: Source] = [:], campaigns: [String: Source] = [:]) {
    self.sources = sources
    self.campaigns = campaigns
  }

  /// Whether it maps nothing.
  public var isEmpty: Bool { sources.isEmpty && campaigns.isEmpty }

  /// The install sources logged user `user` of `users` stands for, the most specific first: their
  /// campaign's, then their media source's, or failing that their campaign's network (each when mapped).
  public func sources(of user: Int, in users: LoggedUsers) -> [Source] {
    var found: [Source] = []
    let campaign = users.campaign(of: user).flatMap { campaigns[$0] }
    if let campaign { found.append(campaign) }
    if let source = users.source(of: user).flatMap({ sources[$0] }) ?? campaign?.network, !found.contains(source) {
      found.append(source)
    }
    return found
  }
}
