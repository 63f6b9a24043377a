import SimEngine
import SimModel

/// Draws cohort users' plans from the cohort's description.
///
/// Every user's draws come from their own stream (`seed › cohort › name › index`), split into
/// child streams by purpose (arrival, each exposure, install, each day of activity), and every
/// child always makes the same draws in the same order whatever the outcome. So changing one
/// probability, or adding a user, a campaign or a day, changes no other draw: sweep points stay
/// comparable (common random numbers).
package final class CohortBehaviour {
  package let cohort: Cohort
  package let cohortStream: RandomStream
  private let exposureLabels: [StreamLabel]
  /// For each exposure, the share of its ads whose signature fails (its network's setting).
  private let invalidSignatureShares: [Double]
  private let eventLabels: [StreamLabel]
  /// The scenario's Apple Ads campaigns, and a stream label for each of the cohort's Apple Ads.
  private let appleAdsCampaigns: [AppleAdsCampaign]
  private let appleAdsLabels: [StreamLabel]
  /// For each exposure, its campaign's flight (nil: always running).
  private let exposureFlights: [CampaignFlight?]
  /// Arrival offsets from the period's start and the cumulative weight up to each, when the
  /// cohort's arrivals are seasonal.
  private let arrivalTable: [(offset: Int64, length: Int64, weight: Double, cumulative: Double)]?
  /// The subscription's steps, when the cohort subscribes.
  private let subscription: SubscriptionLifecycle?
  /// When the cohort's users resample logged timelines: the logged users of each pool (a
  /// country, an install source, or both) that has any.
  private let loggedPools: [LoggedPool: [Int32]]

  // Stream names, hashed once.
  private static let arrivalLabel = StreamLabel("arrival")
  private static let countryLabel = StreamLabel("country")
  private static let exposureLabel = StreamLabel("exposure")
  private static let organicLabel = StreamLabel("organic")
  private static let installLabel = StreamLabel("install")
  private static let lifeLabel = StreamLabel("life")
  private static let firstLaunchLabel = StreamLabel("first-launch")
  private static let dayLabel = StreamLabel("day")
  private static let sessionsLabel = StreamLabel("sessions")
  private static let signatureLabel = StreamLabel("signature")
  private static let reengagementLabel = StreamLabel("reengagement")
  private static let appleAdsLabel = StreamLabel("apple-ads")
  private static let trackingLabel = StreamLabel("tracking")
  private static let subscriptionLabel = StreamLabel("subscription")
  private static let adsLabel = StreamLabel("ads")
  private static let countLabel = StreamLabel("count")
  private static let logLabel = StreamLabel("log")

  package init(cohort: Cohort, scenario: Scenario, root: RandomStream) {
    self.cohort = cohort
    cohortStream = root.child("cohort").child(cohort.name)
    exposureLabels = cohort.exposures.map { exposure in
      let network = scenario.adNetworks[exposure.network]
      return StreamLabel(
        "\(network.name)/\(network.campaigns[exposure.campaign].name)/\(scenario.publishers[exposure.publisher].name)")
    }
    eventLabels = cohort.events.map { StreamLabel("event/\($0.name)") }
    invalidSignatureShares = cohort.exposures.map { scenario.adNetworks[$0.network].invalidSignatureShare }
    appleAdsCampaigns = scenario.appleAds?.campaigns ?? []
    appleAdsLabels = cohort.appleAds.map { [appleAdsCampaigns] in StreamLabel(appleAdsCampaigns[$0.campaign].name) }
    exposureFlights = cohort.exposures.map { scenario.adNetworks[$0.network].campaigns[$0.campaign].flight }
    arrivalTable = cohort.seasonality.map { Self.arrivalTable(cohort, $0, epoch: scenario.epoch) }
    subscription = cohort.subscription.map { SubscriptionLifecycle(subscription: $0, epoch: scenario.epoch) }
    loggedPools = cohort.log.map(LoggedPool.pools) ?? [:]
  }

  /// The arrival period cut at UTC midnights, each piece weighted by its day's seasonality and
  /// its length, with running totals for inverse-transform sampling.
  private static func arrivalTable(
    _ cohort: Cohort, _ seasonality: ArrivalSeasonality, epoch: Epoch
  ) -> [(offset: Int64, length: Int64, weight: Double, cumulative: Double)] {
    let day: Int64 = 86_400_000
    let start = epoch.unixMilliseconds(after: cohort.arrivalStart.milliseconds)
    let end = start + cohort.arrivalSpread.milliseconds
    var table: [(offset: Int64, length: Int64, weight: Double, cumulative: Double)] = []
    var total = 0.0
    var pieceStart = start
    var index = 0
    while pieceStart < end {
      let unixDay = pieceStart >= 0 ? pieceStart / day : (pieceStart - day + 1) / day
      let pieceEnd = min((unixDay + 1) * day, end)
      // 1970-01-01 was a Thursday: Monday is 0.
      let weekday = Int(((unixDay + 3) % 7 + 7) % 7)
      let weight = seasonality.weight(day: index, weekday: weekday) * Double(pieceEnd - pieceStart)
      total += weight
      table.append((pieceStart - start, pieceEnd - pieceStart, weight, total))
      pieceStart = pieceEnd
      index += 1
    }
    return table
  }

  package func userStream(_ index: Int) -> RandomStream { cohortStream.child(index) }

  /// When user `index` becomes reachable.
  package func arrival(of index: Int) -> SimTime {
    var stream = userStream(index).child(Self.arrivalLabel)
    guard let table = arrivalTable, let total = table.last?.cumulative, total > 0 else {
      let offset = Double(cohort.arrivalSpread.milliseconds) * stream.nextUnit()
      return SimTime.zero + cohort.arrivalStart + .milliseconds(Int64(offset))
    }
    // The same single draw, read through the seasonal weights.
    let target = total * stream.nextUnit()
    var low = 0
    var high = table.count - 1
    while low < high {
      let middle = (low + high) / 2
      if table[middle].cumulative <= target { low = middle + 1 } else { high = middle }
    }
    let piece = table[low]
    let before = piece.cumulative - piece.weight
    let within = piece.weight > 0 ? min(max((target - before) / piece.weight, 0), 1) : 0
    let offset = piece.offset + min(Int64(Double(piece.length) * within), piece.length - 1)
    return SimTime.zero + cohort.arrivalStart + .milliseconds(offset)
  }

  /// The plan of user `index`, who arrives at `arrival`: everything up to the first launch drawn
  /// now, the days after it as the run reaches them (``UserPlan``).
  package func plan(of index: Int, arrival: SimTime) -> UserPlan {
    let user = userStream(index)
    var countryStream = user.child(Self.countryLabel)
    var country = cohort.country.sample(using: &countryStream)
    // A replayed user keeps their logged country where the log names one.
    if let log = cohort.log, log.use == .replay, index < log.users.count, let logged = log.users.country(of: index) { country = logged }
    var actions: [TimedAction] = []
    // When the user installs, and the ad (or none) that led to it: a logged life may depend on it.
    var install: (at: SimTime, source: LogSourceMapping.Source)?
    var days: ActivityDays?

    // Derived once: every exposure's stream is a child of it (the same streams, one hash fewer each).
    let exposureStreams = user.child(Self.exposureLabel)
    for (number, (exposure, label)) in zip(cohort.exposures, exposureLabels).enumerated() {
      // Draw order is fixed: reach, delay, kind, view duration, conversion, install delay.
      // Values not needed are skipped, not computed, which keeps the stream aligned.
      var stream = exposureStreams.child(label)
      guard stream.nextUnit() < exposure.reach else { continue }
      let time = arrival + CohortBehaviour.duration(exposure.delay, &stream)
      // Outside its campaign's flight the ad is not shown (its stream is its own: nothing shifts).
      if let flight = exposureFlights[number], !flight.contains(time - .zero) { continue }
      let kindDraw = stream.nextUnit()
      let kind: AdExposure.Kind
      let installProbability: Double
      if kindDraw < exposure.click {
        Distribution.skip(using: &stream)
        kind = .click
        installProbability = cohort.install.afterClick
      } else if kindDraw < exposure.click + exposure.view {
        kind = .view(duration: CohortBehaviour.duration(exposure.viewDuration, &stream))
        installProbability = cohort.install.afterView
      } else {
        continue
      }
      let convertDraw = stream.nextUnit()
      // Its own child stream, drawn only when the network has faults: other draws stay aligned.
      var signatureValid = true
      if invalidSignatureShares[number] > 0 {
        var signatureStream = exposureStreams.child(label).child(Self.signatureLabel)
        signatureValid = signatureStream.nextUnit() >= invalidSignatureShares[number]
      }
      actions.append(
        TimedAction(
          at: time - .zero,
          action: .impression(
            AdExposure(
              network: exposure.network, campaign: exposure.campaign, publisher: exposure.publisher, kind: kind,
              signatureValid: signatureValid))))
      if convertDraw < installProbability {
        // A view-through ad can only lead to an install once it has been seen.
        let seen = if case .view(let duration) = kind { time + duration } else { time }
        let candidate = seen + CohortBehaviour.duration(cohort.install.delay, &stream)
        Self.keepEarliest(candidate, .campaign(network: exposure.network, campaign: exposure.campaign), in: &install)
      }
    }

    appendAppleAds(arrival: arrival, country: country, user: user, to: &actions, install: &install)

    var organicStream = user.child(Self.organicLabel)
    if organicStream.nextUnit() < cohort.install.organic {
      let organicTime = arrival + CohortBehaviour.duration(cohort.install.delay, &organicStream)
      Self.keepEarliest(organicTime, .organic, in: &install)
    }

    if let (installAt, source) = install {
      var installStream = user.child(Self.installLabel)
      let redownload = installStream.nextUnit() < cohort.install.redownload
      // Drawn after the redownload, so adding pre-orders leaves redownloads as they were.
      let preOrder = !redownload && installStream.nextUnit() < cohort.install.preOrder
      actions.append(TimedAction(at: installAt - .zero, action: .install(redownload: redownload, preOrder: preOrder)))
      days = appendActivity(
        after: installAt, user: index, country: country, source: source, stream: user.child(Self.lifeLabel), to: &actions)
    }
    var trackingAuthorized = false
    if cohort.trackingConsent > 0 {
      var trackingStream = user.child(Self.trackingLabel)
      trackingAuthorized = trackingStream.nextUnit() < cohort.trackingConsent
    }
    return UserPlan(
      name: UserName(base: cohort.name, index: index), country: country, actions: Self.stableSorted(actions), days: days,
      stream: user, trackingAuthorized: trackingAuthorized)
  }

  /// Actions in time order; ties keep their order (an impression and an install at the same
  /// millisecond stay in that order).
  static func stableSorted(_ actions: [TimedAction]) -> [TimedAction] {
    actions.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
  }

  /// Apple Ads taps and views before install (§8), each campaign from its own child stream with a
  /// fixed draw order (reach, delay, kind, ad group, keyword, ad, conversion, install delay), so
  /// adding one changes no other draw. Users in storefronts a campaign does not run in are not reached.
  private func appendAppleAds(
    arrival: SimTime, country: String, user: RandomStream, to actions: inout [TimedAction],
    install: inout (at: SimTime, source: LogSourceMapping.Source)?
  ) {
    for (exposure, label) in zip(cohort.appleAds, appleAdsLabels) {
      let campaign = appleAdsCampaigns[exposure.campaign]
      var stream = user.child(Self.appleAdsLabel).child(label)
      guard stream.nextUnit() < exposure.reach, campaign.runs(in: country) else { continue }
      let time = arrival + CohortBehaviour.duration(exposure.delay, &stream)
      let kindDraw = stream.nextUnit()
      let (groupDraw, keywordDraw, adDraw) = (stream.nextUnit(), stream.nextUnit(), stream.nextUnit())
      let convertDraw = stream.nextUnit()
      let kind: AppleAdsInteraction.Kind
      let installProbability: Double
      if kindDraw < exposure.tap {
        kind = .tap
        installProbability = exposure.installAfterTap ?? cohort.install.afterClick
      } else if kindDraw < exposure.tap + exposure.view {
        kind = .view
        installProbability = exposure.installAfterView ?? cohort.install.afterView
      } else {
        continue
      }
      let adGroupIndex = Self.pick(groupDraw, among: campaign.adGroups.count)!
      let adGroup = campaign.adGroups[adGroupIndex]
      // Search match is one more way in beside the keywords; taps through it have no keyword.
      let keyword = Self.pick(keywordDraw, among: adGroup.keywords.count + (adGroup.searchMatch ? 1 : 0))
        .flatMap { $0 < adGroup.keywords.count ? $0 : nil }
      actions.append(
        TimedAction(
          at: time - .zero,
          action: .appleAds(
            AppleAdsInteraction(
              campaign: exposure.campaign, adGroup: adGroupIndex, keyword: keyword,
              ad: Self.pick(adDraw, among: adGroup.ads.count), kind: kind))))
      if convertDraw < installProbability {
        let candidate = time + CohortBehaviour.duration(cohort.install.delay, &stream)
        Self.keepEarliest(candidate, .appleAds, in: &install)
      }
    }
  }

  /// The user installs after the first ad (or organic moment) that converts.
  private static func keepEarliest(
    _ candidate: SimTime, _ source: LogSourceMapping.Source, in install: inout (at: SimTime, source: LogSourceMapping.Source)?
  ) {
    if install.map({ candidate < $0.at }) ?? true { install = (candidate, source) }
  }

  /// The index a unit draw picks among `count` equally likely choices; nil when there are none.
  package static func pick(_ draw: Double, among count: Int) -> Int? {
    count == 0 ? nil : min(Int(draw * Double(count)), count - 1)
  }

  /// Re-engagements after install, and the days of activity from the first launch, to be drawn
  /// as the run reaches them; nil when the user never opens the app. A subscription needs every
  /// session to know when the app next opens, so its users' days are drawn now.
  private func appendActivity(
    after install: SimTime, user index: Int, country: String, source: LogSourceMapping.Source, stream: RandomStream,
    to actions: inout [TimedAction]
  ) -> ActivityDays? {
    var launchStream = stream.child(Self.firstLaunchLabel)
    let launches = launchStream.nextUnit() < cohort.firstLaunch.probability
    let firstLaunch = install + CohortBehaviour.duration(cohort.firstLaunch.delay, &launchStream)
    guard launches else { return nil }
    appendReengagements(after: firstLaunch, stream: stream.child(Self.reengagementLabel), to: &actions)
    if let log = cohort.log {
      var logStream = stream.child(Self.logLabel)
      guard let logged = loggedUser(for: index, country: country, source: source, log: log, stream: &logStream) else {
        actions.append(TimedAction(at: firstLaunch - .zero, action: .launch))
        return nil
      }
      // Day d holds the events from d to d + 1 days after the launch; the horizon's last day included.
      return ActivityDays(
        behaviour: self, stream: stream.child(Self.dayLabel), firstLaunch: firstLaunch, dayCount: log.source.horizonDays + 1,
        logged: logged)
    }
    let days = ActivityDays(
      behaviour: self, stream: stream.child(Self.dayLabel), firstLaunch: firstLaunch, dayCount: max(cohort.activeDays, 1))
    guard let subscription else { return days }
    var allSessions: [SimTime] = []
    for day in 0..<days.dayCount {
      allSessions += appendDay(day, of: days, country: country, to: &actions)
    }
    appendSubscription(
      subscription, firstLaunch: firstLaunch, sessions: allSessions, until: days.firstLaunch + .days(1) * Int64(days.dayCount),
      stream: stream.child(Self.subscriptionLabel), to: &actions)
    return nil
  }

  /// The logged user whose timeline user `index` lives: the same index on replay, else one drawn
  /// from the narrowest pool the log fills (``LoggedPool/candidates(source:country:stratified:)``);
  /// nil when the log has no such user (replay past its end, an empty log), who then only
  /// launches the app.
  private func loggedUser(
    for index: Int, country: String, source: LogSourceMapping.Source, log: CohortLog, stream: inout RandomStream
  ) -> Int? {
    let draw = stream.nextUnit()
    switch log.use {
    case .replay:
      return index < log.users.count ? index : nil
    case .resample(let stratified):
      let mapped = log.sources.isEmpty ? nil : source
      for pool in LoggedPool.candidates(source: mapped, country: country, stratified: stratified) {
        if let candidates = loggedPools[pool] { return Self.pick(draw, among: candidates.count).map { Int(candidates[$0]) } }
      }
      return Self.pick(draw, among: log.users.count)
    }
  }

  /// The logged events of day `dayIndex` of `days` as actions, shifted to the user's first launch,
  /// which starts day 0. A session at the launch's instant is the launch itself.
  private func appendLoggedDay(_ dayIndex: Int, of days: ActivityDays, logged: Int, to actions: inout [TimedAction]) {
    guard let log = cohort.log else { return }
    let users = log.users
    if dayIndex == 0 { actions.append(TimedAction(at: days.firstLaunch - .zero, action: .launch)) }
    let all = users.eventIndices(of: logged)
    let dayStart = SimDuration.days(1) * Int64(dayIndex)
    let first = users.firstIndex(in: all, atOrAfter: dayStart)
    let end = users.firstIndex(in: first..<all.upperBound, atOrAfter: dayStart + .days(1))
    for index in first..<end {
      let event = users.event(index)
      let at = (days.firstLaunch + event.offset) - SimTime.zero
      let name = users.eventNames[event.name]
      switch event.kind {
      case .firstLaunch: continue
      case .session:
        if event.offset > .zero { actions.append(TimedAction(at: at, action: .launch)) }
      case .purchase:
        actions.append(TimedAction(at: at, action: .event(name: name, revenue: event.revenue, currency: users.currency)))
      case .adRevenue:
        actions.append(TimedAction(at: at, action: .event(name: name, revenue: nil)))
        if event.revenue != 0 {
          actions.append(TimedAction(at: at, action: .revenue(amount: event.revenue, kind: .ad, currency: users.currency)))
        }
      case .event:
        actions.append(TimedAction(at: at, action: .event(name: name, revenue: nil)))
      }
    }
  }

  /// Sessions and events of day `dayIndex` of `days`, from the day's own child stream; returns
  /// its sessions (none when the user does not come back that day).
  @discardableResult
  func appendDay(_ dayIndex: Int, of days: ActivityDays, country: String, to actions: inout [TimedAction]) -> [SimTime] {
    if let logged = days.logged {
      appendLoggedDay(dayIndex, of: days, logged: logged, to: &actions)
      return []
    }
    let day = SimDuration.days(1)
    var dayStream = days.stream.child(dayIndex)
    let activeDraw = dayStream.nextUnit()
    let dayStart = days.firstLaunch + day * Int64(dayIndex)
    let sessionCount = Int(
      Self.bounded(cohort.sessionsPerActiveDay.sample(using: &dayStream), 1...Double(Self.maximumSessionsPerDay))
        .rounded())
    if dayIndex > 0 {
      let retention = cohort.retention[min(dayIndex - 1, cohort.retention.count - 1)]
      guard activeDraw < retention else { return [] }
    }
    var sessions: [SimTime] = dayIndex == 0 ? [days.firstLaunch] : []
    var sessionStream = dayStream.child(Self.sessionsLabel)
    while sessions.count < sessionCount {
      sessions.append(dayStart + .milliseconds(Int64(Double(day.milliseconds) * sessionStream.nextUnit())))
    }
    sessions.sort()
    for session in sessions { actions.append(TimedAction(at: session - .zero, action: .launch)) }
    if let ads = cohort.adRevenue, let ecpm = ads.ecpm(in: country) {
      appendAdRevenue(ads, ecpm: ecpm, sessions: sessions, stream: dayStream.child(Self.adsLabel), to: &actions)
    }
    for (event, label) in zip(cohort.events, eventLabels) {
      if let count = event.count {
        appendCounted(
          event, count: count, dayIndex: dayIndex, sessions: sessions, stream: dayStream.child(label), to: &actions)
        continue
      }
      var eventStream = dayStream.child(label)
      let occursDraw = eventStream.nextUnit()
      let sessionDraw = eventStream.nextUnit()
      let offset = SimDuration.milliseconds(Int64(600_000 * eventStream.nextUnit()))
      let revenue = event.revenue?.sample(using: &eventStream)
      guard occursDraw < event.perDay[min(dayIndex, event.perDay.count - 1)] else { continue }
      // Events happen within a session, up to ten minutes after it starts.
      let session = sessions[min(Int(sessionDraw * Double(sessions.count)), sessions.count - 1)]
      appendEvent(event, at: (session + offset) - SimTime.zero, revenue: revenue, to: &actions)
    }
    return sessions
  }

  /// An event drawn as a count: on a day it happens at all (its `perDay` probability), `count`
  /// occurrences per day or per session, each within ten minutes of its session's start and with
  /// its own revenue. Draws: whether, then per unit (the day, or each session) the count, then
  /// per occurrence session, offset and revenue.
  private func appendCounted(
    _ event: CohortEvent, count: Distribution, dayIndex: Int, sessions: [SimTime], stream: RandomStream,
    to actions: inout [TimedAction]
  ) {
    var eventStream = stream
    guard eventStream.nextUnit() < event.perDay[min(dayIndex, event.perDay.count - 1)] else { return }
    let units = event.countPer == .day ? 1 : sessions.count
    for unit in 0..<units {
      var unitStream = stream.child(Self.countLabel).child(unit)
      let occurrences = Int(Self.bounded(count.sample(using: &unitStream), 0...Double(Self.maximumOccurrences)).rounded())
      for _ in 0..<occurrences {
        let sessionDraw = unitStream.nextUnit()
        let offset = SimDuration.milliseconds(Int64(600_000 * unitStream.nextUnit()))
        let revenue = event.revenue?.sample(using: &unitStream)
        let session = event.countPer == .day
          ? sessions[min(Int(sessionDraw * Double(sessions.count)), sessions.count - 1)] : sessions[unit]
        appendEvent(event, at: (session + offset) - SimTime.zero, revenue: revenue, to: &actions)
      }
    }
  }

  /// Ad revenue of each session: impressions times the session's eCPM, per thousand, accrued
  /// within ten minutes of the session's start. Draws per session: impressions, eCPM, offset.
  private func appendAdRevenue(
    _ ads: CohortAdRevenue, ecpm: Distribution, sessions: [SimTime], stream: RandomStream,
    to actions: inout [TimedAction]
  ) {
    var adStream = stream
    for session in sessions {
      let impressions = Self.bounded(ads.impressionsPerSession.sample(using: &adStream), 0...Double(Self.maximumOccurrences))
        .rounded()
      let price = Self.bounded(ecpm.sample(using: &adStream), 0...Self.maximumRevenue)
      let offset = SimDuration.milliseconds(Int64(600_000 * adStream.nextUnit()))
      // Ad networks report to a millionth of the currency unit: cents would lose single impressions.
      let amount = (min(impressions * price / 1_000, Self.maximumRevenue) * 1_000_000).rounded() / 1_000_000
      guard amount > 0 else { continue }
      actions.append(TimedAction(at: (session + offset) - .zero, action: .revenue(amount: amount, kind: .ad, currency: ads.currency)))
    }
  }

  /// The subscription, for users who start it: in the first session from the start delay on.
  private func appendSubscription(
    _ lifecycle: SubscriptionLifecycle, firstLaunch: SimTime, sessions: [SimTime], until: SimTime,
    stream: RandomStream, to actions: inout [TimedAction]
  ) {
    var startStream = stream
    let startDraw = startStream.nextUnit()
    let earliest = firstLaunch + CohortBehaviour.duration(lifecycle.subscription.startDelay, &startStream)
    guard startDraw < lifecycle.subscription.start,
      let session = sessions.first(where: { $0 >= earliest })
    else { return }
    actions += lifecycle.actions(start: session, sessions: sessions, until: until, stream: stream)
  }

  /// Re-engagement taps after the first launch, each followed by a first day's events within ten
  /// minutes. Each campaign draws from its own child stream, in a fixed order, so adding one
  /// changes no other draw.
  private func appendReengagements(after firstLaunch: SimTime, stream: RandomStream, to actions: inout [TimedAction]) {
    for (number, reengagement) in cohort.reengagements.enumerated() {
      var tapStream = stream.child(number)
      guard tapStream.nextUnit() < reengagement.reach else { continue }
      let tap = firstLaunch + CohortBehaviour.duration(reengagement.delay, &tapStream)
      actions.append(
        TimedAction(
          at: tap - .zero,
          action: .impression(
            AdExposure(
              network: reengagement.network, campaign: reengagement.campaign, publisher: reengagement.publisher,
              kind: .click, reengagementURL: reengagement.url))))
      for (event, label) in zip(cohort.events, eventLabels) {
        var eventStream = tapStream.child(label)
        let occursDraw = eventStream.nextUnit()
        let offset = SimDuration.milliseconds(Int64(600_000 * eventStream.nextUnit()))
        let revenue = event.revenue?.sample(using: &eventStream)
        guard occursDraw < event.perDay[0] else { continue }
        appendEvent(event, at: (tap + offset) - .zero, revenue: revenue, to: &actions)
      }
    }
  }

  /// An event with its revenue in whole cents, as stores charge; ad revenue is recorded beside
  /// the event.
  private func appendEvent(_ event: CohortEvent, at time: SimDuration, revenue: Double?, to actions: inout [TimedAction]) {
    let amount = revenue.map { (Self.bounded($0, 0...Self.maximumRevenue) * 100).rounded() / 100 }
    switch event.revenueKind {
    case .inAppPurchase:
      actions.append(TimedAction(at: time, action: .event(name: event.name, revenue: amount, currency: event.currency)))
    case .ad:
      actions.append(TimedAction(at: time, action: .event(name: event.name, revenue: nil)))
      if let amount { actions.append(TimedAction(at: time, action: .revenue(amount: amount, kind: .ad, currency: event.currency))) }
    }
  }

  /// A duration sample from a distribution in milliseconds, within 0 and ``maximumDelay``.
  package static func duration(_ distribution: Distribution, _ stream: inout RandomStream) -> SimDuration {
    let milliseconds = bounded(distribution.sample(using: &stream), 0...Double(maximumDelay.milliseconds))
    return .milliseconds(Int64(milliseconds.rounded()))
  }

  // Heavy-tailed distributions (a lognormal with a large sigma) can draw values that overflow
  // integer time or counts, or are infinite; samples are clamped to these documented bounds.

  /// The longest delay a duration distribution can produce: 100 years.
  package static let maximumDelay = SimDuration.days(36_500)
  /// The most sessions an active day can have.
  package static let maximumSessionsPerDay = 1_000
  /// The most occurrences one count draw (an event's, or a session's ad impressions) can give.
  package static let maximumOccurrences = 1_000
  /// The largest revenue one event can bring, in USD.
  package static let maximumRevenue = 1e9

  /// `value` clamped to `range`; NaN becomes the lower bound.
  package static func bounded(_ value: Double, _ range: ClosedRange<Double>) -> Double {
    value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
  }
}
