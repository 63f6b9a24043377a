import SimEngine
import SimJSON
import SimModel

/// SKAdNetwork 2.2 and 3.0: one conversion value that only increases, each increase restarting
/// a 24-hour timer whose expiry sends the postback (rulebook §4, §5.1).
package protocol ValueTimerRules: SKAdNetworkFramework {}

extension ValueTimerRules {
  package var valueRules: MeasurementState.ValueRules { .increasingOnly }
  package var windowCount: Int { 1 }
  package var createsReengagementConversions: Bool { false }
  /// The campaign-id is one number with one crowd (§6).
  package var sourceIdentifierDigitForms: [Int] { [4] }
  package var truncatesSourceIdentifier: Bool { false }

  /// Every update lands in the single window while the timer runs.
  package func window(at elapsed: SimDuration, in schedule: WindowSchedule) -> Int? { 0 }

  package func windowClock(_ schedule: WindowSchedule) -> WindowClock { .valueTimer(schedule.valueTimer) }

  /// An expiry that a later increase has moved does nothing.
  package func windowEndIsStale(timerDeadline: SimTime?, at now: SimTime) -> Bool { timerDeadline != now }

  package func sendDelay(window: Int, in schedule: WindowSchedule, legacyPageFirstDelay: Bool) -> ClosedRange<Int64> {
    schedule.timerSendDelay
  }

  package func closedWindowNote(window: Int) -> RuleNote { RuleNote("§5.1", "update ignored: the value timer has expired") }

  /// Only a greater fine value counts, and it restarts the 24 h timer; coarse values and locks
  /// do not exist and are ignored (§4, §5.1).
  package func decideUpdate(
    _ update: ConversionUpdate, api: UpdateAPI, window: Int, windows: [ConversionWindow], rules: PlatformRules
  ) -> ValueUpdateDecision {
    var decision = ValueUpdateDecision(windows: windows, outcome: .notIncreasing)
    if update.coarse != nil || update.lock { decision.record(.coarseOrLockIgnored, .coarseOrLockIgnored) }
    guard let fine = update.fine else { return decision }
    let current = windows[0].fine ?? 0
    guard fine > current else {
      decision.record(.notIncreasing, .notIncreasing(fine, current: current))
      return decision
    }
    decision.windows[0].fine = fine
    decision.record(.applied)
    decision.restartsTimer = true
    decision.outcome = .applied(window: 0)
    return decision
  }

  /// 2.0's fields, then `fidelity-type` (2.2) and `did-win` (3.0) (A3, A4).
  package var signedFields: [PostbackSigningString.Field] {
    typealias Field = PostbackSigningString.Field
    return PostbackSigningString.version2Fields + Field.required("fidelity-type")
      + (reportsWin ? Field.required("did-win") : [])
  }

  package func postbackPreparedNote(window: Int, at time: String) -> RuleNote {
    RuleNote("§5.1", "the conversion-value timer ran out at \(time)")
  }

  /// The campaign is a plain campaign-id, with no digits to truncate.
  package func recordedCampaign(_ sourceIdentifier: Int) -> (sourceIdentifier: JSONValue, campaignId: JSONValue) {
    (.null, .int(Int64(sourceIdentifier)))
  }

  /// 2.2/3.0 (§6, A6): `campaign-id`; `conversion-value` and `source-app-id` only when the
  /// privacy threshold is met (``TierAllowance/meetsPrivacyThreshold(_:)``). Non-winning
  /// postbacks (§3.3) carry neither.
  package func postback(_ facts: SKAdNetworkPostback.Facts) -> SKAdNetworkPostback {
    var body = commonFields(facts)
    var content = SKAdNetworkPostback.ValueContent.none
    body["campaign-id"] = .int(Int64(facts.sourceIdentifier))
    if facts.didWin, TierAllowance.meetsPrivacyThreshold(facts.tier) {
      if case .app(let id) = facts.source { body["source-app-id"] = .int(id) }
      if let fine = facts.fine {
        body["conversion-value"] = .int(Int64(fine))
        content = .fine
      }
    }
    return SKAdNetworkPostback(payload: .object(body), content: content)
  }
}

/// The value timer's trace messages.
extension RuleNote {
  /// A coarse value or lock sent to a version that has neither (§4).
  package static let coarseOrLockIgnored = RuleNote("§4", "coarse value and lock do not exist before SKAdNetwork 4.0: ignored")

  /// A fine value that does not increase the current one (§4).
  package static func notIncreasing(_ fine: Int, current: Int) -> RuleNote {
    RuleNote("§4", "fine value \(fine) is not greater than \(current): ignored, timer not restarted")
  }
}
