import SimEngine
import SimJSON
import SimModel
import SimPlatform

/// The client SDK in the app (issue 9): it registers at first launch, asks its conversion model
/// after every session, event and revenue, applies the answer by its own rules and clock, and
/// writes its metadata to `sdk-trace.jsonl`. The world knows the platform's real state, so each
/// trace line also carries every mismatch between the SDK's belief and what the platform did.
///
/// The world holds one, for scenarios whose app has an SDK, and hands itself in as the
/// ``ClientSDKContext``. A class: its requests in flight change while the world, which holds it,
/// is being changed by the same call. Each user's SDK state lives with the user
/// (``ActiveUser/sdk``), released with them.
package final class SimulatedClientSDK {
  /// The SDK's settings: its model, its rules and its request parameters.
  package let configuration: ClientSDK
  /// Whether the SDK keeps per-window metadata: SKAdNetwork 4.0 and AdAttributionKit.
  package let windowed: Bool
  private let model: any ConversionModel
  private let valueRules: MeasurementState.ValueRules
  /// The events and currencies counted, in the world's order.
  private let layout: MeasureLayout
  private let epoch: Epoch
  /// The app as requests name it: its bundle ID, else its App Store ID.
  private let appIdentifier: String
  /// The endpoint or command the SDK asks, behind a bounded pool; nil for built-in models.
  private let pool: ConversionRequestPool?
  /// Requests in flight, by the number their answer event carries.
  private var tickets: [Int32: ConversionRequestPool.Ticket] = [:]
  private var nextTicket: Int32 = 0

  /// The SDK of `scenario`'s app, nil when it has none; `layout` is the world's, so both count
  /// alike.
  package init?(scenario: Scenario, model: any ConversionModel, layout: MeasureLayout, pool: ConversionRequestPool?) {
    guard let configuration = scenario.app.sdk else { return nil }
    self.configuration = configuration
    valueRules = scenario.attributionFramework.valueRules
    windowed = valueRules == .windowed
    self.model = model
    self.layout = layout
    epoch = scenario.epoch
    appIdentifier = scenario.app.bundleId ?? String(scenario.app.appId)
    self.pool = pool
  }

  /// The first launch: the SDK's registration call sets value 0 and starts its clock (§4).
  package func register(slot: Int32, now: SimTime, context: inout some ClientSDKContext) {
    context.users[slot].sdk = SDKState(
      registeredAt: now + context.users[slot].clockOffset, eventCount: layout.trackedEvents.count,
      currencyCount: layout.currencies.count)
    context.summary.sdk.registrations += 1
  }

  /// The SDK's share of an activity: its bookkeeping, its stop rules, then a request.
  package func handle(
    _ activity: SDKActivity, slot: Int32, context: inout some ClientSDKContext, in simulation: inout Simulation<WorldEvent>
  ) {
    guard var state = context.users[slot].sdk else { return }
    let now = simulation.now
    let device = now + context.users[slot].clockOffset
    context.summary.sdk.activities += 1
    var lint: [SDKLintFinding] = []
    let window = windowed ? state.window(at: device, ends: configuration.windowEnds) : 0
    let target = untaggedTarget(of: slot, in: context.users)
    let platformWindow = target.flatMap { context.currentWindow($0, slot: slot, now: now) }
    count(activity, in: &state, window: window, device: device)
    if let (amount, currency, kind) = activity.revenue {
      if let window {
        if kind == .inAppPurchase { state.windowRevenue[window][currency] += amount }
        else { state.windowAdRevenue[window][currency] += amount }
      }
      if windowed, target != nil, window != platformWindow {
        lint.append(
          SDKLintFinding(
            kind: .revenueInWrongWindow,
            message: "\(amount) \(layout.currencies[currency]) counted \(Self.describe(sdkWindow: window)); "
              + "the platform was \(Self.describe(platformWindow: platformWindow))"))
      }
    }
    lint += stopIfOver(&state, window: window, device: device, target: target, slot: slot, now: now, context: &context) ?? []
    guard !state.stopped else {
      context.users[slot].sdk = state
      recordSDK(slot, now: now, activity: activity.label, detail: activity.detail, action: "stopped", lint: lint, context: &context)
      return
    }
    state.requests += 1
    context.summary.sdk.requests += 1
    context.users[slot].sdk = state
    let answer: ConversionAnswer
    switch configuration.model {
    case .sequential:
      // The 3.0 S2S guide's test endpoint (an MMP's, not Apple's): 0, 1, 2, then the value persists.
      answer = state.requests <= 3 ? .update(fine: state.requests - 1, coarse: nil, lock: false) : .nothingNew
    case .schema:
      answer = schemaAnswer(state, window: window ?? 0, device: device)
    case .endpoint, .command:
      let request = serviceRequest(state, activity: activity, user: context.users[slot].plan.name.description)
      let ticket = pool!.submit(request)
      let number = nextTicket
      nextTicket &+= 1
      tickets[number] = ticket
      context.schedule(.sdkAnswer(slot: slot, ticket: number), for: slot, at: now + configuration.responseTime, in: &simulation)
      recordSDK(slot, now: now, activity: activity.label, detail: activity.detail, action: "asked", lint: lint, context: &context)
      return
    }
    let outcome = apply(answer, slot: slot, context: &context, in: &simulation)
    recordSDK(
      slot, now: now, activity: activity.label, detail: activity.detail, answer: answer, action: outcome.action,
      platform: outcome.platform, lint: lint + outcome.lint, context: &context)
  }

  /// A service's answer arrives: the SDK applies it then, by its state and clock at that time.
  package func answerArrives(
    ticket number: Int32, slot: Int32, context: inout some ClientSDKContext, in simulation: inout Simulation<WorldEvent>
  ) {
    let ticket = tickets.removeValue(forKey: number)!
    let answer = pool!.answer(for: ticket)
    let outcome = apply(answer, slot: slot, context: &context, in: &simulation)
    recordSDK(
      slot, now: simulation.now, activity: "answer", detail: nil, answer: answer, action: outcome.action,
      platform: outcome.platform, lint: outcome.lint, context: &context)
  }

  // MARK: - Helpers

  /// The conversion an untagged call reaches: the most recent one still taking updates.
  func untaggedTarget(of slot: Int32, in users: borrowing UserSlots) -> Int? {
    users[slot].conversions.indices.last { conversion in
      let state = users[conversion, of: slot]
      return state.windowStart != nil && !state.superseded && state.dropReason == nil
    }
  }

  /// The platform's window of `target` that would still take an update, described; nil when none.
  func openPlatformWindow(_ target: Int?, slot: Int32, now: SimTime, context: borrowing some ClientSDKContext) -> String? {
    guard let target, let window = context.currentWindow(target, slot: slot, now: now),
      context.users[target, of: slot].windows[window].closedAt == nil
    else { return nil }
    return windowed ? "the platform's window \(window + 1) was open" : "the platform's value timer was still running"
  }

  /// Stops the SDK when its rules say its measurement is over, and returns the findings (one
  /// when the platform would still take values); nil while it goes on.
  func stopIfOver(
    _ state: inout SDKState, window: Int?, device: SimTime, target: Int?, slot: Int32, now: SimTime,
    context: inout some ClientSDKContext
  ) -> [SDKLintFinding]? {
    guard !state.stopped, let reason = stopReason(state, window: window, device: device)
    else { return nil }
    state.stopped = true
    context.summary.sdk.stopped += 1
    guard let open = openPlatformWindow(target, slot: slot, now: now, context: context) else { return [] }
    return [SDKLintFinding(kind: .droppedBelievingWindowOver, message: "the SDK stopped (\(reason)) while \(open)")]
  }

  /// Why the SDK stops measuring now, or nil while it goes on.
  func stopReason(_ state: SDKState, window: Int?, device: SimTime) -> String? {
    if windowed {
      return window == nil ? "its last window ended \(configuration.windowEnds.last!) after its first call" : nil
    }
    // The 3.0 guide's SDK stops when `SECONDS_PER_DAY <= timeDiff`: at the timer, not after it.
    let idle = device - state.lastCall
    return idle >= configuration.valueTimer ? "\(configuration.valueTimer) since its last update" : nil
  }

  /// Counts the activity into the SDK's own measures and revenue totals.
  func count(_ activity: SDKActivity, in state: inout SDKState, window: Int?, device: SimTime) {
    if let window, window != state.measuredWindow {
      state.inWindow = layout.nothingMeasured
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
    case .event(let name, let revenue, let currency):
      if let event = layout.eventIndex[name] {
        state.sinceFirstCall.eventCounts[event] += 1
        state.inWindow.eventCounts[event] += 1
        if let revenue, let currency {
          state.sinceFirstCall.eventRevenue[event] += revenue * layout.schemaRates[currency]
          state.inWindow.eventRevenue[event] += revenue * layout.schemaRates[currency]
        }
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
  func schemaAnswer(_ state: SDKState, window: Int, device: SimTime) -> ConversionAnswer {
    var measurement = MeasurementState(
      window: window, valueRules: valueRules, sinceFirstLaunch: device - state.firstCall, currencies: layout.currencies,
      inWindow: state.inWindow, sinceInstall: state.sinceFirstCall)
    measurement.lastFine = state.fine
    measurement.lastCoarse = state.coarse[window].flatMap { CoarseValue.allCases.indices.contains($0) ? CoarseValue.allCases[$0] : nil }
    guard let update = model.update(for: measurement) else { return .nothingNew }
    return .update(fine: update.fine, coarse: update.coarse.map { CoarseValue.allCases.firstIndex(of: $0)! }, lock: update.lock)
  }

  /// The GET request such SDKs send: who asks, about what, and the SDK's metadata (issue 9).
  func serviceRequest(_ state: SDKState, activity: SDKActivity, user: String) -> ConversionRequest {
    var parameters = [
      ConversionRequest.Parameter("a", configuration.appKey),
      ConversionRequest.Parameter("p", configuration.platform),
      ConversionRequest.Parameter("i", appIdentifier),
      ConversionRequest.Parameter("app_v", configuration.appVersion),
      ConversionRequest.Parameter("n", activity.eventName),
      ConversionRequest.Parameter("u", user),
    ]
    for (key, value) in state.metadata(windowed: windowed, epoch: epoch, currencies: layout.currencies) {
      parameters.append(ConversionRequest.Parameter(key, value.serialized()))
    }
    return ConversionRequest(parameters: parameters)
  }

  /// Emits the SDK's trace line with its metadata as it stands.
  func recordSDK(
    _ slot: Int32, now: SimTime, activity: String, detail: String?, answer: ConversionAnswer? = nil, action: String,
    platform: String? = nil, lint: [SDKLintFinding], context: inout some ClientSDKContext
  ) {
    for finding in lint { context.summary.sdk.count(finding.kind) }
    let state = context.users[slot].sdk!
    let metadata = state.metadata(windowed: windowed, epoch: epoch, currencies: layout.currencies)
    let record = SDKTraceRecord(
      time: now, user: context.users[slot].plan.name.description, activity: activity, detail: detail,
      answer: answer.map(Self.json), action: action, platform: platform,
      metadata: Dictionary(metadata.map { ($0.key, $0.value) }) { first, _ in first }, lint: lint)
    context.emit(.sdk(record), slot: slot)
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

  static func describe(sdkWindow: Int?) -> String {
    sdkWindow.map { "in the SDK's window \($0 + 1)" } ?? "after the SDK's last window"
  }

  static func describe(platformWindow: Int?) -> String {
    platformWindow.map { "in window \($0 + 1)" } ?? "past its last window"
  }
}

extension ConversionAnswer {
  /// An answer with nothing new.
  package static let nothingNew = ConversionAnswer.update(fine: nil, coarse: nil, lock: false)
}
