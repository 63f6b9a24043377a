import SimEngine

/// Impressions, installs and registration (rulebook §2, §3).
extension World {
  /// Shows an ad on the user's device.
  mutating func record(_ exposure: AdExposure, slot: Int32, now: SimTime) {
    let index = Int(slot)
    guard signatureVerifies(exposure, slot: slot, now: now) else {
      summary.impressionsBadSignature += 1
      let network = scenario.adNetworks[exposure.network].identifier
      trace(slot, at: now, .note, "§7.3", "the ad's signature does not verify with \(network)'s key: impression ignored")
      return
    }
    let listed = publisherLists[exposure.publisher].contains(exposure.network)
    let (outcome, replaced) = users[index]!.impressions.record(
      exposure, at: now, publisherListsNetwork: listed, minimumViewDuration: minimumViewDuration,
      replacement: scenario.rules.viewReplacement)
    if replaced > 0 {
      // Replaced views were counted when they started; they are never recorded.
      summary.views -= replaced
      summary.viewsReplaced += replaced
      trace(slot, at: now, .note, "§2.3", "a new view-through start replaced \(replaced) open view(s) before they ended")
    }
    switch outcome {
    case .accepted:
      if case .click = exposure.kind { summary.clicks += 1 } else { summary.views += 1 }
    case .viewTooShort:
      summary.viewsTooShort += 1
      let minimum = minimumViewDuration
      trace(slot, at: now, .note, "§2.3", "view-through impression shorter than \(minimum): not recorded")
    case .publisherDoesNotListNetwork:
      summary.impressionsIneligible += 1
      let network = scenario.adNetworks[exposure.network].identifier
      let publisher = scenario.publishers[exposure.publisher].name
      trace(slot, at: now, .note, "§3.1", "publisher '\(publisher)' does not list \(network): impression not eligible")
    }
  }

  /// Whether the device accepts the ad's signature (§7.3). Cryptographically: the network signs
  /// the ad's fields in its version's order and the device verifies them with the network's
  /// registered key; a bad signature is one made over fields altered before the ad reached the
  /// device. With `impressionCheck: flag` the exposure's flag decides, with the same outcome.
  private mutating func signatureVerifies(_ exposure: AdExposure, slot: Int32, now: SimTime) -> Bool {
    guard !impressionSigners.isEmpty else { return exposure.signatureValid }
    let index = Int(slot)
    var nonceStream = users[index]!.plan.stream.child("ad-nonce").child(Int(users[index]!.adsShown))
    users[index]!.adsShown += 1
    let network = scenario.adNetworks[exposure.network]
    let served = ImpressionSignature(
      version: version.rawValue, adNetworkId: network.identifier,
      sourceIdentifier: Int64(network.campaigns[exposure.campaign].sourceIdentifier), itemId: scenario.app.appId,
      nonce: UUIDText.version4(high: nonceStream.next(), low: nonceStream.next()),
      source: scenario.publishers[exposure.publisher].source, fidelityType: exposure.kind == .click ? 1 : 0,
      timestamp: scenario.epoch.unixMilliseconds + now.milliseconds, signature: "")
    let signer = impressionSigners[exposure.network]
    var received = signer.signed(served)
    if !exposure.signatureValid {
      received.timestamp += 1
    }
    return received.verifies(with: signer.publicKey)
  }

  /// The app is installed: the best unexpired impression wins, other networks' best run up.
  mutating func install(slot: Int32, redownload: Bool, now: SimTime) {
    let index = Int(slot)
    summary.installs += 1
    if redownload { summary.redownloads += 1 }
    guard
      let (winner, others) = users[index]!.impressions.attribution(
        at: now, ranking: .for(version), tieBreak: scenario.rules.tieBreak, runnerUps: version.sendsRunnerUpPostbacks)
    else {
      trace(slot, at: now, .note, "§3.2", "install without an eligible unexpired impression: not attributed")
      return
    }
    summary.attributedInstalls += 1
    let country = users[index]!.plan.country
    func facts(_ impression: StoredImpression) -> ConversionFacts {
      ConversionFacts(
        network: Int(impression.network), campaign: Int(impression.campaign), publisher: Int(impression.publisher),
        country: country, time: now)
    }
    // Tiers are decided after the world, once every user's installs are counted (§6).
    emit(.install(InstallDraft(winner: facts(winner), runnerUps: others.map(facts))), slot: slot)
    let runnerUps = others.map { RunnerUp(impression: $0) }
    let windowCount = version.hasConversionWindows ? 3 : 1
    let measurementWindows = (0..<windowCount).map { _ in
      ConversionWindow(measures: Measures(eventCount: trackedEvents.count, currencyCount: currencies.count))
    }
    users[index]!.conversion = Conversion(
      winner: winner, runnerUps: runnerUps, installTime: now, redownload: redownload,
      sinceInstall: Measures(eventCount: trackedEvents.count, currencyCount: currencies.count),
      windows: measurementWindows, stream: users[index]!.plan.stream.child("conversion"))
  }

  /// First launch: the install registers with conversion value 0 (rulebook §4 "Registration"),
  /// if within 60 days of install (§2.2). 4.0 starts window 1 (§5.2); earlier versions start
  /// the 24-hour value timer (§5.1).
  mutating func register(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let index = Int(slot)
    guard let conversion = users[index]!.conversion else { return }
    let now = simulation.now
    if now - conversion.installTime > .days(60) {
      users[index]!.conversion!.dropReason = "no first launch within 60 days of install"
      summary.noLaunchWithin60Days += 1
      trace(slot, at: now, .note, "§2.2", "first launch more than 60 days after install: no attribution")
      return
    }
    users[index]!.conversion!.windowStart = now
    users[index]!.conversion!.windows[0].fine = 0
    users[index]!.conversion!.windows[0].appFine = 0
    users[index]!.conversion!.windows[0].updated = true
    summary.updateCalls += 1
    summary.updatesApplied += 1
    if version.hasConversionWindows {
      for (window, end) in windows.windowEnds.enumerated() {
        users[index]!.pending += 1
        simulation.schedule(.windowEnd(slot: slot, window: Int8(window)), at: now + end, priority: .first)
      }
    } else {
      restartTimer(slot: slot, in: &simulation)
    }
  }

  /// 2.2/3.0: (re)starts the conversion-value timer; an earlier expiry event becomes stale.
  mutating func restartTimer(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let deadline = simulation.now + windows.valueTimer
    users[Int(slot)]!.conversion!.timerDeadline = deadline
    users[Int(slot)]!.pending += 1
    simulation.schedule(.windowEnd(slot: slot, window: 0), at: deadline, priority: .first)
  }
}
