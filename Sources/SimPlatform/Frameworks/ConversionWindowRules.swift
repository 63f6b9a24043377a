import SimEngine
import SimJSON
import SimModel

/// SKAdNetwork 4.0 and AdAttributionKit: three conversion windows with fine and coarse values,
/// locks and crowd-anonymity tiers (rulebook §4, §5.2, §6).
package protocol ConversionWindowRules: AttributionFramework {}

extension ConversionWindowRules {
  package var valueRules: MeasurementState.ValueRules { .windowed }
  package var windowCount: Int { 3 }
  package var createsReengagementConversions: Bool { true }
  /// The source identifier's 2, 3 and 4 rightmost digits each have their crowd (§6).
  package var sourceIdentifierDigitForms: [Int] { [2, 3, 4] }
  package var truncatesSourceIdentifier: Bool { true }

  /// The window by elapsed time, nil after the last.
  package func window(at elapsed: SimDuration, in schedule: WindowSchedule) -> Int? { schedule.window(at: elapsed) }

  package func windowClock(_ schedule: WindowSchedule) -> WindowClock { .windows(ends: schedule.windowEnds) }

  /// A window's end is never moved; one a newer conversion replaced is skipped by the world.
  package func windowEndIsStale(timerDeadline: SimTime?, at now: SimTime) -> Bool { false }

  /// [D] §5.2: the old API's page gives 0–24 h for postback 1 of 4.0 ads; a setting, default 24–48 h.
  package func sendDelay(window: Int, in schedule: WindowSchedule, legacyPageFirstDelay: Bool) -> ClosedRange<Int64> {
    window == 0 && legacyPageFirstDelay ? schedule.timerSendDelay : schedule.sendDelays[window]
  }

  package func closedWindowNote(window: Int) -> RuleNote { RuleNote("§5.2", "update ignored: window \(window + 1) is locked") }

  /// Any valid value, fine only in window 1, lock closes the window now. The old single-value
  /// API only sets window 1's fine value, overriding whatever set it before (§4, §5.2).
  package func decideUpdate(
    _ update: ConversionUpdate, api: UpdateAPI, window: Int, windows: [ConversionWindow], rules: PlatformRules
  ) -> ValueUpdateDecision {
    var decision = ValueUpdateDecision(windows: windows, outcome: .applied(window: window))
    if api == .legacy {
      guard window == 0 else {
        decision.record(.legacyIgnoredAfterFirstWindow, .legacyAfterFirstWindow)
        decision.outcome = .fineIgnoredAfterFirstWindow(window: window, counted: false)
        return decision
      }
      let previous = windows[0]
      if let fine = update.fine, previous.fineSetBy == .current, previous.fine != fine {
        decision.record(.legacyOverride, .legacyOverride(previous.fine ?? 0, with: fine))
      }
      decision.windows[0].fine = update.fine
      decision.windows[0].fineSetBy = .legacy
      decision.windows[0].calledLegacyAPI = true
      decision.record(.applied)
      decision.outcome = .applied(window: 0)
      return decision
    }
    let fineOnly = update.coarse == nil && !update.lock
    if let fine = update.fine {
      if window == 0 {
        decision.windows[0].fine = fine
        decision.windows[0].fineSetBy = .current
      } else {
        decision.record(.fineIgnoredAfterFirstWindow, .fineAfterFirstWindow(fine, window: window))
        if fineOnly {
          lateFineOnlyCall(window: window, rules: rules, into: &decision)
          return decision
        }
      }
    }
    if let coarse = update.coarse { decision.windows[window].coarse = coarse }
    // Calling the current API during a window is what postbacks 2 and 3 need (§5.2).
    decision.windows[window].updated = true
    decision.windows[window].calledCurrentAPI = true
    decision.record(.applied)
    if update.lock {
      decision.windows[window].locked = true
      decision.locks = true
    }
    return decision
  }

  /// A current-API call in window 2 or 3 with only a fine value, which the platform ignores
  /// (§4): whether it still counts as the window's update is `rules.lateFineOnlyCall` (§5.2 [U]).
  private func lateFineOnlyCall(window: Int, rules: PlatformRules, into decision: inout ValueUpdateDecision) {
    let rule = rules.lateFineOnlyCall
    guard rule != .ignored else {
      decision.outcome = .fineIgnoredAfterFirstWindow(window: window, counted: false)
      return
    }
    decision.windows[window].updated = true
    decision.windows[window].calledCurrentAPI = true
    let windows = decision.windows
    if rule == .countsWithCoarseInEffect, windows[window].coarse == nil,
      let inEffect = windows[..<window].last(where: { $0.coarse != nil })?.coarse
    {
      decision.windows[window].coarse = inEffect
      decision.notes.append(.lateCallCounts(window: window, coarse: inEffect))
    }
    decision.outcome = .fineIgnoredAfterFirstWindow(window: window, counted: true)
  }

  package func postbackPreparedNote(window: Int, at time: String) -> RuleNote {
    RuleNote("§5.2", "window \(window + 1) closed or locked at \(time)")
  }

  /// The campaign's 4-digit source identifier.
  package func recordedCampaign(_ sourceIdentifier: Int) -> (sourceIdentifier: JSONValue, campaignId: JSONValue) {
    (.string(SKAdNetworkPostback.sourceIdentifier(sourceIdentifier, digits: 4)), .null)
  }
}

/// The conversion windows' trace messages.
extension RuleNote {
  /// The old single-value API only sets window 1 (§4).
  package static let legacyAfterFirstWindow = RuleNote("§4", "old single-value API after window 1: ignored on a 4.0 ad")

  /// An old-API call replacing a fine value the current API set (§4).
  package static func legacyOverride(_ previous: Int, with fine: Int) -> RuleNote {
    RuleNote("§4", "old-API call overrides fine value \(previous) set through the current API with \(fine)")
  }

  /// Fine values count only in window 1 (§4).
  package static func fineAfterFirstWindow(_ fine: Int, window: Int) -> RuleNote {
    RuleNote("§4", "fine value \(fine) in window \(window + 1): ignored, only coarse values count")
  }

  /// A late fine-only call counted as the window's update, with the coarse value in effect (§5.2 [U]).
  package static func lateCallCounts(window: Int, coarse: CoarseValue) -> RuleNote {
    RuleNote("§5.2", "the call counts as window \(window + 1)'s update, with coarse value \(coarse.rawValue) in effect")
  }

  /// Postbacks 2 and 3 need an update during their window (§5.2).
  package static func noUpdateInWindow(_ window: Int) -> RuleNote {
    RuleNote("§5.2", "no update during window \(window + 1): no postback")
  }
}
