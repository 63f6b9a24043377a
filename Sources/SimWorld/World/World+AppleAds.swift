import SimBehaviour
import SimEngine
import SimJSON
import SimModel
import SimPlatform

/// Apple Ads interactions, Apple's attribution of downloads, and the advertiser's server
/// exchanging the AdServices token with Apple's attribution API (rulebook §8).
extension World {
  /// A tap on or view of an Apple Ads ad: Apple records it against the user. A tap is also a click
  /// of the network standing for Apple Ads, when the scenario links one (§1, §8, C3 [U]).
  package mutating func interact(_ interaction: AppleAdsInteraction, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    guard let appleAds = scenario.appleAds else { return }
    let now = simulation.now
    if interaction.kind == .tap { summary.appleAds.taps += 1 } else { summary.appleAds.views += 1 }
    // The download's claim is decided already; AdServices attributes downloads only.
    guard !users[slot].installed else {
      trace(slot, at: now, .note, .appleAdsAfterInstall(interaction.kind.rawValue))
      return
    }
    users[slot].appleAdsInteractions.append((interaction, now))
    // Apple Ads' network ads are click-only (C3 [U]).
    guard interaction.kind == .tap, let link = appleAds.adNetwork,
      let campaign = link.placementCampaigns[appleAds.campaigns[interaction.campaign].supplyPlacement]
    else { return }
    summary.appleAds.networkClicks += 1
    // App Store ads are rendered by the App Store, like StoreKit-rendered ads.
    record(
      AdExposure(network: link.network, campaign: campaign, publisher: link.publisher, kind: .click, presentation: .storeKit),
      slot: slot, in: &simulation)
  }

  /// At download, Apple decides which Apple Ads interaction, if any, the download is attributed
  /// to: the latest tap in the lookback, else the latest view (§8).
  package mutating func decideAdServicesClaim(slot: Int32, redownload: Bool, preOrder: Bool, now: SimTime) {
    guard let appleAds = scenario.appleAds else { return }
    let claim = AdServicesClaim.decide(users[slot].appleAdsInteractions, install: now, preOrder: preOrder)
    // A user installs once: the interactions are not needed again while the user stays in memory.
    users[slot].appleAdsInteractions = []
    let type: AdServicesConversionType = preOrder ? .preOrder : (redownload ? .redownload : .download)
    users[slot].adServices = AdServicesSession(claim: claim, conversionType: type)
    guard let claim else {
      summary.appleAds.downloadsNotClaimed += 1
      return
    }
    let campaign = appleAds.campaigns[claim.interaction.campaign]
    let kind = claim.isTap ? "tap" : "view"
    if campaign.ageOrGenderTargeting {
      note(\.appleAds.downloadsWithheldForTargeting, slot, at: now, .note, .appleAdsTargeted(kind, campaign: campaign.name))
    } else {
      note(\.appleAds.downloadsClaimed, slot, at: now, .note, .appleAdsClaims(type.rawValue, kind: kind, campaign: campaign.name))
    }
  }

  /// First launch: the app gets its attribution token, valid 24 hours, and sends it to its
  /// server, which makes its first call after the configured delay (§8).
  package mutating func requestAttributionToken(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    guard let appleAds = scenario.appleAds, users[slot].adServices != nil else { return }
    let now = simulation.now
    // Draw order is fixed: validity, record delay, first-call delay.
    var stream = users[slot].plan.stream.child("adservices")
    let valid = stream.nextUnit() >= appleAds.api.invalidTokenShare
    let ready = now + CohortBehaviour.duration(appleAds.api.recordDelay, &stream)
    let firstCall = now + CohortBehaviour.duration(appleAds.server.firstCallDelay, &stream)
    users[slot].adServices!.token = AdServicesToken(created: now, valid: valid, recordReady: ready)
    summary.appleAds.tokensRequested += 1
    users[slot].pending += 1
    simulation.schedule(.adServicesCall(slot: slot), at: firstCall)
  }

  /// The advertiser's server calls Apple's attribution API with the user's token and acts on the
  /// answer as Apple advises (§8): a 404 is retried every 5 seconds, by default at most 3
  /// retries in a row (four calls); a 500 is retried later; a 400 ends the exchange.
  package mutating func callAttributionAPI(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    guard let appleAds = scenario.appleAds, var session = users[slot].adServices, let token = session.token else {
      return
    }
    let now = simulation.now
    session.calls += 1
    var draws = users[slot].plan.stream.child("adservices-call").child(session.calls)
    let answer = AttributionAPI(settings: appleAds.api).answer(token, at: now, draws: &draws)
    summary.appleAds.calls += 1
    if session.calls > 1 { summary.appleAds.retries += 1 }
    var next = AdServicesExchange.Next.giveUp
    var record: JSONValue?
    var retryAt: SimTime?
    switch answer {
    case .record:
      summary.appleAds.status200 += 1
      next = .done
      record = receiveRecord(&session, appleAds: appleAds, slot: slot)
    case .invalidToken:
      summary.appleAds.status400 += 1
      summary.appleAds.gaveUpInvalidToken += 1
    case .notFound(let why):
      summary.appleAds.status404 += 1
      session.notFoundInRow += 1
      if session.notFoundInRow <= appleAds.server.notFoundRetries {
        next = .retry
        retryAt = now + AppleAds.notFoundRetryInterval
      } else if why == .expired {
        summary.appleAds.gaveUpExpired += 1
      } else {
        summary.appleAds.gaveUpNotFound += 1
      }
    case .unavailable:
      summary.appleAds.status500 += 1
      session.notFoundInRow = 0
      if session.unavailableRetries < appleAds.server.unavailableRetries {
        session.unavailableRetries += 1
        next = .retry
        retryAt = now + appleAds.server.unavailableRetryDelay
      } else {
        summary.appleAds.gaveUpUnavailable += 1
      }
    }
    // Lost to expiry: given up on once past its 24 hours, whatever the last answer (a 500
    // during a long outage too).
    if next == .giveUp, now - token.created > AppleAds.tokenLifetime { summary.appleAds.tokensLostToExpiry += 1 }
    users[slot].adServices = session
    if let retryAt {
      users[slot].pending += 1
      simulation.schedule(.adServicesCall(slot: slot), at: retryAt)
    }
    emit(
      .adServices(
        AdServicesExchange(
          time: now, user: users[slot].plan.name.description, attempt: session.calls, tokenAge: now - token.created,
          status: answer.status, reason: answer.reason, next: next, record: record)),
      slot: slot)
  }

  /// The record a 200 carries, counted from what Apple decided at download. In Developer Mode
  /// it is Apple's fixed test record, which says nothing of the user: counted as a record only.
  private mutating func receiveRecord(_ session: inout AdServicesSession, appleAds: AppleAds, slot: Int32) -> JSONValue {
    let user = users[slot].plan
    summary.appleAds.records += 1
    guard !scenario.platform.developerMode else { return AdServicesRecord.developmentRecord }
    let record = AdServicesRecord.json(
      claim: session.claim, appleAds: appleAds, conversionType: session.conversionType, country: user.country,
      detailed: user.trackingAuthorized, iosVersion: scenario.platform.iosVersion, epoch: scenario.epoch)
    guard let claim = session.claim, !appleAds.campaigns[claim.interaction.campaign].ageOrGenderTargeting else {
      return record
    }
    session.attributed = true
    summary.appleAds.recordsAttributed += 1
    if user.trackingAuthorized { summary.appleAds.recordsDetailed += 1 }
    if claim.isTap { summary.appleAds.recordsClick += 1 } else { summary.appleAds.recordsImpression += 1 }
    switch session.conversionType {
    case .download: summary.appleAds.recordsDownload += 1
    case .redownload: summary.appleAds.recordsRedownload += 1
    case .preOrder: summary.appleAds.recordsPreOrder += 1
    }
    summary.appleAds.countRecord(in: appleAds.campaigns[claim.interaction.campaign].supplyPlacement)
    return record
  }

  /// Counts who claimed the user's install once nothing more can happen to them: an attributed
  /// AdServices record, a winning network postback (a registered install conversion), or both.
  package mutating func countInstallClaims(slot: Int32) {
    guard let appleAds = scenario.appleAds, let session = users[slot].adServices else { return }
    let install = users[slot].conversions.first { $0.type != .reengagement && $0.windowStart != nil }
    if session.attributed { summary.appleAds.claimedByAdServices += 1 }
    guard let install else { return }
    summary.appleAds.claimedByNetworks += 1
    guard session.attributed else { return }
    summary.appleAds.claimedByBoth += 1
    if let link = appleAds.adNetwork, Int(install.winner.network) == link.network { summary.appleAds.claimedByBothAppleAds += 1 }
  }
}
