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
    // Postbacks 2 and 3 need (by default) an update during their window (§5.2), and tier 1 or
    // more, which the tier stage checks.
    if window > 0 {
      guard state.updated || scenario.rules.laterPostbacksWithoutUpdate else {
        summary.windowsWithoutPostback += 1
        trace(slot, at: now, .note, "§5.2", "no update during window \(window + 1): no postback")
        return
      }
    }
    if window > 0 {
      emit(.windowClosed(installTime: conversion.installTime, window: window, user: users[index]!.plan.name.description), slot: slot)
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
    users[index]!.conversion!.windows[window].postback = draft(
      of: conversion.winner, conversion: conversion, slot: slot, rank: nil, window: window,
      transactionId: ConversionRecordBuilder.transactionId(conversion, window: window))
    users[index]!.conversion!.windows[window].sendTime = sendTime
    users[index]!.pending += 1
    simulation.schedule(.send(slot: slot, window: Int8(window)), at: sendTime)
    guard window == 0 else { return }
    // Non-winning networks get only a first postback, on the winner's timing (§3.3).
    for (rank, runnerUp) in conversion.runnerUps.enumerated() {
      var stream = conversion.stream.child("runner-up-send-delay").child(rank)
      let time = now + sendDelay(in: range, using: &stream)
      users[index]!.conversion!.runnerUps[rank].postback = draft(
        of: runnerUp.impression, conversion: conversion, slot: slot, rank: rank, window: 0,
        transactionId: ConversionRecordBuilder.runnerUpTransactionId(conversion, rank: rank))
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

  private func draft(
    of impression: StoredImpression, conversion: Conversion, slot: Int32, rank: Int?, window: Int,
    transactionId: String
  ) -> PostbackDraft {
    let state = conversion.windows[window]
    let user = users[Int(slot)]!.plan
    return PostbackDraft(
      installTime: conversion.installTime, user: user.name.description, network: Int(impression.network),
      campaign: Int(impression.campaign), publisher: Int(impression.publisher), transactionId: transactionId,
      redownload: conversion.redownload, fidelityType: Int(impression.fidelityType), runnerUpRank: rank,
      window: window, fine: state.fine, coarse: state.coarse, country: user.country,
      preparedAt: clock)
  }

  /// Hands a winning postback to the tier stage at its send time.
  mutating func send(window: Int, slot: Int32, now: SimTime) {
    guard let postback = users[Int(slot)]!.conversion!.windows[window].postback else { return }
    emit(.postback(postback), slot: slot)
    users[Int(slot)]!.conversion!.windows[window].postback = nil
  }

  /// Hands a non-winning postback to the tier stage at its send time; it was prepared with the
  /// winner's first postback (§3.3).
  mutating func sendRunnerUp(_ rank: Int, slot: Int32, now: SimTime) {
    guard let postback = users[Int(slot)]!.conversion!.runnerUps[rank].postback else { return }
    emit(.postback(postback), slot: slot)
    users[Int(slot)]!.conversion!.runnerUps[rank].postback = nil
  }
}
