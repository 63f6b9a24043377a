import SimEngine
import SimJSON

/// Reads one cohort: a count of users and how they behave.
struct CohortReader {
  let reader: JSONReader
  let references: References

  func read() -> Cohort? {
    guard
      let object = reader.object(keys: [
        "name", "count", "country", "arrivals", "exposures", "install", "firstLaunch", "retention",
        "sessionsPerActiveDay", "events", "activeDays", "reengagements",
      ])
    else { return nil }
    let name = object.required("name")?.nonEmptyString()
    let count = object.required("count")?.integer(in: 0...100_000_000)
    let country = object.optional("country").map { $0.countryChoice() } ?? WeightedChoice([("US", 1)])
    let arrivals = object.required("arrivals", "when users become reachable: { from, to }").flatMap(readArrivals)
    let exposures = object.required("exposures")?.array()?.compactMap(readExposure) ?? []
    let install = object.required("install").flatMap(readInstall)
    let launch = object.optional("firstLaunch").map(readLaunch)
      ?? LaunchBehaviour(probability: 1, delay: .fixed(Double(SimDuration.minutes(10).milliseconds)))
    let retention = object.optional("retention").map { readProbabilities($0) } ?? [0]
    let sessions = object.optional("sessionsPerActiveDay").map { $0.distribution(of: .amount) } ?? .fixed(1)
    let events = object.optional("events")?.array()?.compactMap(readEvent) ?? []
    let activeDays = object.optional("activeDays")?.integer(in: 0...365) ?? 35
    let reengagements = object.optional("reengagements")?.array()?.compactMap(readReengagement) ?? []
    guard let name, let count, let country, let arrivals, let install, let launch, let retention,
      let sessions
    else { return nil }
    return Cohort(
      name: name, count: Int(count), country: country, arrivalStart: arrivals.from,
      arrivalSpread: arrivals.to - arrivals.from, exposures: exposures, install: install,
      firstLaunch: launch, retention: retention, sessionsPerActiveDay: sessions, events: events,
      activeDays: Int(activeDays), reengagements: reengagements)
  }

  /// A re-engagement campaign: an eligible AdAttributionKit campaign, a reach and a delay from
  /// the first launch (§3.5).
  private func readReengagement(_ reader: JSONReader) -> CohortReengagement? {
    guard let object = reader.object(keys: ["network", "campaign", "publisher", "reach", "delay", "url"]) else {
      return nil
    }
    let target = references.exposure(object, view: false)
    if let target {
      let network = references.networks[target.network]
      if network.framework != .adAttributionKit {
        object.optional("network")?.error("re-engagement is AdAttributionKit's (§3.5); '\(network.name)' serves SKAdNetwork ads")
      } else if !network.campaigns[target.campaign].eligibleForReengagement {
        object.optional("campaign")?.error(
          "campaign '\(network.campaigns[target.campaign].name)' is not marked eligibleForReengagement, so its taps convert nothing")
      }
    }
    let reach = object.optional("reach")?.probability() ?? 1
    let delay = object.required("delay", "time from the first launch to the tap")?.distribution(of: .duration)
    var url: String?
    if let urlReader = object.optional("url"), let text = urlReader.string() {
      if text.hasPrefix("https://") { url = text } else { urlReader.error("expected a universal link (https://), found '\(text)'") }
    }
    guard let target, let delay else { return nil }
    return CohortReengagement(
      network: target.network, campaign: target.campaign, publisher: target.publisher, reach: reach, delay: delay, url: url)
  }

  private func readArrivals(_ reader: JSONReader) -> (from: SimDuration, to: SimDuration)? {
    guard let object = reader.object(keys: ["from", "to"]),
      let from = object.required("from")?.duration(), let to = object.required("to")?.duration()
    else { return nil }
    if to < from {
      object.required("to")?.error("the arrival period ends (\(to)) before it starts (\(from))")
      return nil
    }
    return (from, to)
  }

  private func readExposure(_ reader: JSONReader) -> CohortExposure? {
    guard
      let object = reader.object(keys: [
        "network", "campaign", "publisher", "reach", "click", "view", "delay", "viewDuration",
      ])
    else { return nil }
    let reach = object.optional("reach")?.probability() ?? 1
    let click = object.optional("click")?.probability() ?? 0
    let view = object.optional("view")?.probability() ?? 0
    let target = references.exposure(object, view: view > 0)
    if click + view > 1 {
      reader.error("'click' (\(click)) and 'view' (\(view)) are exclusive outcomes and add up to more than 1")
    }
    let delay = object.optional("delay").map { $0.distribution(of: .duration) } ?? .fixed(0)
    let viewDuration = object.optional("viewDuration").map { $0.distribution(of: .duration) }
      ?? .fixed(Double(SimDuration.seconds(10).milliseconds))
    guard let target, let delay, let viewDuration else { return nil }
    return CohortExposure(
      network: target.network, campaign: target.campaign, publisher: target.publisher, reach: reach,
      click: click, view: view, delay: delay, viewDuration: viewDuration)
  }

  private func readInstall(_ reader: JSONReader) -> InstallBehaviour? {
    guard let object = reader.object(keys: ["afterClick", "afterView", "organic", "delay", "redownload"]) else {
      return nil
    }
    let afterClick = object.optional("afterClick")?.probability() ?? 0
    let afterView = object.optional("afterView")?.probability() ?? 0
    let organic = object.optional("organic")?.probability() ?? 0
    let delay = object.required("delay", "time from the ad to the install")?.distribution(of: .duration)
    let redownload = object.optional("redownload")?.probability() ?? 0
    guard let delay else { return nil }
    return InstallBehaviour(
      afterClick: afterClick, afterView: afterView, organic: organic, delay: delay, redownload: redownload)
  }

  private func readLaunch(_ reader: JSONReader) -> LaunchBehaviour? {
    guard let object = reader.object(keys: ["probability", "delay"]) else { return nil }
    let probability = object.optional("probability")?.probability() ?? 1
    let delay = object.optional("delay").map { $0.distribution(of: .duration) }
      ?? .fixed(Double(SimDuration.minutes(10).milliseconds))
    return delay.map { LaunchBehaviour(probability: probability, delay: $0) }
  }

  /// A probability or a non-empty list of them.
  private func readProbabilities(_ reader: JSONReader) -> [Double]? {
    if case .number = reader.node.value { return reader.probability().map { [$0] } }
    guard let elements = reader.array() else { return nil }
    if elements.isEmpty {
      reader.error("expected at least one probability")
      return nil
    }
    let values = elements.compactMap { $0.probability() }
    return values.count == elements.count ? values : nil
  }

  private func readEvent(_ reader: JSONReader) -> CohortEvent? {
    guard let object = reader.object(keys: ["name", "perDay", "revenue", "revenueKind", "currency"]) else { return nil }
    let name = object.required("name")?.nonEmptyString()
    let perDay = object.required("perDay", "probability per active day").flatMap { readProbabilities($0) }
    let revenue = object.optional("revenue")?.distribution(of: .amount)
    let kind = object.optional("revenueKind")?.oneOf(["iap", "ad"]).flatMap(RevenueKind.init) ?? .inAppPurchase
    if object.has("revenue"), revenue == nil { return nil }
    guard let name, let perDay else { return nil }
    let currency = object.optional("currency").flatMap(SchemaReader.currencyCode)
    if object.has("currency"), currency == nil { return nil }
    return CohortEvent(name: name, perDay: perDay, revenue: revenue, revenueKind: kind, currency: currency ?? "USD")
  }
}
