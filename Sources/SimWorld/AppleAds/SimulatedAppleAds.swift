import SimBehaviour
import SimEngine
import SimJSON
import SimModel
import SimPlatform

/// Apple Ads in the world (rulebook §8): its taps and views, Apple's attribution of downloads,
/// and the advertiser's server exchanging the AdServices token with Apple's attribution API.
///
/// The world holds one, in scenarios with Apple Ads, and hands itself in as the
/// ``AppleAdsContext``. Each user's interactions and AdServices session live with the user
/// (``ActiveUser/appleAdsInteractions``, ``ActiveUser/adServices``), released with them.
package struct SimulatedAppleAds {
  /// The scenario's Apple Ads: campaigns, the linked network, Apple's API and the server.
  package let settings: AppleAds
  /// Whether the device is in Developer Mode: Apple's API then answers with its test record.
  private let developerMode: Bool
  private let iosVersion: OSVersion
  private let epoch: Epoch

  /// `scenario`'s Apple Ads, nil when it has none.
  package init?(scenario: Scenario) {
    guard let settings = scenario.appleAds else { return nil }
    self.settings = settings
    developerMode = scenario.platform.developerMode
    iosVersion = scenario.platform.iosVersion
    epoch = scenario.epoch
  }

  /// A tap on or view of an Apple Ads ad: Apple records it against the user. A tap is also a click
  /// of the network standing for Apple Ads, when the scenario links one (§1, §8, C3 [U]).
  package func interact(
    _ interaction: AppleAdsInteraction, slot: Int32, context: inout some AppleAdsContext, in simulation: inout Simulation<WorldEvent>
  ) {
    let now = simulation.now
    if interaction.kind == .tap { context.summary.appleAds.taps += 1 } else { context.summary.appleAds.views += 1 }
    // The download's claim is decided already; AdServices attributes downloads only.
    guard !context.users[slot].installed else {
      context.trace(slot, at: now, .note, .appleAdsAfterInstall(interaction.kind.rawValue))
      return
    }
    context.users[slot].appleAdsInteractions.append((interaction, now))
    // Apple Ads' network ads are click-only (C3 [U]).
    guard interaction.kind == .tap, let link = settings.adNetwork,
      let campaign = link.placementCampaigns[settings.campaigns[interaction.campaign].supplyPlacement]
    else { return }
    context.summary.appleAds.networkClicks += 1
    // App Store ads are rendered by the App Store, like StoreKit-rendered ads.
    context.record(
      AdExposure(network: link.network, campaign: campaign, publisher: link.publisher, kind: .click, presentation: .storeKit),
      slot: slot, in: &simulation)
  }

  /// At download, Apple decides which Apple Ads interaction, if any, the download is attributed
  /// to: the latest tap in the lookback, else the latest view (§8).
  package func decideClaim(slot: Int32, redownload: Bool, preOrder: Bool, now: SimTime, context: inout some AppleAdsContext) {
    let claim = AdServicesClaim.decide(context.users[slot].appleAdsInteractions, install: now, preOrder: preOrder)
    // A user installs once: the interactions are not needed again while the user stays in memory.
    context.users[slot].appleAdsInteractions = []
    let type: AdServicesConversionType = preOrder ? .preOrder : (redownload ? .redownload : .download)
    context.users[slot].adServices = AdServicesSession(claim: claim, conversionType: type)
    guard let claim else {
      context.summary.appleAds.downloadsNotClaimed += 1
      return
    }
    let campaign = settings.campaigns[claim.interaction.campaign]
    let kind = claim.isTap ? "tap" : "view"
    if campaign.ageOrGenderTargeting {
      context.note(\.appleAds.downloadsWithheldForTargeting, slot, at: now, .note, .appleAdsTargeted(kind, campaign: campaign.name))
    } else {
      context.note(\.appleAds.downloadsClaimed, slot, at: now, .note, .appleAdsClaims(type.rawValue, kind: kind, campaign: campaign.name))
    }
  }

  /// First launch: the app gets its attribution token, valid 24 hours, and sends it to its
  /// server, which makes its first call after the configured delay (§8).
  package func requestToken(slot: Int32, context: inout some AppleAdsContext, in simulation: inout Simulation<WorldEvent>) {
    guard context.users[slot].adServices != nil else { return }
    let now = simulation.now
    // Draw order is fixed: validity, record delay, first-call delay.
    var stream = context.users[slot].plan.stream.child("adservices")
    let valid = stream.nextUnit() >= settings.api.invalidTokenShare
    let ready = now + CohortBehaviour.duration(settings.api.recordDelay, &stream)
    let firstCall = now + CohortBehaviour.duration(settings.server.firstCallDelay, &stream)
    context.users[slot].adServices!.token = AdServicesToken(created: now, valid: valid, recordReady: ready)
    context.summary.appleAds.tokensRequested += 1
    context.schedule(.adServicesCall(slot: slot), for: slot, at: firstCall, in: &simulation)
  }

  /// The advertiser's server calls Apple's attribution API with the user's token and acts on the
  /// answer as Apple advises (§8): a 404 is retried every 5 seconds, by default at most 3
  /// retries in a row (four calls); a 500 is retried later; a 400 ends the exchange.
  package func callAttributionAPI(slot: Int32, context: inout some AppleAdsContext, in simulation: inout Simulation<WorldEvent>) {
    guard var session = context.users[slot].adServices, let token = session.token else { return }
    let now = simulation.now
    session.calls += 1
    var draws = context.users[slot].plan.stream.child("adservices-call").child(session.calls)
    let answer = AttributionAPI(settings: settings.api).answer(token, at: now, draws: &draws)
    context.summary.appleAds.calls += 1
    if session.calls > 1 { context.summary.appleAds.retries += 1 }
    var next = AdServicesExchange.Next.giveUp
    var record: JSONValue?
    var retryAt: SimTime?
    switch answer {
    case .record:
      context.summary.appleAds.status200 += 1
      next = .done
      record = receiveRecord(&session, slot: slot, context: &context)
    case .invalidToken:
      context.summary.appleAds.status400 += 1
      context.summary.appleAds.gaveUpInvalidToken += 1
    case .notFound(let why):
      context.summary.appleAds.status404 += 1
      session.notFoundInRow += 1
      if session.notFoundInRow <= settings.server.notFoundRetries {
        next = .retry
        retryAt = now + AppleAds.notFoundRetryInterval
      } else if why == .expired {
        context.summary.appleAds.gaveUpExpired += 1
      } else {
        context.summary.appleAds.gaveUpNotFound += 1
      }
    case .unavailable:
      context.summary.appleAds.status500 += 1
      session.notFoundInRow = 0
      if session.unavailableRetries < settings.server.unavailableRetries {
        session.unavailableRetries += 1
        next = .retry
        retryAt = now + settings.server.unavailableRetryDelay
      } else {
        context.summary.appleAds.gaveUpUnavailable += 1
      }
    }
    // Lost to expiry: given up on once past its 24 hours, whatever the last answer (a 500
    // during a long outage too).
    if next == .giveUp, now - token.created > AppleAds.tokenLifetime { context.summary.appleAds.tokensLostToExpiry += 1 }
    context.users[slot].adServices = session
    if let retryAt { context.schedule(.adServicesCall(slot: slot), for: slot, at: retryAt, in: &simulation) }
    context.emit(
      .adServices(
        AdServicesExchange(
          time: now, user: context.users[slot].plan.name.description, attempt: session.calls, tokenAge: now - token.created,
          status: answer.status, reason: answer.reason, next: next, record: record)),
      slot: slot)
  }

  /// The record a 200 carries, counted from what Apple decided at download. In Developer Mode
  /// it is Apple's fixed test record, which says nothing of the user: counted as a record only.
  private func receiveRecord(_ session: inout AdServicesSession, slot: Int32, context: inout some AppleAdsContext) -> JSONValue {
    let user = context.users[slot].plan
    context.summary.appleAds.records += 1
    guard !developerMode else { return AdServicesRecord.developmentRecord }
    let record = AdServicesRecord.json(
      claim: session.claim, appleAds: settings, conversionType: session.conversionType, country: user.country,
      detailed: user.trackingAuthorized, iosVersion: iosVersion, epoch: epoch)
    guard let claim = session.claim, !settings.campaigns[claim.interaction.campaign].ageOrGenderTargeting else {
      return record
    }
    session.attributed = true
    context.summary.appleAds.recordsAttributed += 1
    if user.trackingAuthorized { context.summary.appleAds.recordsDetailed += 1 }
    if claim.isTap { context.summary.appleAds.recordsClick += 1 } else { context.summary.appleAds.recordsImpression += 1 }
    switch session.conversionType {
    case .download: context.summary.appleAds.recordsDownload += 1
    case .redownload: context.summary.appleAds.recordsRedownload += 1
    case .preOrder: context.summary.appleAds.recordsPreOrder += 1
    }
    context.summary.appleAds.countRecord(in: settings.campaigns[claim.interaction.campaign].supplyPlacement)
    return record
  }

  /// Counts who claimed the user's install once nothing more can happen to them: an attributed
  /// AdServices record, a winning network postback (a registered install conversion), or both.
  package func countInstallClaims(slot: Int32, context: inout some AppleAdsContext) {
    guard let session = context.users[slot].adServices else { return }
    let install = context.users[slot].conversions.first { $0.type != .reengagement && $0.windowStart != nil }
    if session.attributed { context.summary.appleAds.claimedByAdServices += 1 }
    guard let install else { return }
    context.summary.appleAds.claimedByNetworks += 1
    guard session.attributed else { return }
    context.summary.appleAds.claimedByBoth += 1
    if let link = settings.adNetwork, Int(install.winner.network) == link.network { context.summary.appleAds.claimedByBothAppleAds += 1 }
  }
}
