import SimEngine

/// Closing windows and sending postbacks (rulebook §3.3, §5, §6, §7).
extension World {
  /// A window's scheduled end (4.0), or a possible expiry of the value timer (2.2/3.0): an
  /// expiry that a later increase has moved is stale and does nothing.
  mutating func windowEnds(_ window: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    guard users[Int(slot)]!.conversion?.windows[window].closedAt == nil else { return }
    if !version.hasConversionWindows, users[Int(slot)]!.conversion!.timerDeadline != simulation.now { return }
    close(window: window, slot: slot, in: &simulation)
  }

  /// Closes a window by lock, end or timer and prepares its postback with a random send delay;
  /// the first window's close also prepares the non-winning postbacks.
  mutating func close(window: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let index = Int(slot)
    let now = simulation.now
    users[index]!.conversion!.windows[window].closedAt = now
    let conversion = users[index]!.conversion!
    let state = conversion.windows[window]
    // Postbacks 2 and 3 need tier 1 or more and (by default) an update during their window (§5.2).
    if window > 0 {
      guard conversion.tier.tier >= 1 else {
        summary.windowsWithoutPostback += 1
        trace(slot, at: now, .note, "§6", "tier 0: no postback for window \(window + 1)")
        return
      }
      guard state.updated || scenario.rules.laterPostbacksWithoutUpdate else {
        summary.windowsWithoutPostback += 1
        trace(slot, at: now, .note, "§5.2", "no update during window \(window + 1): no postback")
        return
      }
    }
    var range = version.hasConversionWindows ? windows.sendDelays[window] : windows.timerSendDelay
    // [D] §5.2: the old API's page gives 0–24 h for 4.0 ads; a setting, default 24–48 h.
    if window == 0, version.hasConversionWindows, scenario.rules.legacyFirstPostbackDelay == .legacyPage,
      state.calledLegacyAPI, !state.calledCurrentAPI
    {
      range = windows.timerSendDelay
    }
    var delayStream = conversion.stream.child("send-delay").child(window)
    let sendTime = now + sendDelay(in: range, using: &delayStream)
    users[index]!.conversion!.windows[window].postback = SKAdNetworkPostback(
      facts(
        of: conversion.winner, conversion: conversion, slot: slot, didWin: true, window: window, tier: conversion.tier,
        transactionId: ConversionRecordBuilder.transactionId(conversion, window: window)))
    users[index]!.conversion!.windows[window].sendTime = sendTime
    users[index]!.pending += 1
    simulation.schedule(.send(slot: slot, window: Int8(window)), at: sendTime)
    guard window == 0 else { return }
    // Non-winning networks get only a first postback, on the winner's timing (§3.3).
    for (rank, runnerUp) in conversion.runnerUps.enumerated() {
      var stream = conversion.stream.child("runner-up-send-delay").child(rank)
      let time = now + sendDelay(in: range, using: &stream)
      users[index]!.conversion!.runnerUps[rank].postback = SKAdNetworkPostback(
        facts(
          of: runnerUp.impression, conversion: conversion, slot: slot, didWin: false, window: 0, tier: runnerUp.tier,
          transactionId: ConversionRecordBuilder.runnerUpTransactionId(conversion, rank: rank)))
      users[index]!.conversion!.runnerUps[rank].sendTime = time
      users[index]!.pending += 1
      simulation.schedule(.sendRunnerUp(slot: slot, index: Int8(rank)), at: time)
    }
  }

  /// A delay in `range` (ms) placed by the scenario's delay shape: uniform unless set (§5.2 [U]).
  private func sendDelay(in range: ClosedRange<Int64>, using stream: inout RandomStream) -> SimDuration {
    let position = min(max(scenario.rules.sendDelayShape.sample(using: &stream), 0), 1)
    let span = Double(range.upperBound - range.lowerBound)
    return .milliseconds(range.lowerBound + Int64((position * span).rounded()))
  }

  private func facts(
    of impression: StoredImpression, conversion: Conversion, slot: Int32, didWin: Bool, window: Int,
    tier: TierDecision, transactionId: String
  ) -> SKAdNetworkPostback.Facts {
    let network = scenario.adNetworks[Int(impression.network)]
    let state = conversion.windows[window]
    return SKAdNetworkPostback.Facts(
      version: version, networkIdentifier: network.identifier,
      sourceIdentifier: network.campaigns[Int(impression.campaign)].sourceIdentifier, appId: scenario.app.appId,
      transactionId: transactionId, redownload: conversion.redownload,
      source: scenario.publishers[Int(impression.publisher)].source, fidelityType: Int(impression.fidelityType),
      didWin: didWin, sequenceIndex: window, tier: tier, fine: state.fine, coarse: state.coarse,
      country: users[Int(slot)]!.plan.country, rules: scenario.rules)
  }

  /// Sends a winning postback signed by the simulated Apple (§7.2), and its developer copy at
  /// the same time (§7.6).
  mutating func send(window: Int, slot: Int32, now: SimTime) {
    guard let postback = users[Int(slot)]!.conversion!.windows[window].postback,
      let closed = users[Int(slot)]!.conversion!.windows[window].closedAt
    else { return }
    let content = postback.content
    summary.postbacks[window][content == .fine ? 0 : content == .coarse ? 1 : 2] += 1
    var record = PostbackRecord(
      time: now, recipient: .adNetwork, payload: postbackSigner.signed(postback.payload),
      user: users[Int(slot)]!.plan.name.description, content: content, sequenceIndex: window, didWin: true,
      preparedAt: closed)
    sink.receive(record)
    if sendsDeveloperCopies {
      record.recipient = .developer
      summary.developerCopies += 1
      sink.receive(record)
    }
    users[Int(slot)]!.conversion!.windows[window].postback = nil
  }

  /// Sends a signed non-winning postback; developers get no copy of these (§7.6).
  mutating func sendRunnerUp(_ rank: Int, slot: Int32, now: SimTime) {
    guard let postback = users[Int(slot)]!.conversion!.runnerUps[rank].postback,
      let closed = users[Int(slot)]!.conversion!.windows[0].closedAt
    else { return }
    summary.nonWinningPostbacks += 1
    sink.receive(
      PostbackRecord(
        time: now, recipient: .adNetwork, payload: postbackSigner.signed(postback.payload),
        user: users[Int(slot)]!.plan.name.description, content: postback.content, sequenceIndex: 0, didWin: false,
        preparedAt: closed))
    users[Int(slot)]!.conversion!.runnerUps[rank].postback = nil
  }
}
