import SimEngine
import SimModel
import SimPlatform

/// Applying a model's or a service's answer as the SDK would, and comparing its belief with what
/// the platform did.
extension SimulatedClientSDK {
  /// Applies an answer as the SDK would, calls the platform, and compares the two views.
  func apply(
    _ answer: ConversionAnswer, slot: Int32, context: inout some ClientSDKContext, in simulation: inout Simulation<WorldEvent>
  ) -> (action: String, platform: String?, lint: [SDKLintFinding]) {
    let now = simulation.now
    let device = now + context.users[slot].clockOffset
    var state = context.users[slot].sdk!
    defer { context.users[slot].sdk = state }
    let fine: Int?, coarse: Int?, lock: Bool
    switch answer {
    case .update(let f, let c, let l):
      (fine, coarse, lock) = (f, c, l)
    case .refused(let status, let reason):
      context.summary.sdk.refused += 1
      return ("no update: the service answered \(status)\(reason.map { " (\($0))" } ?? "")", nil, [])
    case .failed(let failure):
      switch failure {
      case .timeout: context.summary.sdk.timeouts += 1
      case .httpStatus: context.summary.sdk.httpErrors += 1
      case .unreachable: context.summary.sdk.unreachable += 1
      case .malformed: context.summary.sdk.malformed += 1
      }
      return ("no update: \(failure)", nil, [])
    }
    guard fine != nil || coarse != nil || lock else {
      context.summary.sdk.answersNothingNew += 1
      return ("no update: nothing new", nil, [])
    }
    context.summary.sdk.answersWithValue += 1
    if configuration.validatesFine, let fine, !ConversionUpdate.fineRange.contains(fine) {
      context.summary.sdk.rejectedByValidation += 1
      return ("dropped: fine value \(fine) is outside 0–63", nil, [])
    }
    if configuration.validatesCoarse, let coarse, !(0...2).contains(coarse) {
      context.summary.sdk.rejectedByValidation += 1
      return ("dropped: coarse value \(coarse) is outside 0–2", nil, [])
    }
    let target = untaggedTarget(of: slot, in: context.users)
    var lint: [SDKLintFinding] = []
    guard !state.stopped else { return ("dropped: the SDK has stopped measuring", nil, []) }
    // A remote answer may arrive after the SDK's measurement ended with no activity in between.
    let sdkWindow = windowed ? state.window(at: device, ends: configuration.windowEnds) : 0
    if let found = stopIfOver(&state, window: sdkWindow, device: device, target: target, slot: slot, now: now, context: &context) {
      return ("stopped: answer dropped", nil, found)
    }
    guard windowed else {
      // Before 4.0 the SDK passes fine values only, and only higher ones (§4).
      guard let fine else { return ("no update: no fine value", nil, []) }
      guard fine > state.fine else {
        context.summary.sdk.droppedNotHigher += 1
        return ("dropped: \(fine) is not higher than \(state.fine)", nil, [])
      }
      state.previousFine = state.fine
      state.fine = fine
      state.lastCall = device
      context.users[slot].sdk = state
      let outcome = callPlatform(ConversionUpdate(fine: fine), slot: slot, context: &context, in: &simulation)
      lint += findings(outcome, sdkWindow: 0, fine: fine, coarse: nil)
      return ("applied fine \(fine)", describe(outcome), lint)
    }
    // Not stopped, so the SDK is in one of its windows.
    guard let window = sdkWindow else { return ("dropped: after the SDK's last window", nil, lint) }
    let platformWindow = target.flatMap { context.currentWindow($0, slot: slot, now: now) }
    if state.lockTime[window] != nil {
      context.summary.sdk.droppedWindowLocked += 1
      // The platform's current window may be another, or this one if the lock never reached it.
      if let open = openPlatformWindow(target, slot: slot, now: now, context: context) {
        lint.append(
          SDKLintFinding(
            kind: .droppedBelievingWindowOver,
            message: "answer dropped as the SDK's window \(window + 1) is locked while \(open)"))
      }
      return ("dropped: the SDK's window \(window + 1) is locked", nil, lint)
    }
    var sentFine = fine
    // Fine values count in window 1 only (§4). The guide's SDK leaves that to the platform; a
    // belief-driven one keeps them back by its own clock.
    if configuration.lateFineValues == .keepBack, window > 0, let fine {
      context.summary.sdk.fineDroppedAfterFirstWindow += 1
      sentFine = nil
      if platformWindow == 0, let open = openPlatformWindow(target, slot: slot, now: now, context: context) {
        lint.append(
          SDKLintFinding(
            kind: .droppedBelievingWindowOver,
            message: "fine value \(fine) dropped, the SDK believing itself in window \(window + 1), while \(open)"))
      }
    }
    guard sentFine != nil || coarse != nil || lock else {
      return ("dropped: fine value after the SDK's window 1", nil, lint)
    }
    if let sentFine {
      state.previousFine = state.fine
      state.fine = sentFine
    }
    if let coarse {
      state.previousCoarse[window] = state.coarse[window]
      state.coarse[window] = coarse
    }
    if lock { state.lockTime[window] = device }
    state.lastCall = device
    context.users[slot].sdk = state
    var parts = sentFine.map { ["fine \($0)"] } ?? []
    if let coarse { parts.append("coarse \(coarse)") }
    if lock { parts.append("lock") }
    let action = "applied \(parts.joined(separator: ", ")) in its window \(window + 1)"
    if let coarse, !(0...2).contains(coarse) {
      let outcome = rejectInvalidCoarse(coarse, slot: slot, now: now, target: target, context: &context)
      lint += findings(outcome, sdkWindow: window, fine: sentFine, coarse: coarse)
      return (action, describe(outcome), lint)
    }
    let update = ConversionUpdate(fine: sentFine, coarse: coarse.map { CoarseValue.allCases[$0] }, lock: lock)
    let outcome = callPlatform(update, slot: slot, context: &context, in: &simulation)
    lint += findings(outcome, sdkWindow: window, fine: sentFine, coarse: coarse)
    return (action, describe(outcome), lint)
  }

  /// The SDK's call through the current API, routed by the platform like any untagged call.
  func callPlatform(
    _ update: ConversionUpdate, slot: Int32, context: inout some ClientSDKContext, in simulation: inout Simulation<WorldEvent>
  ) -> UpdateOutcome {
    context.summary.sdk.applied += 1
    return context.call(update, api: .current, routing: UpdateRouting(), slot: slot, in: &simulation)
  }

  /// The platform refuses a coarse value that is not low, medium or high: StoreKit's
  /// `SKANError.Code.invalidCoarseConversionValue`; like an invalid fine value (§4), the whole
  /// call is ignored.
  func rejectInvalidCoarse(
    _ coarse: Int, slot: Int32, now: SimTime, target: Int?, context: inout some ClientSDKContext
  ) -> UpdateOutcome {
    context.summary.sdk.applied += 1
    guard target != nil else { return .notReached }
    context.summary.updateCalls += 1
    context.note(\.updatesRejectedOutOfRange, slot, at: now, .error, .coarseValueInvalid(coarse))
    return .rejectedOutOfRange
  }

  /// The mismatches one call reveals between the window the SDK believes it is in and what the
  /// platform did.
  func findings(_ outcome: UpdateOutcome, sdkWindow: Int, fine: Int?, coarse: Int?) -> [SDKLintFinding] {
    let believed = windowed ? "its window \(sdkWindow + 1)" : "its value"
    switch outcome {
    case .applied(let window) where windowed && window != sdkWindow:
      return [
        SDKLintFinding(
          kind: .landedInOtherWindow,
          message: "the SDK believes the update landed in window \(sdkWindow + 1); it landed in window \(window + 1)")
      ]
    case .ignoredLocked(let window):
      let why = windowed ? "window \(window + 1) was locked" : "the 24 h value timer had frozen the value"
      return [
        SDKLintFinding(kind: .ignoredAfterLock, message: "the SDK believes the update set \(believed); ignored: \(why)")
      ]
    case .afterLastWindow:
      return [
        SDKLintFinding(
          kind: .ignoredAfterLastWindow,
          message: "the SDK believes the update landed in \(believed); the platform's last window had ended")
      ]
    case .rejectedOutOfRange:
      if let coarse, !(0...2).contains(coarse) {
        return [SDKLintFinding(kind: .coarseOutOfRange, message: "coarse value \(coarse) let through; the call was rejected")]
      }
      if let fine, !ConversionUpdate.fineRange.contains(fine) {
        return [SDKLintFinding(kind: .fineOutOfRange, message: "fine value \(fine) let through; the call was rejected")]
      }
      return []
    case .fineIgnoredAfterFirstWindow(let window, _) where windowed && sdkWindow == 0:
      return [
        SDKLintFinding(
          kind: .landedInOtherWindow,
          message: "the SDK believes fine value \(fine ?? 0) landed in window 1; the platform was in window \(window + 1), "
            + "where fine values are ignored")
      ]
    case .applied, .fineIgnoredAfterFirstWindow, .notIncreasing, .notReached:
      return []
    }
  }

  func describe(_ outcome: UpdateOutcome) -> String {
    switch outcome {
    case .applied(let window): windowed ? "applied in window \(window + 1)" : "applied"
    case .fineIgnoredAfterFirstWindow(let window, let counted):
      "ignored: fine value in window \(window + 1), fine values count in window 1 only"
        + (counted ? " (the call counts as the window's update)" : "")
    case .ignoredLocked(let window):
      windowed ? "ignored: window \(window + 1) is locked" : "ignored: the value timer has expired"
    case .afterLastWindow: "ignored: after the last window"
    case .rejectedOutOfRange: "rejected: value out of range"
    case .notIncreasing: "ignored: not greater than the platform's value"
    case .notReached: "no conversion takes the update"
    }
  }
}
