import SimEngine
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Impressions, installs, re-engagements and registration (rulebook §2, §3).
extension World {
  /// Shows an ad on the user's device. A tap on an AdAttributionKit ad once the app is installed
  /// is a re-engagement (§3.5) rather than an impression kept for an install.
  package mutating func record(_ exposure: AdExposure, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    record(exposure, slot: slot, at: simulation.now, in: &simulation)
  }

  /// ``record(_:slot:in:)`` at `now`, which may be ahead of the queue's clock for a user who
  /// does nothing else (``World/recordAllImpressions(slot:in:)``).
  package mutating func record(_ exposure: AdExposure, slot: Int32, at now: SimTime, in simulation: inout Simulation<WorldEvent>) {
    let network = scenario.adNetworks[exposure.network]
    let rules = adFrameworks[exposure.network]
    // [U] §2.4: handleTap fails once the AppImpression is older than its validity.
    if rules.expiresAppImpressions, exposure.kind == .click, exposure.presentation == .custom,
      exposure.impressionAge > scenario.rules.appImpressionValidity
    {
      let (age, validity) = (exposure.impressionAge, scenario.rules.appImpressionValidity)
      note(\.impressionsExpired, slot, at: now, .note, .appImpressionExpired(age: age, validity: validity))
      return
    }
    guard signatureVerifies(exposure, slot: slot, now: now) else {
      note(\.impressionsBadSignature, slot, at: now, .note, .signatureFails(network: network.identifier))
      return
    }
    if users[slot].installed, rules.reengagesInstalledApp {
      if exposure.kind == .click {
        reengage(exposure, slot: slot, in: &simulation)
        return
      }
      if network.campaigns[exposure.campaign].eligibleForReengagement {
        trace(slot, at: now, .note, .viewOfInstalledApp)
      }
    }
    let listed = publisherLists[exposure.publisher].contains(exposure.network)
    let (outcome, replaced, replacedViews) = users[slot].impressions.record(
      exposure, at: now, publisherListsNetwork: listed, minimumViewDuration: minimumViewDuration,
      replacement: scenario.rules.viewReplacement, lifetimes: impressionLifetimes[exposure.network])
    if replaced > 0 {
      // Replaced views were counted when they started; they are never recorded.
      summary.views -= replaced
      summary.viewsReplaced += replaced
      for view in replacedViews {
        summary.campaignDelivery.record(
          network: Int(view.network), campaign: Int(view.campaign), click: false, at: view.time, count: -1)
      }
      trace(slot, at: now, .note, .viewsReplaced(replaced))
    }
    switch outcome {
    case .accepted:
      if case .click = exposure.kind { summary.clicks += 1 } else { summary.views += 1 }
      summary.campaignDelivery.record(
        network: exposure.network, campaign: exposure.campaign, click: exposure.kind == .click, at: now)
    case .viewTooShort:
      let minimum = minimumViewDuration
      note(\.viewsTooShort, slot, at: now, .note, .viewTooShort(minimum: minimum))
    case .publisherDoesNotListNetwork:
      notListed(exposure, slot: slot, now: now)
    }
  }

  private mutating func notListed(_ exposure: AdExposure, slot: Int32, now: SimTime) {
    summary.impressionsIneligible += 1
    let network = scenario.adNetworks[exposure.network].identifier
    let publisher = scenario.publishers[exposure.publisher].name
    trace(slot, at: now, .note, .notListed(publisher: publisher, network: network))
  }

  /// Whether the device accepts the ad's signature (§7.3, §2.4). Cryptographically: the network
  /// signs the ad (SKAdNetwork fields in its version's order, or an AdAttributionKit JWS) and the
  /// device verifies it with the network's registered key; a bad signature is one made over
  /// fields altered before the ad reached the device. With `impressionCheck: flag` the
  /// exposure's flag decides, with the same outcome. With `tampered-only` (the default) only
  /// tampered ads are signed and verified, each with the nonce and bytes `cryptographic` gives
  /// it; an honest ad is accepted unchecked, since ECDSA's signature over the very fields the
  /// device checks, with the key its public half belongs to, always verifies.
  private mutating func signatureVerifies(_ exposure: AdExposure, slot: Int32, now: SimTime) -> Bool {
    guard !impressionSigners.isEmpty else { return exposure.signatureValid }
    let shown = Int(users[slot].adsShown)
    users[slot].adsShown += 1
    if exposure.signatureValid, !signsHonestImpressions { return true }
    var nonceStream = users[slot].plan.stream.child("ad-nonce").child(shown)
    let network = scenario.adNetworks[exposure.network]
    let campaign = network.campaigns[exposure.campaign]
    let nonce = UUIDText.version4(high: nonceStream.next(), low: nonceStream.next())
    let timestamp = scenario.epoch.unixMilliseconds(after: now.milliseconds)
    let served = ServedImpression(
      networkIdentifier: network.identifier, sourceIdentifier: campaign.sourceIdentifier, appId: scenario.app.appId,
      source: scenario.publishers[exposure.publisher].source, fidelityType: exposure.kind == .click ? 1 : 0,
      eligibleForReengagement: campaign.eligibleForReengagement, nonce: nonce, timestamp: timestamp,
      tampered: !exposure.signatureValid)
    return adFrameworks[exposure.network].impressionSignatureVerifies(served, signer: impressionSigners[exposure.network])
  }

  /// The app is installed: the best unexpired impression wins, other networks' best run up.
  /// With AdAttributionKit both frameworks' impressions are pooled (§3.6): ignored interaction
  /// types and development impressions beside production ones drop out, and at most six take
  /// part (§2.5, §3.1, §3.2).
  package mutating func install(slot: Int32, redownload: Bool, preOrder: Bool, in simulation: inout Simulation<WorldEvent>) {
    let now = simulation.now
    if let appleAds {
      appleAds.decideClaim(slot: slot, redownload: redownload, preOrder: preOrder, now: now, context: &self)
    }
    summary.installs += 1
    if redownload { summary.redownloads += 1 }
    users[slot].installed = true
    let pooled = scenario.usesAdAttributionKit ? pooledAttribution : nil
    guard
      let (winner, others) = users[slot].impressions.attribution(
        at: now, ranking: framework.ranking, tieBreak: scenario.rules.tieBreak,
        runnerUps: framework.sendsRunnerUpPostbacks, pooled: pooled)
    else {
      trace(slot, at: now, .note, .notAttributed)
      return
    }
    summary.attributedInstalls += 1
    users[slot].lastInstallConversion = now
    startConversion(
      winner: winner, runnerUps: others, type: redownload ? .redownload : .download, tag: nil, openURL: nil, slot: slot,
      now: now, stream: users[slot].plan.stream.child("conversion"))
  }

  /// The pooled attribution steps for this scenario's configuration.
  package var pooledAttribution: PooledAttribution {
    let configuration = scenario.app.attributionConfiguration
    let networks = scenario.adNetworks
    let publishers = scenario.publishers
    return PooledAttribution(
      ignored: { impression in
        configuration.ignores(impression.fidelityType == 1 ? .click : .view, network: networks[Int(impression.network)].identifier)
      },
      isDevelopment: { publishers[Int($0.publisher)].source == .app(0) })
  }

  /// Creates a conversion won by `winner`, and hands its crowd keys to the tier stage.
  private mutating func startConversion(
    winner: StoredImpression, runnerUps: [StoredImpression], type: ConversionType, tag: String?, openURL: String?,
    slot: Int32, now: SimTime, stream: RandomStream
  ) {
    let country = users[slot].plan.country
    let number = users[slot].conversions.count
    func facts(_ impression: StoredImpression) -> ConversionFacts {
      ConversionFacts(
        network: Int(impression.network), campaign: Int(impression.campaign), publisher: Int(impression.publisher),
        country: country, time: now)
    }
    // Tiers are decided after the world, once every user's installs are counted (§6).
    emit(.install(InstallDraft(winner: facts(winner), runnerUps: runnerUps.map(facts), conversion: number)), slot: slot)
    let windowCount = framework.windowCount
    // Copies of one zero: their arrays are shared until counted into, which most windows never are.
    let measurementWindows = Array(repeating: ConversionWindow(measures: layout.nothingMeasured), count: windowCount)
    users[slot].conversions.append(
      Conversion(
        number: number, type: type, winner: winner, runnerUps: runnerUps.map { RunnerUp(impression: $0) }, installTime: now,
        tag: tag, openURL: openURL,
        sinceInstall: layout.nothingMeasured,
        windows: measurementWindows, stream: stream))
  }

  /// A tap on an AdAttributionKit ad of the installed app (§3.5): the app opens with the ad's
  /// re-engagement URL, and a re-engagement conversion starts unless the impression is not
  /// eligible, a cooldown runs (§2.5) or a limit is reached. Without overlapping conversions,
  /// the conversions still active are locked and scheduled.
  private mutating func reengage(_ exposure: AdExposure, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let now = simulation.now
    guard publisherLists[exposure.publisher].contains(exposure.network) else {
      notListed(exposure, slot: slot, now: now)
      return
    }
    summary.reengagementTaps += 1
    guard framework.createsReengagementConversions,
      scenario.adNetworks[exposure.network].campaigns[exposure.campaign].eligibleForReengagement
    else {
      note(\.reengagementNotEligible, slot, at: now, .note, .notEligibleForReengagement)
      return
    }
    let number = users[slot].conversions.count
    var stream = users[slot].plan.stream.child("reengagement").child(number)
    // Overlapping conversions are told apart by the tag the open URL carries (§3.5, B7).
    let tag = scenario.app.overlappingConversions ? UUIDText.version4(high: stream.next(), low: stream.next()) : nil
    let openURL = exposure.reengagementURL.map { Self.openURL($0, tag: tag) }
    // The parameter is appended whether or not a conversion is created (§3.5).
    trace(slot, at: now, .note, .reengagementOpens(openURL))
    let refusal = ReengagementRefusal.deciding(
      at: now, lastInstallConversion: users[slot].lastInstallConversion, reengagements: users[slot].reengagements,
      configuration: scenario.app.attributionConfiguration, rules: scenario.rules,
      developerMode: scenario.platform.developerMode)
    if let refusal {
      let counter: WritableKeyPath<RunSummary, Int> =
        switch refusal {
        case .installCooldown: \.refusedInstallCooldown
        case .reengagementCooldown: \.refusedReengagementCooldown
        case .monthlyLimit: \.refusedMonthlyLimit
        case .yearlyLimit: \.refusedYearlyLimit
        }
      note(counter, slot, at: now, .note, refusal.note)
    } else {
      if !scenario.app.overlappingConversions {
        for conversion in users[slot].conversions.indices where isActive(conversion, slot: slot, now: now) {
          supersede(conversion, slot: slot, in: &simulation)
        }
      }
      let impression = StoredImpression(
        network: Int32(exposure.network), campaign: Int32(exposure.campaign), publisher: Int32(exposure.publisher),
        fidelityType: 1, time: now, expires: now, sequence: 0)
      summary.reengagementConversions += 1
      users[slot].reengagements.append(now)
      startConversion(
        winner: impression, runnerUps: [], type: .reengagement, tag: tag, openURL: openURL, slot: slot, now: now,
        stream: stream.child("conversion"))
    }
    // The tap opened the app: a session, and the first launch if it had never been opened.
    open(slot: slot, in: &simulation)
  }

  /// `url` with the `AdAttributionKitReengagementOpen` query parameter, whose value is the
  /// conversion tag when conversions overlap (§3.5, B7).
  package static func openURL(_ url: String, tag: String?) -> String {
    let (base, fragment) = url.firstIndex(of: "#").map { (String(url[..<$0]), String(url[$0...])) } ?? (url, "")
    let separator = base.contains("?") ? "&" : "?"
    return base + separator + "AdAttributionKitReengagementOpen=" + (tag ?? "") + fragment
  }

  /// A newer conversion takes over (§3.5): this one's open window is locked and its postback
  /// scheduled; its later windows are replaced and never sent. One not yet registered is dropped.
  private mutating func supersede(_ conversion: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let now = simulation.now
    users[conversion, of: slot].superseded = true
    summary.conversionsSuperseded += 1
    guard users[conversion, of: slot].windowStart != nil, let window = currentWindow(conversion, slot: slot, now: now)
    else {
      users[conversion, of: slot].dropReason = "replaced by a newer conversion before its first update"
      trace(slot, at: now, .note, .replacedBeforeFirstUpdate(conversion: conversion))
      return
    }
    let later = users[conversion, of: slot].windows.count - window - 1
    summary.windowsSuperseded += later
    trace(slot, at: now, .note, .newConversionLocks(window: window, conversion: conversion, laterWindows: later))
    users[conversion, of: slot].windows[window].locked = true
    close(window: window, of: conversion, slot: slot, in: &simulation)
  }

  /// The app opens (a launch, or a re-engagement tap): a session, and on the first open the
  /// registration of the install conversion.
  package mutating func open(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    summary.sessions += 1
    if users[slot].launched {
      logInApp(slot, .session, name: InAppEventRecord.sessionName)
    } else {
      logInApp(slot, .firstOpen, name: InAppEventRecord.firstOpenName)
      users[slot].launched = true
      summary.firstLaunches += 1
      register(slot: slot, in: &simulation)
      if let clientSDK { clientSDK.register(slot: slot, now: simulation.now, context: &self) }
      if let appleAds { appleAds.requestToken(slot: slot, context: &self, in: &simulation) }
    }
    measure(slot: slot, session: true, in: &simulation) { $0.sessions += 1 }
    sdkActivity(.session, slot: slot, in: &simulation)
  }

  /// First launch: the install registers with conversion value 0 (rulebook §4 "Registration"),
  /// if within 60 days of install (§2.2). 4.0 and AdAttributionKit start window 1 (§5.2);
  /// earlier versions start the 24-hour value timer (§5.1).
  package mutating func register(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    guard let conversion = users[slot].conversions.firstIndex(where: { $0.type != .reengagement }),
      !users[conversion, of: slot].superseded
    else { return }
    let now = simulation.now
    if now - users[conversion, of: slot].installTime > .days(60) {
      users[conversion, of: slot].dropReason = "no first launch within 60 days of install"
      note(\.noLaunchWithin60Days, slot, at: now, .note, .noLaunchWithin60Days)
      return
    }
    users[conversion, of: slot].windows[0].fine = 0
    users[conversion, of: slot].windows[0].appFine = 0
    summary.updateCalls += 1
    summary.updatesApplied += 1
    startWindows(conversion, slot: slot, in: &simulation)
  }

  /// Starts a conversion's window clock now: three windows (4.0, AdAttributionKit), or the
  /// value timer before 4.0.
  package mutating func startWindows(_ conversion: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let now = simulation.now
    users[conversion, of: slot].windowStart = now
    users[conversion, of: slot].windows[0].updated = true
    switch framework.windowClock(windows) {
    case .windows(let ends):
      for (window, end) in ends.enumerated() {
        schedule(
          .windowEnd(slot: slot, conversion: Int16(conversion), window: Int8(window)), for: slot, at: now + end,
          priority: .first, in: &simulation)
      }
    case .valueTimer:
      restartTimer(conversion, slot: slot, in: &simulation)
    }
  }

  /// 2.2/3.0: (re)starts the conversion-value timer; an earlier expiry event becomes stale.
  package mutating func restartTimer(_ conversion: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let deadline = simulation.now + windows.valueTimer
    users[conversion, of: slot].timerDeadline = deadline
    schedule(
      .windowEnd(slot: slot, conversion: Int16(conversion), window: 0), for: slot, at: deadline, priority: .first,
      in: &simulation)
  }
}
