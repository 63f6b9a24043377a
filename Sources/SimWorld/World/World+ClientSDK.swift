import SimEngine
import SimJSON
import SimModel
import SimPlatform

/// The client SDK in the app (issue 9): it registers at first launch, asks its conversion model
/// after every session, event and revenue, applies the answer by its own rules and clock, and
/// writes its metadata to `sdk-trace.jsonl`. The world knows the platform's real state, so each
/// trace line also carries every mismatch between the SDK's belief and what the platform did.
extension World {
  /// An activity the SDK is told about.
  package enum SDKActivity {
    case session
    case event(name: String, revenue: Double?, currency: Int?)
    case revenue(amount: Double, kind: RevenueKind, currency: Int)

    /// The `n` parameter: the event's name, or the names such SDKs give sessions and revenue.
    package var eventName: String {
      switch self {
      case .session: "__SESSION__"
      case .event(let name, _, _): name
      case .revenue(_, .inAppPurchase, _): "__iap__"
      case .revenue(_, .ad, _): "__ADMON_USER_LEVEL_REVENUE__"
      }
    }

    /// The `activity` of a trace line.
    package var label: String {
      switch self {
      case .session: "session"
      case .event: "event"
      case .revenue: "revenue"
      }
    }

    /// The revenue it brings, if any.
    package var revenue: (amount: Double, currency: Int, kind: RevenueKind)? {
      switch self {
      case .session: nil
      case .event(_, let amount?, let currency?): (amount, currency, .inAppPurchase)
      case .event: nil
      case .revenue(let amount, let kind, let currency): (amount, currency, kind)
      }
    }

    /// The trace line's `detail`.
    package var detail: String? {
      switch self {
      case .session: nil
      case .event(let name, _, _): name
      case .revenue(_, let kind, _): kind.rawValue
      }
    }
  }

  /// Whether the SDK keeps per-window metadata: SKAdNetwork 4.0 and AdAttributionKit.
  package var sdkWindowed: Bool { valueRules == .windowed }

  /// The first launch: the SDK's registration call sets value 0 and starts its clock (§4).
  package mutating func registerSDK(slot: Int32, now: SimTime) {
    guard scenario.app.sdk != nil else { return }
    users[slot].sdk = SDKState(
      registeredAt: now + users[slot].clockOffset, eventCount: trackedEvents.count, currencyCount: currencies.count)
    summary.sdk.registrations += 1
  }

  /// The SDK's share of an activity: its bookkeeping, its stop rules, then a request.
  package mutating func sdkActivity(_ activity: SDKActivity, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    guard let configuration = scenario.app.sdk, var state = users[slot].sdk else { return }
    let now = simulation.now
    let device = now + users[slot].clockOffset
    summary.sdk.activities += 1
    var lint: [SDKLintFinding] = []
    let window = sdkWindowed ? state.window(at: device, ends: configuration.windowEnds) : 0
    let target = sdkTarget(slot: slot)
    let platformWindow = target.flatMap { currentWindow($0, slot: slot, now: now) }
    count(activity, in: &state, window: window, device: device)
    if let (amount, currency, kind) = activity.revenue {
      if let window {
        if kind == .inAppPurchase { state.windowRevenue[window][currency] += amount }
        else { state.windowAdRevenue[window][currency] += amount }
      }
      if sdkWindowed, target != nil, window != platformWindow {
        lint.append(
          SDKLintFinding(
            kind: .revenueInWrongWindow,
            message: "\(amount) \(currencies[currency]) counted \(Self.describe(sdkWindow: window)); "
              + "the platform was \(Self.describe(platformWindow: platformWindow))"))
      }
    }
    lint += stopIfOver(&state, window: window, device: device, target: target, slot: slot, now: now) ?? []
    guard !state.stopped else {
      users[slot].sdk = state
      recordSDK(slot, now: now, activity: activity.label, detail: activity.detail, action: "stopped", lint: lint)
      return
    }
    state.requests += 1
    summary.sdk.requests += 1
    users[slot].sdk = state
    let answer: ConversionAnswer
    switch configuration.model {
    case .sequential:
      // The 3.0 S2S guide's test endpoint (an MMP's, not Apple's): 0, 1, 2, then the value persists.
      answer = state.requests <= 3 ? .update(fine: state.requests - 1, coarse: nil, lock: false) : .nothingNew
    case .schema:
      answer = schemaAnswer(state, window: window ?? 0, device: device)
    case .endpoint, .command:
      let request = sdkRequest(state, activity: activity, slot: slot)
      let ticket = sdkPool!.submit(request)
      let number = nextSDKTicket
      nextSDKTicket &+= 1
      sdkTickets[number] = ticket
      users[slot].pending += 1
      simulation.schedule(.sdkAnswer(slot: slot, ticket: number), at: now + configuration.responseTime)
      recordSDK(slot, now: now, activity: activity.label, detail: activity.detail, action: "asked", lint: lint)
      return
    }
    let outcome = applySDK(answer, slot: slot, in: &simulation)
    recordSDK(
      slot, now: now, activity: activity.label, detail: activity.detail, answer: answer, action: outcome.action,
      platform: outcome.platform, lint: lint + outcome.lint)
  }

  /// A service's answer arrives: the SDK applies it then, by its state and clock at that time.
  package mutating func sdkAnswerArrives(ticket number: Int32, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let ticket = sdkTickets.removeValue(forKey: number)!
    let answer = sdkPool!.answer(for: ticket)
    let outcome = applySDK(answer, slot: slot, in: &simulation)
    recordSDK(
      slot, now: simulation.now, activity: "answer", detail: nil, answer: answer, action: outcome.action,
      platform: outcome.platform, lint: outcome.lint)
  }

  // MARK: - Applying an answer

  /// Applies an answer as the SDK would, calls the platform, and compares the two views.
  private mutating func applySDK(
    _ answer: ConversionAnswer, slot: Int32, in simulation: inout Simulation<WorldEvent>
  ) -> (action: String, platform: String?, lint: [SDKLintFinding]) {
    let configuration = scenario.app.sdk!
    let now = simulation.now
    let device = now + users[slot].clockOffset
    var state = users[slot].sdk!
    defer { users[slot].sdk = state }
    let fine: Int?, coarse: Int?, lock: Bool
    switch answer {
    case .update(let f, let c, let l):
      (fine, coarse, lock) = (f, c, l)
    case .refused(let status, let reason):
      summary.sdk.refused += 1
      return ("no update: the service answered \(status)\(reason.map { " (\($0))" } ?? "")", nil, [])
    case .failed(let failure):
      switch failure {
      case .timeout: summary.sdk.timeouts += 1
      case .httpStatus: summary.sdk.httpErrors += 1
      case .unreachable: summary.sdk.unreachable += 1
      case .malformed: summary.sdk.malformed += 1
      }
      return ("no update: \(failure)", nil, [])
    }
    guard fine != nil || coarse != nil || lock else {
      summary.sdk.answersNothingNew += 1
      return ("no update: nothing new", nil, [])
    }
    summary.sdk.answersWithValue += 1
    if configuration.validatesFine, let fine, !ConversionUpdate.fineRange.contains(fine) {
      summary.sdk.rejectedByValidation += 1
      return ("dropped: fine value \(fine) is outside 0–63", nil, [])
    }
    if configuration.validatesCoarse, let coarse, !(0...2).contains(coarse) {
      summary.sdk.rejectedByValidation += 1
      return ("dropped: coarse value \(coarse) is outside 0–2", nil, [])
    }
    let target = sdkTarget(slot: slot)
    var lint: [SDKLintFinding] = []
    guard !state.stopped else { return ("dropped: the SDK has stopped measuring", nil, []) }
    // A remote answer may arrive after the SDK's measurement ended with no activity in between.
    let sdkWindow = sdkWindowed ? state.window(at: device, ends: configuration.windowEnds) : 0
    if let found = stopIfOver(&state, window: sdkWindow, device: device, target: target, slot: slot, now: now) {
      return ("stopped: answer dropped", nil, found)
    }
    guard sdkWindowed else {
      // Before 4.0 the SDK passes fine values only, and only higher ones (§4).
      guard let fine else { return ("no update: no fine value", nil, []) }
      guard fine > state.fine else {
        summary.sdk.droppedNotHigher += 1
        return ("dropped: \(fine) is not higher than \(state.fine)", nil, [])
      }
      state.previousFine = state.fine
      state.fine = fine
      state.lastCall = device
      users[slot].sdk = state
      let outcome = callPlatform(ConversionUpdate(fine: fine), slot: slot, in: &simulation)
      lint += findings(outcome, sdkWindow: 0, fine: fine, coarse: nil)
      return ("applied fine \(fine)", describe(outcome), lint)
    }
    // Not stopped, so the SDK is in one of its windows.
    guard let window = sdkWindow else { return ("dropped: after the SDK's last window", nil, lint) }
    let platformWindow = target.flatMap { currentWindow($0, slot: slot, now: now) }
    if state.lockTime[window] != nil {
      summary.sdk.droppedWindowLocked += 1
      // The platform's current window may be another, or this one if the lock never reached it.
      if let open = openPlatformWindow(target, slot: slot, now: now) {
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
      summary.sdk.fineDroppedAfterFirstWindow += 1
      sentFine = nil
      if platformWindow == 0, let open = openPlatformWindow(target, slot: slot, now: now) {
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
    users[slot].sdk = state
    var parts = sentFine.map { ["fine \($0)"] } ?? []
    if let coarse { parts.append("coarse \(coarse)") }
    if lock { parts.append("lock") }
    let action = "applied \(parts.joined(separator: ", ")) in its window \(window + 1)"
    if let coarse, !(0...2).contains(coarse) {
      let outcome = rejectInvalidCoarse(coarse, slot: slot, now: now, target: target)
      lint += findings(outcome, sdkWindow: window, fine: sentFine, coarse: coarse)
      return (action, describe(outcome), lint)
    }
    let update = ConversionUpdate(fine: sentFine, coarse: coarse.map { CoarseValue.allCases[$0] }, lock: lock)
    let outcome = callPlatform(update, slot: slot, in: &simulation)
    lint += findings(outcome, sdkWindow: window, fine: sentFine, coarse: coarse)
    return (action, describe(outcome), lint)
  }

  /// The SDK's call through the current API, routed by the platform like any untagged call.
  private mutating func callPlatform(
    _ update: ConversionUpdate, slot: Int32, in simulation: inout Simulation<WorldEvent>
  ) -> UpdateOutcome {
    summary.sdk.applied += 1
    return call(update, api: .current, routing: UpdateRouting(), slot: slot, in: &simulation)
  }

  /// The platform refuses a coarse value that is not low, medium or high: StoreKit's
  /// `SKANError.Code.invalidCoarseConversionValue`; like an invalid fine value (§4), the whole
  /// call is ignored.
  private mutating func rejectInvalidCoarse(_ coarse: Int, slot: Int32, now: SimTime, target: Int?) -> UpdateOutcome {
    summary.sdk.applied += 1
    guard target != nil else { return .notReached }
    summary.updateCalls += 1
    note(\.updatesRejectedOutOfRange, slot, at: now, .error, .coarseValueInvalid(coarse))
    return .rejectedOutOfRange
  }

  /// The mismatches one call reveals between the window the SDK believes it is in and what the
  /// platform did.
  private func findings(_ outcome: UpdateOutcome, sdkWindow: Int, fine: Int?, coarse: Int?) -> [SDKLintFinding] {
    let believed = sdkWindowed ? "its window \(sdkWindow + 1)" : "its value"
    switch outcome {
    case .applied(let window) where sdkWindowed && window != sdkWindow:
      return [
        SDKLintFinding(
          kind: .landedInOtherWindow,
          message: "the SDK believes the update landed in window \(sdkWindow + 1); it landed in window \(window + 1)")
      ]
    case .ignoredLocked(let window):
      let why = sdkWindowed ? "window \(window + 1) was locked" : "the 24 h value timer had frozen the value"
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
    case .fineIgnoredAfterFirstWindow(let window, _) where sdkWindowed && sdkWindow == 0:
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

  // MARK: - Helpers

  /// The conversion an untagged call reaches: the most recent one still taking updates.
  private func sdkTarget(slot: Int32) -> Int? {
    users[slot].conversions.indices.last { conversion in
      let state = users[slot].conversions[conversion]
      return state.windowStart != nil && !state.superseded && state.dropReason == nil
    }
  }

  /// The platform's window of `target` that would still take an update, described; nil when none.
  private func openPlatformWindow(_ target: Int?, slot: Int32, now: SimTime) -> String? {
    guard let target, let window = currentWindow(target, slot: slot, now: now),
      users[slot].conversions[target].windows[window].closedAt == nil
    else { return nil }
    return sdkWindowed ? "the platform's window \(window + 1) was open" : "the platform's value timer was still running"
  }

  /// Stops the SDK when its rules say its measurement is over, and returns the findings (one
  /// when the platform would still take values); nil while it goes on.
  private mutating func stopIfOver(
    _ state: inout SDKState, window: Int?, device: SimTime, target: Int?, slot: Int32, now: SimTime
  ) -> [SDKLintFinding]? {
    guard !state.stopped, let reason = stopReason(state, window: window, device: device, configuration: scenario.app.sdk!)
    else { return nil }
    state.stopped = true
    summary.sdk.stopped += 1
    guard let open = openPlatformWindow(target, slot: slot, now: now) else { return [] }
    return [SDKLintFinding(kind: .droppedBelievingWindowOver, message: "the SDK stopped (\(reason)) while \(open)")]
  }

  /// Why the SDK stops measuring now, or nil while it goes on.
  private func stopReason(_ state: SDKState, window: Int?, device: SimTime, configuration: ClientSDK) -> String? {
    if sdkWindowed {
      return window == nil ? "its last window ended \(configuration.windowEnds.last!) after its first call" : nil
    }
    // The 3.0 guide's SDK stops when `SECONDS_PER_DAY <= timeDiff`: at the timer, not after it.
    let idle = device - state.lastCall
    return idle >= configuration.valueTimer ? "\(configuration.valueTimer) since its last update" : nil
  }

  /// Counts the activity into the SDK's own measures and revenue totals.
  private func count(_ activity: SDKActivity, in state: inout SDKState, window: Int?, device: SimTime) {
    if let window, window != state.measuredWindow {
      state.inWindow = nothingMeasured
      state.measuredWindow = window
    }
    switch activity {
    case .session:
      state.sinceFirstCall.sessions += 1
      state.inWindow.sessions += 1
      let day = Int((device - state.firstCall).milliseconds / 86_400_000)
      if day != state.lastActiveDay {
        state.lastActiveDay = day
        state.sinceFirstCall.activeDays += 1
        state.inWindow.activeDays += 1
      }
    case .event(let name, _, _):
      if let event = eventIndex[name] {
        state.sinceFirstCall.eventCounts[event] += 1
        state.inWindow.eventCounts[event] += 1
      }
    case .revenue:
      break
    }
    guard let (amount, currency, kind) = activity.revenue else { return }
    if kind == .inAppPurchase {
      state.revenue[currency] += amount
      state.sinceFirstCall.purchaseRevenue[currency] += amount
      state.inWindow.purchaseRevenue[currency] += amount
    } else {
      state.adRevenue[currency] += amount
      state.sinceFirstCall.adRevenue[currency] += amount
      state.inWindow.adRevenue[currency] += amount
    }
  }

  /// The scenario's schema, asked with what the SDK measured, in the window it believes.
  private func schemaAnswer(_ state: SDKState, window: Int, device: SimTime) -> ConversionAnswer {
    var measurement = MeasurementState(
      window: window, valueRules: valueRules, sinceFirstLaunch: device - state.firstCall, currencies: currencies,
      inWindow: state.inWindow, sinceInstall: state.sinceFirstCall)
    measurement.lastFine = state.fine
    measurement.lastCoarse = state.coarse[window].flatMap { CoarseValue.allCases.indices.contains($0) ? CoarseValue.allCases[$0] : nil }
    guard let update = model.update(for: measurement) else { return .nothingNew }
    return .update(fine: update.fine, coarse: update.coarse.map { CoarseValue.allCases.firstIndex(of: $0)! }, lock: update.lock)
  }

  /// The GET request such SDKs send: who asks, about what, and the SDK's metadata (issue 9).
  private func sdkRequest(_ state: SDKState, activity: SDKActivity, slot: Int32) -> ConversionRequest {
    let configuration = scenario.app.sdk!
    var parameters = [
      ConversionRequest.Parameter("a", configuration.appKey),
      ConversionRequest.Parameter("p", configuration.platform),
      ConversionRequest.Parameter("i", scenario.app.bundleId ?? String(scenario.app.appId)),
      ConversionRequest.Parameter("app_v", configuration.appVersion),
      ConversionRequest.Parameter("n", activity.eventName),
      ConversionRequest.Parameter("u", users[slot].plan.name.description),
    ]
    for (key, value) in state.metadata(windowed: sdkWindowed, epoch: scenario.epoch, currencies: currencies) {
      parameters.append(ConversionRequest.Parameter(key, value.serialized()))
    }
    return ConversionRequest(parameters: parameters)
  }

  /// Emits the SDK's trace line with its metadata as it stands.
  private mutating func recordSDK(
    _ slot: Int32, now: SimTime, activity: String, detail: String?, answer: ConversionAnswer? = nil, action: String,
    platform: String? = nil, lint: [SDKLintFinding]
  ) {
    for finding in lint { summary.sdk.count(finding.kind) }
    let state = users[slot].sdk!
    let metadata = state.metadata(windowed: sdkWindowed, epoch: scenario.epoch, currencies: currencies)
    let record = SDKTraceRecord(
      time: now, user: users[slot].plan.name.description, activity: activity, detail: detail,
      answer: answer.map(Self.json), action: action, platform: platform,
      metadata: Dictionary(metadata.map { ($0.key, $0.value) }) { first, _ in first }, lint: lint)
    emit(.sdk(record), slot: slot)
  }

  /// An answer as the SDK read it, for the trace.
  package static func json(_ answer: ConversionAnswer) -> JSONValue {
    switch answer {
    case .update(let fine, let coarse, let lock):
      var object: [String: JSONValue] = [:]
      if let fine { object["conversion_value"] = .int(Int64(fine)) }
      if let coarse { object["skan_updated_coarse_value"] = .int(Int64(coarse)) }
      if lock { object["skan_updated_lock_window_value"] = .bool(true) }
      return .object(object)
    case .refused(let status, let reason):
      var object: [String: JSONValue] = ["status": .string(status)]
      if let reason { object["reason"] = .string(reason) }
      return .object(object)
    case .failed(let failure):
      return .object(["error": .string(failure.description)])
    }
  }

  private func describe(_ outcome: UpdateOutcome) -> String {
    switch outcome {
    case .applied(let window): sdkWindowed ? "applied in window \(window + 1)" : "applied"
    case .fineIgnoredAfterFirstWindow(let window, let counted):
      "ignored: fine value in window \(window + 1), fine values count in window 1 only"
        + (counted ? " (the call counts as the window's update)" : "")
    case .ignoredLocked(let window):
      sdkWindowed ? "ignored: window \(window + 1) is locked" : "ignored: the value timer has expired"
    case .afterLastWindow: "ignored: after the last window"
    case .rejectedOutOfRange: "rejected: value out of range"
    case .notIncreasing: "ignored: not greater than the platform's value"
    case .notReached: "no conversion takes the update"
    }
  }

  private static func describe(sdkWindow: Int?) -> String {
    sdkWindow.map { "in the SDK's window \($0 + 1)" } ?? "after the SDK's last window"
  }

  private static func describe(platformWindow: Int?) -> String {
    platformWindow.map { "in window \($0 + 1)" } ?? "past its last window"
  }
}

extension ConversionAnswer {
  /// An answer with nothing new.
  package static let nothingNew = ConversionAnswer.update(fine: nil, coarse: nil, lock: false)
}
