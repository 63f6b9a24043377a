import SimEngine
import SimPlatform
import SimRecords

/// Closing windows and sending postbacks (rulebook §3.3, §5, §6, §7).
extension World {
  /// A window's scheduled end (4.0), or a possible expiry of the value timer (2.2/3.0): an
  /// expiry that a later increase has moved is stale and does nothing, and so is the end of a
  /// window a newer conversion replaced (§3.5).
  package mutating func windowEnds(_ window: Int, of conversion: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let state = users[conversion, of: slot]
    guard state.windows[window].closedAt == nil, !state.superseded else { return }
    if framework.windowEndIsStale(timerDeadline: state.timerDeadline, at: simulation.now) { return }
    close(window: window, of: conversion, slot: slot, in: &simulation)
  }

  /// Closes a window by lock, end or timer and prepares its postback with a random send delay;
  /// the first window's close also prepares the non-winning postbacks.
  package mutating func close(window: Int, of conversion: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let now = simulation.now
    users[conversion, of: slot].windows[window].closedAt = now
    let state = users[conversion, of: slot]
    let current = state.windows[window]
    // Postbacks 2 and 3 need (by default) an update during their window (§5.2), and tier 1 or
    // more, which the tier stage checks.
    if window > 0 {
      guard current.updated || scenario.rules.laterPostbacksWithoutUpdate else {
        note(\.windowsWithoutPostback, slot, at: now, .note, .noUpdateInWindow(window))
        return
      }
      emit(
        .windowClosed(
          installTime: state.installTime, window: window, user: users[slot].plan.name.description,
          conversion: state.number),
        slot: slot)
    }
    let range = framework.sendDelay(
      window: window, in: windows,
      legacyPageFirstDelay: scenario.rules.legacyFirstPostbackDelay == .legacyPage && current.calledLegacyAPI
        && !current.calledCurrentAPI)
    var delayStream = state.stream.child("send-delay").child(window)
    let sendTime = now + sendDelay(in: range, using: &delayStream)
    users[conversion, of: slot].windows[window].postback = draft(
      of: state.winner, conversion: state, slot: slot, rank: nil, window: window,
      transactionId: ConversionRecordBuilder.transactionId(state, window: window))
    users[conversion, of: slot].windows[window].sendTime = sendTime
    schedule(.send(slot: slot, conversion: Int16(conversion), window: Int8(window)), for: slot, at: sendTime, in: &simulation)
    guard window == 0 else { return }
    // Non-winning networks get only a first postback, on the winner's timing (§3.3).
    for (rank, runnerUp) in state.runnerUps.enumerated() {
      var stream = state.stream.child("runner-up-send-delay").child(rank)
      let time = now + sendDelay(in: range, using: &stream)
      users[conversion, of: slot].runnerUps[rank].postback = draft(
        of: runnerUp.impression, conversion: state, slot: slot, rank: rank, window: 0,
        transactionId: ConversionRecordBuilder.runnerUpTransactionId(state, rank: rank))
      users[conversion, of: slot].runnerUps[rank].sendTime = time
      schedule(
        .sendRunnerUp(slot: slot, conversion: Int16(conversion), index: Int8(rank)), for: slot, at: time, in: &simulation)
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
    let user = users[slot].plan
    return PostbackDraft(
      installTime: conversion.installTime, user: user.name.description, network: Int(impression.network),
      campaign: Int(impression.campaign), publisher: Int(impression.publisher), transactionId: transactionId,
      redownload: conversion.redownload, fidelityType: Int(impression.fidelityType), runnerUpRank: rank,
      window: window, fine: state.fine, coarse: state.coarse, country: user.country,
      preparedAt: clock, conversion: conversion.number, conversionType: conversion.type)
  }

  /// Hands a winning postback to the tier stage at its send time.
  package mutating func send(window: Int, of conversion: Int, slot: Int32, now: SimTime) {
    guard let postback = users[conversion, of: slot].windows[window].postback else { return }
    emit(.postback(postback), slot: slot)
    users[conversion, of: slot].windows[window].postback = nil
  }

  /// Hands a non-winning postback to the tier stage at its send time; it was prepared with the
  /// winner's first postback (§3.3).
  package mutating func sendRunnerUp(_ rank: Int, of conversion: Int, slot: Int32, now: SimTime) {
    guard let postback = users[conversion, of: slot].runnerUps[rank].postback else { return }
    emit(.postback(postback), slot: slot)
    users[conversion, of: slot].runnerUps[rank].postback = nil
  }
}
