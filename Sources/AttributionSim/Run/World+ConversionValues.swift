import SimEngine

/// Conversion-value updates: the app's model, a second SDK, and the platform's rules for each
/// call (rulebook §4, §5.1, §5.2).
extension World {
  /// The window an update at `now` lands in: by elapsed time for 4.0; before 4.0 the single
  /// window. Nil after the last window.
  func currentWindow(slot: Int32, now: SimTime) -> Int? {
    guard let start = users[Int(slot)]!.conversion?.windowStart else { return nil }
    return version.hasConversionWindows ? windows.window(at: now - start) : 0
  }

  /// Adds an activity to the current window's measurements, then lets the app's model and the
  /// second SDK, in that order, update the conversion value. A session also counts its day
  /// as active.
  mutating func measure(
    slot: Int32, session: Bool = false, in simulation: inout Simulation<WorldEvent>, _ change: (inout Measures) -> Void
  ) {
    let index = Int(slot)
    let now = simulation.now
    guard let window = currentWindow(slot: slot, now: now), let start = users[index]!.conversion!.windowStart else {
      return
    }
    // The ground truth counts every activity, also after a lock or the value timer.
    change(&users[index]!.conversion!.windows[window].measures)
    change(&users[index]!.conversion!.sinceInstall)
    if session {
      let day = (now - start).milliseconds / 86_400_000
      // A day counts once in each window it touches, and once since install.
      if users[index]!.conversion!.windows[window].lastActiveDay != day {
        users[index]!.conversion!.windows[window].lastActiveDay = day
        users[index]!.conversion!.windows[window].measures.activeDays += 1
      }
      if users[index]!.conversion!.lastActiveDay != day {
        users[index]!.conversion!.lastActiveDay = day
        users[index]!.conversion!.sinceInstall.activeDays += 1
      }
    }
    let conversion = users[index]!.conversion!
    let current = conversion.windows[window]
    var state = MeasurementState(
      window: window, valueRules: valueRules, sinceFirstLaunch: now - start, currencies: currencies,
      inWindow: current.measures, sinceInstall: conversion.sinceInstall)
    // The app's SDK cannot read the platform's value: it remembers what it asked for and its own
    // locks; it cannot know when a timer expired.
    if !current.locked {
      state.lastFine = conversion.windows[0].appFine
      state.lastCoarse = current.appCoarse
      if let update = model.update(for: state) {
        // A fine value after window 1 is the platform's to ignore (§4), not the SDK's memory.
        if window == 0, let fine = update.fine { users[index]!.conversion!.windows[0].appFine = fine }
        if let coarse = update.coarse { users[index]!.conversion!.windows[window].appCoarse = coarse }
        apply(update, api: .current, slot: slot, in: &simulation)
      }
    }
    // The second SDK maps the same measurements with its own schema and calls the old API
    // whenever its value changes, knowing nothing of windows or locks: it counts since install.
    guard let legacySdk = scenario.app.legacySdk else { return }
    var legacy = state
    legacy.window = 0
    legacy.sinceInstall.eventCounts = legacySdkEventSlots.map { state.sinceInstall.eventCounts[$0] }
    legacy.inWindow = legacy.sinceInstall
    legacy.lastFine = conversion.legacySdkFine
    legacy.lastCoarse = nil
    guard let fine = legacySdk.update(for: legacy)?.fine, fine != conversion.legacySdkFine else { return }
    users[index]!.conversion!.legacySdkFine = fine
    apply(ConversionUpdate(fine: fine), api: .legacy, slot: slot, in: &simulation)
  }

  /// One call to a conversion-value API.
  mutating func apply(
    _ update: ConversionUpdate, api: UpdateAPI, slot: Int32, in simulation: inout Simulation<WorldEvent>
  ) {
    let index = Int(slot)
    let now = simulation.now
    summary.updateCalls += 1
    if api == .legacy { summary.legacyUpdateCalls += 1 }
    guard users[index]!.conversion?.windowStart != nil else { return }
    guard let window = currentWindow(slot: slot, now: now) else {
      summary.updatesAfterLastWindow += 1
      trace(slot, at: now, .note, "§5.2", "update after the last conversion window: ignored")
      return
    }
    if let fine = update.fine, !ConversionUpdate.fineRange.contains(fine) {
      summary.updatesRejectedOutOfRange += 1
      trace(slot, at: now, .error, "§4", "fine value \(fine) is outside 0–63: call rejected, earlier values kept")
      return
    }
    if users[index]!.conversion!.windows[window].closedAt != nil {
      summary.updatesIgnoredLocked += 1
      let why = version.hasConversionWindows ? "window \(window + 1) is locked" : "the value timer has expired"
      trace(slot, at: now, .note, version.hasConversionWindows ? "§5.2" : "§5.1", "update ignored: \(why)")
      return
    }
    if version.hasConversionWindows {
      applyWindowed(update, api: api, window: window, slot: slot, in: &simulation)
    } else {
      applyIncreasing(update, slot: slot, in: &simulation)
    }
  }

  /// 2.2/3.0 (§4, §5.1): only a greater fine value counts, and it restarts the 24 h timer;
  /// coarse values and locks do not exist and are ignored.
  private mutating func applyIncreasing(_ update: ConversionUpdate, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let index = Int(slot)
    let now = simulation.now
    if update.coarse != nil || update.lock {
      summary.coarseOrLockIgnored += 1
      trace(slot, at: now, .note, "§4", "coarse value and lock do not exist before SKAdNetwork 4.0: ignored")
    }
    guard let fine = update.fine else { return }
    let current = users[index]!.conversion!.windows[0].fine ?? 0
    guard fine > current else {
      summary.updatesNotIncreasing += 1
      trace(slot, at: now, .note, "§4", "fine value \(fine) is not greater than \(current): ignored, timer not restarted")
      return
    }
    users[index]!.conversion!.windows[0].fine = fine
    summary.updatesApplied += 1
    restartTimer(slot: slot, in: &simulation)
  }

  /// 4.0 (§4, §5.2): any valid value, fine only in window 1, lock closes the window now. The old
  /// single-value API only sets window 1's fine value, overriding whatever set it before.
  private mutating func applyWindowed(
    _ update: ConversionUpdate, api: UpdateAPI, window: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>
  ) {
    let index = Int(slot)
    let now = simulation.now
    if api == .legacy {
      guard window == 0 else {
        summary.legacyIgnoredAfterFirstWindow += 1
        trace(slot, at: now, .note, "§4", "old single-value API after window 1: ignored on a 4.0 ad")
        return
      }
      let previous = users[index]!.conversion!.windows[0]
      if let fine = update.fine, previous.fineSetBy == .current, previous.fine != fine {
        summary.legacyOverrides += 1
        trace(
          slot, at: now, .note, "§4",
          "old-API call overrides fine value \(previous.fine ?? 0) set through the current API with \(fine)")
      }
      users[index]!.conversion!.windows[0].fine = update.fine
      users[index]!.conversion!.windows[0].fineSetBy = .legacy
      users[index]!.conversion!.windows[0].calledLegacyAPI = true
      summary.updatesApplied += 1
      return
    }
    if let fine = update.fine {
      if window == 0 {
        users[index]!.conversion!.windows[0].fine = fine
        users[index]!.conversion!.windows[0].fineSetBy = .current
      } else {
        summary.fineValuesIgnoredAfterFirstWindow += 1
        trace(slot, at: now, .note, "§4", "fine value \(fine) in window \(window + 1): ignored, only coarse values count")
      }
    }
    if let coarse = update.coarse { users[index]!.conversion!.windows[window].coarse = coarse }
    // Calling the current API during a window is what postbacks 2 and 3 need (§5.2), even when
    // the call's only part, a late fine value, is ignored.
    users[index]!.conversion!.windows[window].updated = true
    users[index]!.conversion!.windows[window].calledCurrentAPI = true
    if window == 0 || update.coarse != nil || update.lock { summary.updatesApplied += 1 }
    if update.lock {
      users[index]!.conversion!.windows[window].locked = true
      close(window: window, slot: slot, in: &simulation)
    }
  }
}
