import SimModel

/// The declared names user descriptions may refer to.
package struct References {
  package let networks: [AdNetwork]
  package let publishers: [PublisherApp]
  /// The devices' iOS version, for APIs that need a newer one.
  package var iosVersion = OSVersion.current
  /// Whether any network serves AdAttributionKit ads.
  package var usesAdAttributionKit = false
  /// The scenario's Apple Ads campaigns, or nil when it has none.
  package var appleAds: AppleAds?
  /// Whether `appleAds` is given but unreadable (reported already), so naming it adds no error.
  package var appleAdsUnreadable = false
  /// The scenario's epoch, for calendar dates; nil when unreadable (reported already).
  package var epoch: Epoch?
  /// The app's subscription products, by the order they are declared.
  package var products: [SubscriptionProduct] = []
  /// The ids of products that could not be read (reported already), so naming one adds no error.
  package var unreadableProducts: Set<String> = []
  /// Whether the scenario gives `products` at all, so naming one of its bad ones adds no error.
  package var productsDeclared = false
  /// Where the files the scenario names (event logs) are found.
  package var files = FileLocator(baseDirectory: "")
  /// The scenario's schema's currencies, which logged revenue is converted with.
  package var currencies = CurrencyTable.usd

  /// The ad network standing for Apple Ads, if any: network ads must not name it.
  package var appleAdsNetwork: Int? { appleAds?.adNetwork?.network }

  /// Resolves a `network`, `campaign`, `publisher` triple of an object, logging bad references
  /// and publishers that do not list the network.
  /// A view-through exposure on a website is logged too: web ads are always taps. So is the
  /// network standing for Apple Ads, whose clicks only Apple Ads taps make (§8, C3 [U]).
  package func exposure(_ object: ObjectReader, view: Bool) -> (network: Int, campaign: Int, publisher: Int)? {
    let networkReader = object.required("network")
    var network = networkReader?.reference(to: networks.map(\.name), what: "ad network")
    if let linked = network, linked == appleAdsNetwork {
      networkReader?.error(
        "'\(networks[linked].name)' stands for Apple Ads (appleAds.adNetwork): its clicks come from Apple Ads taps "
          + "(appleAdsTap steps, cohort 'appleAds'), not from network ads")
      network = nil
    }
    let campaign = network.flatMap { network in
      object.required("campaign")?.reference(
        to: networks[network].campaigns.map(\.name), what: "campaign",
        owner: " of ad network '\(networks[network].name)'")
    }
    let publisherReader = object.required("publisher")
    let publisher = publisherReader?.reference(to: publishers.map(\.name), what: "publisher")
    if view, let publisher, publishers[publisher].isWeb {
      publisherReader?.error(
        "'\(publishers[publisher].name)' is a website: web ads are tapped (fidelity-type 1), never view-through")
    }
    if let network, let publisher, networks[network].framework == .adAttributionKit, publishers[publisher].isWeb {
      publisherReader?.error(
        "'\(publishers[publisher].name)' is a website, and AdAttributionKit has no web ads; "
          + "'\(networks[network].name)' serves AdAttributionKit ads")
    }
    guard let network, let campaign, let publisher else { return nil }
    return (network, campaign, publisher)
  }
}
