import SimEngine
import SimJSON
import SimModel

/// Reads one cohort: a count of users and how they behave.
package struct CohortReader {
  package let reader: JSONReader
  package let references: References

  package func read() -> Cohort? {
    guard
      let object = reader.object(keys: [
        "name", "count", "country", "arrivals", "exposures", "install", "firstLaunch", "retention",
        "sessionsPerActiveDay", "events", "activeDays", "reengagements", "appleAds", "trackingConsent", "adRevenue",
        "subscription", "log",
      ])
    else { return nil }
    let name = object.required("name")?.nonEmptyString()
    let log = object.optional("log").flatMap {
      var logReader = CohortLogReader(reader: $0, files: references.files, currencies: references.currencies)
      logReader.networks = references.networks
      logReader.appleAdsNetwork = references.appleAdsNetwork
      return logReader.read()
    }
    if object.has("log") {
      guard let log else { return nil }
      return readLogged(object, name: name, log: log)
    }
    let count = object.required("count")?.integer(in: 0...Int64(WorkLimits.large.users))
    let country = object.optional("country").map { $0.countryChoice() } ?? WeightedChoice([("US", 1)])
    let (arrivals, seasonality, exposures, install, launch) = readAdSide(object)
    let retention = object.optional("retention").map { $0.probabilities() } ?? [0]
    let sessions = object.optional("sessionsPerActiveDay").map { $0.distribution(of: .amount) } ?? .fixed(1)
    let events = object.optional("events")?.array()?.compactMap(readEvent) ?? []
    let activeDays = object.optional("activeDays")?.integer(in: 0...365) ?? 35
    let reengagements = object.optional("reengagements")?.array()?.compactMap(readReengagement) ?? []
    let appleAds = object.optional("appleAds").map(readAppleAds) ?? []
    let trackingConsent = object.optional("trackingConsent")?.probability() ?? 0
    let adRevenue = object.optional("adRevenue").flatMap { readAdRevenue($0, countries: country) }
    if object.has("adRevenue"), adRevenue == nil { return nil }
    let subscription = object.optional("subscription").flatMap {
      SubscriptionReader.cohortSubscription(
        $0, products: references.products, unreadable: references.unreadableProducts,
        declared: references.productsDeclared)
    }
    if object.has("subscription"), subscription == nil { return nil }
    guard let name, let count, let country, let arrivals, let install, let launch, let retention,
      let sessions
    else { return nil }
    return Cohort(
      name: name, count: Int(count), country: country, arrivalStart: arrivals.from,
      arrivalSpread: arrivals.to - arrivals.from, exposures: exposures, install: install,
      firstLaunch: launch, retention: retention, sessionsPerActiveDay: sessions, events: events,
      activeDays: Int(activeDays), reengagements: reengagements, appleAds: appleAds, trackingConsent: trackingConsent,
      adRevenue: adRevenue, subscription: subscription, seasonality: seasonality)
  }

  /// The ad side every cohort has, logged or modelled: arrivals, exposures, installs, first launches.
  private func readAdSide(_ object: ObjectReader) -> (
    arrivals: (from: SimDuration, to: SimDuration)?, seasonality: ArrivalSeasonality?, exposures: [CohortExposure],
    install: InstallBehaviour?, launch: LaunchBehaviour?
  ) {
    let arrivalsReader = object.required("arrivals", "when users become reachable: { from, to }")
    let arrivals = arrivalsReader.flatMap(readArrivals)
    let seasonality = arrivalsReader.flatMap(readSeasonality)
    let exposures = object.required("exposures")?.array()?.compactMap(readExposure) ?? []
    let install = object.required("install").flatMap(readInstall)
    let launch = object.optional("firstLaunch").map(readLaunch)
      ?? LaunchBehaviour(probability: 1, delay: .fixed(Double(SimDuration.minutes(10).milliseconds)))
    return (arrivals, seasonality, exposures, install, launch)
  }

  /// A cohort whose users live `log`'s timelines: its ad side as any cohort's, its in-app lives
  /// the log's, so the keys that model them are refused rather than silently ignored.
  private func readLogged(_ object: ObjectReader, name: String?, log: CohortLog) -> Cohort? {
    for key in Self.modelledKeys where object.has(key) {
      object.optional(key)?.error(
        "'\(key)' models the users' in-app lives, which this cohort takes from its 'log': remove it (or the log)")
    }
    var count: Int64?
    if let countReader = object.optional("count") {
      count = countReader.integer(in: 0...Int64(WorkLimits.large.users))
      if let given = count, log.use == .replay, given != Int64(log.users.count) {
        countReader.error(
          "a replayed log gives each of its \(log.users.count) users one simulated user: "
            + "set 'count' to \(log.users.count), or leave it out")
        count = nil
      }
    } else if log.use == .replay {
      count = Int64(log.users.count)
    } else {
      _ = object.required("count", "how many users draw logged timelines")
    }
    let country = object.optional("country").map { $0.countryChoice() } ?? WeightedChoice([("US", 1)])
    if case .resample(stratifyByCountry: true) = log.use, let country {
      let logged = Set(log.users.countries)
      let missing = country.values.filter { !logged.contains($0) }
      if !missing.isEmpty, let reader = object.optional("country") ?? object.optional("log") {
        reader.warning("the log has no user from \(missing.joined(separator: ", ")): users from there draw from the whole log")
      }
    }
    let (arrivals, seasonality, exposures, install, launch) = readAdSide(object)
    warnUnmappedExposures(exposures, of: log, at: object)
    let trackingConsent = object.optional("trackingConsent")?.probability() ?? 0
    let reengagements = object.optional("reengagements")?.array()?.compactMap(readReengagement) ?? []
    let appleAds = object.optional("appleAds").map(readAppleAds) ?? []
    guard !Self.modelledKeys.contains(where: object.has), let name, let count, let country, let arrivals, let install,
      let launch
    else { return nil }
    var cohort = Cohort(
      name: name, count: Int(count), country: country, arrivalStart: arrivals.from,
      arrivalSpread: arrivals.to - arrivals.from, exposures: exposures, install: install, firstLaunch: launch,
      retention: [0], sessionsPerActiveDay: .fixed(1), events: [], activeDays: log.source.horizonDays,
      reengagements: reengagements, appleAds: appleAds, trackingConsent: trackingConsent, seasonality: seasonality)
    cohort.log = log
    return cohort
  }

  /// Warns when the log maps sources but none of its users stands for a network the cohort's ads
  /// come from: installs through it draw as if the log mapped nothing.
  private func warnUnmappedExposures(_ exposures: [CohortExposure], of log: CohortLog, at object: ObjectReader) {
    guard !log.sources.isEmpty, case .resample = log.use else { return }
    var covered: Set<Int> = []
    for user in 0..<log.users.count {
      for case .network(let network) in log.sources.sources(of: user, in: log.users) { covered.insert(network) }
    }
    var missing: [String] = []
    for exposure in exposures where !covered.contains(exposure.network) {
      let name = references.networks[exposure.network].name
      if !missing.contains(name) { missing.append(name) }
    }
    guard !missing.isEmpty, let reader = object.optional("exposures") else { return }
    reader.warning(
      "no logged user's source maps to \(missing.map { "'\($0)'" }.joined(separator: ", ")): installs through its ads draw "
        + "among all logged users\(log.use == .resample(stratifyByCountry: true) ? " of their country" : ""); "
        + "map a media source to it in the log's 'sources'")
  }

  /// The keys of a modelled cohort's in-app lives, which a logged cohort takes from its log.
  private static let modelledKeys = ["retention", "sessionsPerActiveDay", "events", "activeDays", "adRevenue", "subscription"]

  /// Ads in sessions: `{ impressionsPerSession, ecpm, currency? }`, where `ecpm` is one
  /// distribution, or one per country with `"*"` for the rest.
  private func readAdRevenue(_ reader: JSONReader, countries: WeightedChoice<String>?) -> CohortAdRevenue? {
    guard let object = reader.object(keys: ["impressionsPerSession", "ecpm", "currency"]) else { return nil }
    let impressions = object.required("impressionsPerSession", "ad impressions in one session")?.distribution(of: .amount)
    let currencyReader = object.optional("currency")
    let currency = currencyReader.flatMap(SchemaReader.currencyCode)
    if currencyReader != nil, currency == nil { return nil }
    guard let ecpmReader = object.required("ecpm", "revenue per thousand impressions, or one per country") else { return nil }
    var byCountry: [String: Distribution] = [:]
    var fallback: Distribution?
    if case .object(let members) = ecpmReader.node.value, !members.contains(where: { Self.distributionKinds.contains($0.key) }) {
      for member in members {
        let valueReader = ecpmReader.child(member.value, key: member.key)
        guard member.key == "*" || Self.isCountryCode(member.key) else {
          valueReader.error("'\(member.key)' is not a country code (two capital letters, ISO 3166) or \"*\" for other countries")
          return nil
        }
        guard let distribution = valueReader.distribution(of: .amount) else { return nil }
        if member.key == "*" { fallback = distribution } else { byCountry[member.key] = distribution }
      }
      if fallback == nil, let countries {
        let missing = countries.values.filter { byCountry[$0] == nil }
        if !missing.isEmpty {
          ecpmReader.error(
            "expected an eCPM for every country of the cohort, found none for \(missing.joined(separator: ", ")): "
              + "add them, or \"*\" for the rest")
          return nil
        }
      }
    } else {
      guard let distribution = ecpmReader.distribution(of: .amount) else { return nil }
      fallback = distribution
    }
    guard let impressions else { return nil }
    return CohortAdRevenue(
      impressionsPerSession: impressions, ecpmByCountry: byCountry, defaultECPM: fallback, currency: currency ?? "USD")
  }

  private static let distributionKinds = ["fixed", "uniform", "exponential", "normal", "lognormal", "choice", "empirical", "poisson"]

  private static func isCountryCode(_ text: String) -> Bool {
    text.utf8.count == 2 && text.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
  }

  /// `dayOfWeek` (7 weights, Monday first) and `daily` (a weight per calendar day of the period,
  /// the last repeating); nil when neither is given.
  private func readSeasonality(_ reader: JSONReader) -> ArrivalSeasonality? {
    guard case .object(let members) = reader.node.value,
      members.contains(where: { $0.key == "dayOfWeek" || $0.key == "daily" }),
      let object = reader.object(keys: ["from", "to", "dayOfWeek", "daily"])
    else { return nil }
    func weights(_ key: String, count: Int?) -> [Double]? {
      guard let weightsReader = object.optional(key), let elements = weightsReader.array() else { return nil }
      if let count, elements.count != count {
        weightsReader.error("expected \(count) weights, Monday first, found \(elements.count)")
        return nil
      }
      if elements.isEmpty {
        weightsReader.error("expected at least one weight")
        return nil
      }
      let values = elements.compactMap { $0.nonNegativeNumber() }
      guard values.count == elements.count else { return nil }
      if values.allSatisfy({ $0 == 0 }) {
        weightsReader.error("expected at least one weight above zero")
        return nil
      }
      return values
    }
    return ArrivalSeasonality(dayOfWeek: weights("dayOfWeek", count: 7) ?? [], daily: weights("daily", count: nil) ?? [])
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
      if text.hasPrefix("https://") { url = text } else { urlReader.error("expected a universal link (https://), found \(Excerpt.quoted(text))") }
    }
    guard let target, let delay else { return nil }
    return CohortReengagement(
      network: target.network, campaign: target.campaign, publisher: target.publisher, reach: reach, delay: delay, url: url)
  }

  /// Apple Ads campaigns reaching the cohort's users before they install (§8).
  private func readAppleAds(_ reader: JSONReader) -> [CohortAppleAdsExposure] {
    guard let elements = reader.array() else { return [] }
    guard let appleAds = references.appleAds else {
      if !references.appleAdsUnreadable {
        reader.error("the cohort's Apple Ads name campaigns, but the scenario has no 'appleAds': add them there")
      }
      return []
    }
    // Each campaign's draws come from a stream named after it: a second entry would repeat them.
    JSONReader.logDuplicates(
      elements.compactMap { element in
        guard case .object(let members) = element.node.value,
          let campaign = members.first(where: { $0.key == "campaign" }), case .string(let name) = campaign.value.value
        else { return nil }
        return (name, element)
      }, what: "Apple Ads campaign")
    return elements.compactMap { element in
      guard
        let object = element.object(keys: [
          "campaign", "reach", "tap", "view", "delay", "installAfterTap", "installAfterView",
        ])
      else { return nil }
      let campaign = object.required("campaign", "an Apple Ads campaign name")?
        .reference(to: appleAds.campaigns.map(\.name), what: "Apple Ads campaign")
      let reach = object.optional("reach")?.probability() ?? 1
      let tap = object.optional("tap")?.probability() ?? 0
      let view = object.optional("view")?.probability() ?? 0
      checkExclusive(element, ("tap", tap), ("view", view))
      if !object.has("tap"), !object.has("view") {
        element.error("give 'tap', 'view' or both: the probabilities that a reached user taps or only sees the ad")
      }
      let delay = object.required("delay", "time from the user's arrival to the tap or view")?
        .distribution(of: .duration)
      let afterTap = object.optional("installAfterTap")?.probability()
      let afterView = object.optional("installAfterView")?.probability()
      guard let campaign, let delay else { return nil }
      return CohortAppleAdsExposure(
        campaign: campaign, reach: reach, tap: tap, view: view, delay: delay, installAfterTap: afterTap,
        installAfterView: afterView)
    }
  }

  /// Logs two exclusive outcomes of one draw whose probabilities add up to more than 1.
  private func checkExclusive(
    _ reader: JSONReader, _ a: (key: String, value: Double), _ b: (key: String, value: Double)
  ) {
    if a.value + b.value > 1 {
      reader.error(
        "'\(a.key)' (\(a.value)) and '\(b.key)' (\(b.value)) are exclusive outcomes and add up to more than 1")
    }
  }

  private func readArrivals(_ reader: JSONReader) -> (from: SimDuration, to: SimDuration)? {
    guard let object = reader.object(keys: ["from", "to", "dayOfWeek", "daily"]),
      let from = object.required("from")?.instant(epoch: references.epoch),
      let to = object.required("to")?.instant(epoch: references.epoch)
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
    checkExclusive(reader, ("click", click), ("view", view))
    let delay = object.optional("delay").map { $0.distribution(of: .duration) } ?? .fixed(0)
    let viewDuration = object.optional("viewDuration").map { $0.distribution(of: .duration) }
      ?? .fixed(Double(SimDuration.seconds(10).milliseconds))
    guard let target, let delay, let viewDuration else { return nil }
    return CohortExposure(
      network: target.network, campaign: target.campaign, publisher: target.publisher, reach: reach,
      click: click, view: view, delay: delay, viewDuration: viewDuration)
  }

  private func readInstall(_ reader: JSONReader) -> InstallBehaviour? {
    guard
      let object = reader.object(keys: ["afterClick", "afterView", "organic", "delay", "redownload", "preOrder"])
    else { return nil }
    let afterClick = object.optional("afterClick")?.probability() ?? 0
    let afterView = object.optional("afterView")?.probability() ?? 0
    let organic = object.optional("organic")?.probability() ?? 0
    let delay = object.required("delay", "time from the ad to the install")?.distribution(of: .duration)
    let redownload = object.optional("redownload")?.probability() ?? 0
    // Drawn for first downloads only (a pre-order is never a redownload), so no sum to check.
    let preOrder = object.optional("preOrder")?.probability() ?? 0
    guard let delay else { return nil }
    return InstallBehaviour(
      afterClick: afterClick, afterView: afterView, organic: organic, delay: delay, redownload: redownload,
      preOrder: preOrder)
  }

  private func readLaunch(_ reader: JSONReader) -> LaunchBehaviour? {
    guard let object = reader.object(keys: ["probability", "delay"]) else { return nil }
    let probability = object.optional("probability")?.probability() ?? 1
    let delay = object.optional("delay").map { $0.distribution(of: .duration) }
      ?? .fixed(Double(SimDuration.minutes(10).milliseconds))
    return delay.map { LaunchBehaviour(probability: probability, delay: $0) }
  }

  private func readEvent(_ reader: JSONReader) -> CohortEvent? {
    guard let object = reader.object(keys: ["name", "perDay", "count", "per", "revenue", "revenueKind", "currency"])
    else { return nil }
    let name = object.required("name")?.nonEmptyString()
    // A counted event happens every active day unless `perDay` says otherwise.
    let perDay = object.has("count") && !object.has("perDay")
      ? [1] : object.required("perDay", "probability per active day").flatMap { $0.probabilities() }
    let count = object.optional("count")?.distribution(of: .amount)
    if object.has("count"), count == nil { return nil }
    let per = object.optional("per")?.oneOf(EventCountUnit.allCases.map(\.rawValue)).flatMap(EventCountUnit.init)
    if object.has("per"), !object.has("count") {
      object.optional("per")?.error("'per' says what 'count' is drawn for: add a 'count', or leave 'per' out")
    }
    let revenue = object.optional("revenue")?.distribution(of: .amount)
    let kind = object.optional("revenueKind")?.oneOf(["iap", "ad"]).flatMap(RevenueKind.init) ?? .inAppPurchase
    if object.has("revenue"), revenue == nil { return nil }
    guard let name, let perDay else { return nil }
    let currency = object.optional("currency").flatMap(SchemaReader.currencyCode)
    if object.has("currency"), currency == nil { return nil }
    return CohortEvent(
      name: name, perDay: perDay, revenue: revenue, revenueKind: kind, currency: currency ?? "USD", count: count,
      countPer: per ?? .day)
  }
}
