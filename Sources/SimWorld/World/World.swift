import SimBehaviour
import SimEngine
import SimModel
import SimPlatform
import SimRecords

/// The simulated world: devices running the app and the platform's SKAdNetwork rules.
///
/// It turns users' planned actions into impressions, installs, conversion-value updates and
/// postbacks, and streams drafts of them to a sink; crowd anonymity is decided after the world,
/// once all users' installs are known (``TierStage``). One instance runs one scenario, or one
/// shard of its users. The rules live in extensions: attribution, conversion values, postbacks.
/// The client SDK and Apple Ads are subsystems it holds (``SimulatedClientSDK``,
/// ``SimulatedAppleAds``), which it calls with itself as their context.
package struct World: EventHandler, ClientSDKContext, AppleAdsContext {
  package let scenario: Scenario
  /// The platform's rules: windows, values and tiers (§4, §5, §6).
  package let framework: any AttributionFramework
  /// For each network, the rules its ads follow (§3.6).
  package let adFrameworks: [any AttributionFramework]
  package let windows: WindowSchedule
  package let model: any ConversionModel
  /// Views shorter than this are not recorded: 2 s from iOS 15.4, 3 s before (§2.3).
  package let minimumViewDuration: SimDuration
  /// An existential rather than a generic parameter: a generic world would run its hot paths
  /// unspecialised, and the sink is only called once per output line.
  package var sink: any DraftSink
  package var summary = RunSummary()
  /// The time of the event being handled: drafts are stamped with it.
  package private(set) var clock = SimTime.zero
  /// Each network's impression signing, when the device checks signatures cryptographically (§7.3).
  package let impressionSigners: [ImpressionSigner]
  /// Whether honest impressions go through ECDSA too (`cryptographic`), or only tampered ones
  /// (`tampered-only`).
  package let signsHonestImpressions: Bool

  package var users = UserSlots()
  /// When the run stops, if it stops before every user is done.
  package let horizon: SimTime?
  /// Events handled without passing through the queue (``recordAllImpressions(slot:in:)``):
  /// the run's processed events are the queue's and these.
  package private(set) var eventsOutsideQueue = 0
  /// Builds finished conversions' records; made once, as it holds the scenario.
  private let recordBuilder: ConversionRecordBuilder
  /// The users this world admits, with their plans, as they arrive.
  private var arrivals: WorldArrivals
  /// Told how many cohort users have arrived, of how many, every few thousand arrivals.
  package var progress: ((_ arrived: Int, _ total: Int) -> Void)?
  /// For each publisher, which networks it lists (rulebook §3.1).
  package let publisherLists: [Set<Int>]
  /// The events and currencies the device counts, in the order of measure arrays.
  package let layout: MeasureLayout
  /// How the platform treats conversion values for the scenario's ads (§4).
  package let valueRules: MeasurementState.ValueRules
  /// For each network, how long its clicks and views can win an install (§2.2, §2.5).
  package let impressionLifetimes: [(click: SimDuration, view: SimDuration)]
  /// The app's client SDK, in scenarios whose app has one.
  package let clientSDK: SimulatedClientSDK?
  /// Apple Ads, in scenarios with Apple Ads.
  package let appleAds: SimulatedAppleAds?

  /// A world for `scenario`'s users in `shard` (all of them by default).
  package init(
    scenario: Scenario, model: any ConversionModel, keys: SimulatedKeys, sink: any DraftSink,
    shard: Shard = .whole, lane: Lane = .whole, sdkPool: ConversionRequestPool? = nil
  ) {
    self.scenario = scenario
    self.model = model
    self.sink = sink
    horizon = scenario.horizon.map { SimTime.zero + $0 }
    framework = scenario.attributionFramework
    adFrameworks = scenario.adNetworks.map { AttributionFrameworks.ads(of: $0, on: scenario.platform) }
    windows = .for(scenario.platform, rules: scenario.rules)
    minimumViewDuration = scenario.platform.minimumViewDuration
    arrivals = WorldArrivals(scenario: scenario, shard: shard, lane: lane)
    publisherLists = scenario.publishers.map { Set($0.adNetworks) }
    layout = MeasureLayout(scenario: scenario, model: model)
    recordBuilder = ConversionRecordBuilder(scenario: scenario, eventNames: layout.trackedEvents, currencies: layout.currencies)
    valueRules = framework.valueRules
    summary.users = arrivals.userCount
    let configuration = scenario.app.attributionConfiguration
    impressionLifetimes = scenario.adNetworks.map {
      (configuration.lifetime(of: .click, network: $0.identifier), configuration.lifetime(of: .view, network: $0.identifier))
    }
    let check = scenario.signing.impressionCheck
    impressionSigners = check == .flag ? [] : keys.adNetworks.map(ImpressionSigner.init)
    signsHonestImpressions = check == .cryptographic
    clientSDK = SimulatedClientSDK(scenario: scenario, model: model, layout: layout, pool: sdkPool)
    appleAds = SimulatedAppleAds(scenario: scenario)
  }

  /// Schedules the scripted users and the first cohort arrival.
  package mutating func start(in simulation: inout Simulation<WorldEvent>) {
    for (plan, ordinal) in arrivals.scriptedUsers(of: scenario) {
      admit(plan, ordinal: ordinal, in: &simulation)
    }
    if let first = arrivals.first() { simulation.schedule(.admitNext, at: first) }
  }

  package mutating func handle(_ event: WorldEvent, in simulation: inout Simulation<WorldEvent>) {
    clock = simulation.now
    switch event {
    case .admitNext:
      let (plan, ordinal, next) = arrivals.admit()
      if let next { simulation.schedule(.admitNext, at: next) }
      let (arrived, total) = (arrivals.arrived, arrivals.total)
      if arrived % 4096 == 0 || arrived == total { progress?(arrived, total) }
      admit(plan, ordinal: ordinal, in: &simulation)
    case .action(let slot), .windowEnd(let slot, _, _), .send(let slot, _, _), .sendRunnerUp(let slot, _, _),
      .adServicesCall(let slot), .sdkAnswer(let slot, _):
      // A user's lifecycle bookkeeping, in one place: each of their events was counted pending
      // when scheduled, and the user is finished once none is and their plan is done.
      users[slot].pending -= 1
      handle(event, of: slot, in: &simulation)
      finishIfDone(slot)
    }
  }

  /// Handles one of the events of the user in `slot`.
  private mutating func handle(_ event: WorldEvent, of slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    switch event {
    case .admitNext: preconditionFailure("an arrival is no user's event")
    case .action: perform(slot: slot, in: &simulation)
    case .windowEnd(_, let conversion, let window):
      windowEnds(Int(window), of: Int(conversion), slot: slot, in: &simulation)
    case .send(_, let conversion, let window): send(window: Int(window), of: Int(conversion), slot: slot, now: simulation.now)
    case .sendRunnerUp(_, let conversion, let index):
      sendRunnerUp(Int(index), of: Int(conversion), slot: slot, now: simulation.now)
    case .adServicesCall:
      guard let appleAds else { preconditionFailure("an AdServices call with no Apple Ads") }
      appleAds.callAttributionAPI(slot: slot, context: &self, in: &simulation)
    case .sdkAnswer(_, let ticket):
      guard let clientSDK else { preconditionFailure("an SDK answer with no SDK") }
      clientSDK.answerArrives(ticket: ticket, slot: slot, context: &self, in: &simulation)
    }
  }

  /// Emits the ground truth of users still in flight when the run stopped early, stamped with
  /// the horizon so that every shard stamps them alike.
  package mutating func finishAll(at horizon: SimTime) {
    clock = horizon
    for slot in users.held {
      finish(slot)
    }
  }

  // MARK: - Users

  private mutating func admit(_ plan: consuming UserPlan, ordinal: Int, in simulation: inout Simulation<WorldEvent>) {
    guard let first = plan.next else { return }
    let slot = users.admit(ActiveUser(plan: plan, ordinal: ordinal))
    if !sink.wantsTrace, users[slot].plan.onlyImpressionsLeft {
      recordAllImpressions(slot: slot, in: &simulation)
      return
    }
    schedule(.action(slot: slot), for: slot, at: max(SimTime.zero + first.at, simulation.now), in: &simulation)
  }

  /// Records every impression of a user who will do nothing else, now, and releases them: most
  /// users never install, and holding each in a slot (with their plan) for the days until their
  /// next impression made a run's memory grow with its users.
  ///
  /// The outcome is the one the queue would give, event for event. A user's impressions change
  /// only their own state (their impression store and ad count) and counts that are sums, and
  /// such a user emits nothing without a trace; so recording them in their own time order, now
  /// rather than interleaved with other users', leaves every output as it was, and no other
  /// event's order moves. Each counts as a processed event, as it was one; impressions after the
  /// horizon are not recorded, as the queue would not reach them.
  private mutating func recordAllImpressions(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    var time = simulation.now
    while let next = users[slot].plan.next {
      time = max(SimTime.zero + next.at, time)
      if let horizon, time > horizon { break }
      guard case .impression(let exposure) = users[slot].plan.take().action else {
        preconditionFailure("a plan of impressions only held another action")
      }
      eventsOutsideQueue += 1
      record(exposure, slot: slot, at: time, in: &simulation)
    }
    users.release(slot)
  }

  private mutating func finishIfDone(_ slot: Int32) {
    // Field by field: copying the whole user would retain and release all its arrays.
    if users[slot].pending == 0, users[slot].plan.isDone {
      finish(slot)
    }
  }

  private mutating func finish(_ slot: Int32) {
    for var conversion in users[slot].conversions {
      if conversion.type == .reengagement, conversion.windowStart == nil, conversion.dropReason == nil {
        conversion.dropReason = "no update within 2 days of the re-engagement"
        summary.reengagementsWithoutUpdate += 1
      }
      emit(.conversion(recordBuilder.record(conversion, user: users[slot].plan.name, country: users[slot].plan.country)), slot: slot)
    }
    if let appleAds { appleAds.countInstallClaims(slot: slot, context: &self) }
    users.release(slot)
  }

  private mutating func perform(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let (step, nextTime) = users[slot].plan.takeWithNextTime()
    if let nextTime {
      schedule(.action(slot: slot), for: slot, at: max(SimTime.zero + nextTime, simulation.now), in: &simulation)
    }
    switch step.action {
    case .impression(let exposure):
      record(exposure, slot: slot, at: simulation.now, in: &simulation)
    case .appleAds(let interaction):
      if let appleAds { appleAds.interact(interaction, slot: slot, context: &self, in: &simulation) }
    case .install(let redownload, let preOrder):
      install(slot: slot, redownload: redownload, preOrder: preOrder, in: &simulation)
    case .launch:
      open(slot: slot, in: &simulation)
    case .event(let name, let revenue, let currency):
      logInApp(slot, revenue == nil ? .event : .purchase, name: name, revenue: revenue, currency: currency)
      let event = layout.eventIndex[name]
      // Only revenue's currency is among the scenario's currencies.
      let currencySlot = revenue.map { _ in layout.currencyIndex[currency]! }
      let value = revenue.map { $0 * layout.schemaRates[currencySlot!] }
      measure(slot: slot, in: &simulation) { measures in
        if let event { measures.eventCounts[event] += 1 }
        if let event, let value { measures.eventRevenue[event] += value }
        if let revenue, let currencySlot { measures.purchaseRevenue[currencySlot] += revenue }
      }
      sdkActivity(.event(name: name, revenue: revenue, currency: currencySlot), slot: slot, in: &simulation)
    case .revenue(let amount, let kind, let currency):
      switch kind {
      case .inAppPurchase: logInApp(slot, .purchase, name: InAppEventRecord.purchaseName, revenue: amount, currency: currency)
      case .ad: logInApp(slot, .ad, name: InAppEventRecord.adName, revenue: amount, currency: currency)
      }
      let currency = layout.currencyIndex[currency]!
      measure(slot: slot, in: &simulation) { measures in
        switch kind {
        case .inAppPurchase: measures.purchaseRevenue[currency] += amount
        case .ad: measures.adRevenue[currency] += amount
        }
      }
      sdkActivity(.revenue(amount: amount, kind: kind, currency: currency), slot: slot, in: &simulation)
    case .clockChange(let offset):
      users[slot].clockOffset = users[slot].clockOffset + offset
      trace(slot, at: simulation.now, .note, .deviceClockMoves(offset))
    case .conversionValueUpdate(let update, let api, let routing):
      call(update, api: api, routing: routing, slot: slot, in: &simulation)
    }
  }

  /// Records a platform decision, explained by its rule's note, when the sink wants a trace (the
  /// note is built only then).
  package mutating func trace(_ slot: Int32, at time: SimTime, _ level: TraceRecord.Level, _ note: @autoclosure () -> RuleNote) {
    guard sink.wantsTrace else { return }
    let note = note()
    let user = users[slot].plan.name.description
    emit(.trace(TraceRecord(time: time, user: user, level: level, rule: note.rule, message: note.message)), slot: slot)
  }

  /// Counts an outcome for the user in `slot` and traces it: the one door for an outcome that is
  /// both counted and traced, so neither record can be forgotten.
  @inline(__always)
  package mutating func note(
    _ counter: WritableKeyPath<RunSummary, Int>, _ slot: Int32, at time: SimTime, _ level: TraceRecord.Level,
    _ note: @autoclosure () -> RuleNote
  ) {
    summary[keyPath: counter] += 1
    trace(slot, at: time, level, note())
  }

  /// Tells the app's SDK, if any, of an activity of the user in `slot`.
  package mutating func sdkActivity(_ activity: SDKActivity, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    guard let clientSDK else { return }
    clientSDK.handle(activity, slot: slot, context: &self, in: &simulation)
  }

  /// Schedules one of the user in `slot`'s events, counted pending: the user is not finished
  /// before it is handled.
  package mutating func schedule(
    _ event: WorldEvent, for slot: Int32, at time: SimTime, priority: EventPriority,
    in simulation: inout Simulation<WorldEvent>
  ) {
    users[slot].pending += 1
    simulation.schedule(event, at: time, priority: priority)
  }

  /// Hands a draft about the user in `slot` to the sink, stamped with the clock.
  package mutating func emit(_ draft: RunDraft, slot: Int32) {
    sink.receive(DraftEnvelope(at: clock, ordinal: users[slot].ordinal, draft: draft))
  }
}
