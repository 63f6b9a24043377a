import SimEngine
import SimModel
import SimPlatform

/// Conversion-value updates: the app's model, a second SDK, and the platform's rules for each
/// call (rulebook §3.5, §4, §5.1, §5.2).
extension World {
  /// A re-engagement conversion's first update must come within this long of the tap (§2.2, §3.5).
  package static let reengagementFirstUpdateLimit = SimDuration.days(2)

  /// The window an update at `now` lands in: by elapsed time for 4.0; before 4.0 the single
  /// window. Nil before the window clock starts and after the last window.
  package func currentWindow(_ conversion: Int, slot: Int32, now: SimTime) -> Int? {
    guard let start = users[conversion, of: slot].windowStart else { return nil }
    return framework.window(at: now - start, in: windows)
  }

  /// Whether a conversion still takes updates: not superseded or dropped, and with a window open,
  /// or a re-engagement awaiting its first update (§3.5).
  package func isActive(_ conversion: Int, slot: Int32, now: SimTime) -> Bool {
    // Field by field: a copy of the conversion would retain and release all its arrays.
    guard !users[conversion, of: slot].superseded, users[conversion, of: slot].dropReason == nil else { return false }
    if users[conversion, of: slot].windowStart != nil { return currentWindow(conversion, slot: slot, now: now) != nil }
    return users[conversion, of: slot].type == .reengagement
      && now - users[conversion, of: slot].installTime <= Self.reengagementFirstUpdateLimit
  }

  /// Adds an activity to every active conversion's measurements, then lets the app's model and
  /// the second SDK update each. A session also counts its day as active.
  package mutating func measure(
    slot: Int32, session: Bool = false, in simulation: inout Simulation<WorldEvent>, _ change: (inout Measures) -> Void
  ) {
    for conversion in users[slot].conversions.indices where isActive(conversion, slot: slot, now: simulation.now) {
      measure(conversion, slot: slot, session: session, in: &simulation, change)
    }
  }

  /// One conversion's share of an activity. A re-engagement awaiting its first update counts the
  /// activity in window 1; the app's update then starts its windows.
  private mutating func measure(
    _ conversion: Int, slot: Int32, session: Bool, in simulation: inout Simulation<WorldEvent>,
    _ change: (inout Measures) -> Void
  ) {
    let now = simulation.now
    let pendingStart = users[conversion, of: slot].windowStart == nil
    guard let window = pendingStart ? 0 : currentWindow(conversion, slot: slot, now: now) else { return }
    let start = users[conversion, of: slot].windowStart ?? now
    // The ground truth counts every activity, also after a lock or the value timer.
    change(&users[conversion, of: slot].windows[window].measures)
    change(&users[conversion, of: slot].sinceInstall)
    if session {
      let day = (now - start).milliseconds / 86_400_000
      // A day counts once in each window it touches, and once since install.
      if users[conversion, of: slot].windows[window].lastActiveDay != day {
        users[conversion, of: slot].windows[window].lastActiveDay = day
        users[conversion, of: slot].windows[window].measures.activeDays += 1
      }
      if users[conversion, of: slot].lastActiveDay != day {
        users[conversion, of: slot].lastActiveDay = day
        users[conversion, of: slot].sinceInstall.activeDays += 1
      }
    }
    let state = users[conversion, of: slot]
    let current = state.windows[window]
    var measurement = MeasurementState(
      window: window, valueRules: valueRules, sinceFirstLaunch: now - start, currencies: layout.currencies,
      inWindow: current.measures, sinceInstall: state.sinceInstall)
    // The app's SDK cannot read the platform's value: it remembers what it asked for and its own
    // locks; it cannot know when a timer expired. It updates each active conversion with its own
    // tag (§3.5). An app with a conversion-management SDK leaves the values to it.
    if scenario.app.sdk == nil, !current.locked {
      measurement.lastFine = state.windows[0].appFine
      measurement.lastCoarse = current.appCoarse
      if let update = model.update(for: measurement) {
        // A fine value after window 1 is the platform's to ignore (§4), not the SDK's memory.
        if window == 0, let fine = update.fine { users[conversion, of: slot].windows[0].appFine = fine }
        if let coarse = update.coarse { users[conversion, of: slot].windows[window].appCoarse = coarse }
        summary.updateCalls += 1
        apply(update, api: .current, to: conversion, slot: slot, in: &simulation)
      }
    }
    // The second SDK maps the same measurements with its own schema and calls the old API
    // whenever its value changes, knowing nothing of windows or locks: it counts since install.
    // The old API only reaches the install conversion.
    guard let legacySdk = scenario.app.legacySdk, state.type != .reengagement else { return }
    var legacy = measurement
    legacy.window = 0
    legacy.sinceInstall.eventCounts = layout.legacySdkEventSlots.map { measurement.sinceInstall.eventCounts[$0] }
    // Event values are counted in the app schema's currency; the second SDK's schema reads its own.
    let rate = legacySdk.currencies.base == scenario.schema.currencies.base ? 1 : legacySdk.currencies.rate(scenario.schema.currencies.base) ?? 0
    legacy.sinceInstall.eventRevenue = layout.legacySdkEventSlots.map { measurement.sinceInstall.eventRevenue[$0] * rate }
    legacy.inWindow = legacy.sinceInstall
    legacy.lastFine = state.legacySdkFine
    legacy.lastCoarse = nil
    guard let fine = legacySdk.update(for: legacy)?.fine, fine != state.legacySdkFine else { return }
    users[conversion, of: slot].legacySdkFine = fine
    summary.updateCalls += 1
    summary.legacyUpdateCalls += 1
    apply(ConversionUpdate(fine: fine), api: .legacy, to: conversion, slot: slot, in: &simulation)
  }

  /// A call the app makes itself: routed to one active conversion by its tag and conversion
  /// types (§3.5): the tagged conversion, or the most recent one.
  @discardableResult
  package mutating func call(
    _ update: ConversionUpdate, api: UpdateAPI, routing: UpdateRouting, slot: Int32,
    in simulation: inout Simulation<WorldEvent>
  ) -> UpdateOutcome {
    let now = simulation.now
    let conversions = users[slot].conversions
    func count() {
      summary.updateCalls += 1
      if api == .legacy { summary.legacyUpdateCalls += 1 }
    }
    // With SKAdNetwork alone there is one conversion, whose own rules judge the call once its
    // window clock has started; calls before then are not counted.
    guard scenario.usesAdAttributionKit else {
      guard let only = conversions.indices.first, conversions[only].windowStart != nil else { return .notReached }
      count()
      return apply(update, api: api, to: only, slot: slot, in: &simulation)
    }
    count()
    var tag = routing.tag
    if let number = routing.tagOfReengagement {
      let reengagements = conversions.filter { $0.type == .reengagement }
      // A re-engagement that was refused, or has not happened, has no tag: "none" matches nothing.
      tag = reengagements.indices.contains(number - 1) ? reengagements[number - 1].tag ?? "none" : "none"
    }
    // Conversions that can still be named: started ones (a call after their last window is
    // judged as such) and re-engagements awaiting their first update (a late one is judged too).
    let candidates = conversions.indices.filter { conversion in
      guard conversions[conversion].windowStart != nil || conversions[conversion].type == .reengagement,
        !conversions[conversion].superseded, conversions[conversion].dropReason == nil
      else { return false }
      if api == .legacy, conversions[conversion].type == .reengagement { return false }
      if let types = routing.types {
        let kind: UpdateRouting.Kind = conversions[conversion].type == .reengagement ? .reengagement : .install
        if !types.contains(kind) { return false }
      }
      if let tag { return conversions[conversion].tag == tag }
      return true
    }
    guard let target = candidates.max(by: { conversions[$0].installTime < conversions[$1].installTime }) else {
      summary.updatesUnrouted += 1
      var wanted = tag.map { "tag \($0)" } ?? "no tag"
      if let types = routing.types { wanted += ", types \(types.map(\.rawValue).sorted().joined(separator: ", "))" }
      trace(slot, at: now, .note, .updateUnrouted(wanted: wanted))
      return .notReached
    }
    return apply(update, api: api, to: target, slot: slot, in: &simulation)
  }

  /// One call to a conversion-value API, for one conversion, and what the platform made of it.
  @discardableResult
  package mutating func apply(
    _ update: ConversionUpdate, api: UpdateAPI, to conversion: Int, slot: Int32,
    in simulation: inout Simulation<WorldEvent>
  ) -> UpdateOutcome {
    let now = simulation.now
    if users[conversion, of: slot].windowStart == nil {
      // Only a re-engagement starts its windows with an update; installs register at first launch.
      guard users[conversion, of: slot].type == .reengagement else { return .notReached }
      guard now - users[conversion, of: slot].installTime <= Self.reengagementFirstUpdateLimit else {
        trace(slot, at: now, .note, .reengagementUpdateTooLate)
        return .notReached
      }
      guard !rejectsOutOfRange(update, slot: slot, now: now) else { return .rejectedOutOfRange }
      startWindows(conversion, slot: slot, in: &simulation)
    }
    guard let window = currentWindow(conversion, slot: slot, now: now) else {
      note(\.updatesAfterLastWindow, slot, at: now, .note, .updateAfterLastWindow)
      return .afterLastWindow
    }
    guard !rejectsOutOfRange(update, slot: slot, now: now) else { return .rejectedOutOfRange }
    if users[conversion, of: slot].windows[window].closedAt != nil {
      let closed = framework.closedWindowNote(window: window)
      note(\.updatesIgnoredLocked, slot, at: now, .note, closed)
      return .ignoredLocked(window: window)
    }
    let decision = framework.decideUpdate(
      update, api: api, window: window, windows: users[conversion, of: slot].windows, rules: scenario.rules)
    for count in decision.counts {
      switch count {
      case .applied: summary.updatesApplied += 1
      case .coarseOrLockIgnored: summary.coarseOrLockIgnored += 1
      case .notIncreasing: summary.updatesNotIncreasing += 1
      case .legacyIgnoredAfterFirstWindow: summary.legacyIgnoredAfterFirstWindow += 1
      case .legacyOverride: summary.legacyOverrides += 1
      case .fineIgnoredAfterFirstWindow: summary.fineValuesIgnoredAfterFirstWindow += 1
      }
    }
    for note in decision.notes { trace(slot, at: now, .note, note) }
    users[conversion, of: slot].windows = decision.windows
    if decision.restartsTimer { restartTimer(conversion, slot: slot, in: &simulation) }
    if decision.locks { close(window: window, of: conversion, slot: slot, in: &simulation) }
    return decision.outcome
  }

  /// Whether the platform rejects the call for a fine value outside 0–63 (§4), counted and traced.
  private mutating func rejectsOutOfRange(_ update: ConversionUpdate, slot: Int32, now: SimTime) -> Bool {
    guard let fine = update.fine, !ConversionUpdate.fineRange.contains(fine) else { return false }
    note(\.updatesRejectedOutOfRange, slot, at: now, .error, .fineOutOfRange(fine))
    return true
  }
}
