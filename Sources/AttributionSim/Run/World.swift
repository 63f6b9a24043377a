import SimEngine

/// The simulated world: devices running the app and the platform's SKAdNetwork 4 rules.
///
/// It turns users' planned actions into impressions, installs, conversion-value updates and
/// postbacks, and streams finished results to a sink. One instance runs one scenario.
struct World: EventHandler {
  let scenario: Scenario
  let windows: WindowSchedule
  let model: any ConversionModel
  let tierPolicy: any TierPolicy
  /// An existential rather than a generic parameter: a generic world would run its hot paths
  /// unspecialised, and the sink is only called once per output line.
  var sink: any RunSink
  var summary = RunSummary()

  private var users: [ActiveUser?] = []
  private var freeSlots: [Int32] = []
  private let behaviours: [CohortBehaviour]
  private let arrivals: [(time: SimTime, cohort: Int32, index: Int32)]
  private var nextArrival = 0
  /// For each publisher, which networks it lists (rulebook §3.1).
  private let publisherLists: [Set<Int>]
  private let eventIndex: [String: Int]

  init(scenario: Scenario, model: any ConversionModel, tierPolicy: any TierPolicy, sink: any RunSink) {
    self.scenario = scenario
    self.model = model
    self.tierPolicy = tierPolicy
    self.sink = sink
    windows = .for(scenario.platform)
    let root = RandomStream(seed: scenario.seed)
    behaviours = scenario.cohorts.map { CohortBehaviour(cohort: $0, scenario: scenario, root: root) }
    // Only arrival times are drawn up front; each user's plan is drawn when they arrive, so
    // memory holds the users in flight, not all users.
    var arrivals: [(time: SimTime, cohort: Int32, index: Int32)] = []
    arrivals.reserveCapacity(scenario.cohorts.reduce(0) { $0 + $1.count })
    for (cohortIndex, behaviour) in behaviours.enumerated() {
      for index in 0..<behaviour.cohort.count {
        arrivals.append((behaviour.arrival(of: index), Int32(cohortIndex), Int32(index)))
      }
    }
    arrivals.sort { ($0.time, $0.cohort, $0.index) < ($1.time, $1.cohort, $1.index) }
    self.arrivals = arrivals
    publisherLists = scenario.publishers.map { Set($0.adNetworks) }
    eventIndex = Dictionary(model.eventNames.enumerated().map { ($0.element, $0.offset) }) { first, _ in first }
    summary.users = scenario.userCount
  }

  /// Schedules the scripted users and the first cohort arrival.
  mutating func start(in simulation: inout Simulation<WorldEvent>) {
    let root = RandomStream(seed: scenario.seed)
    for user in scenario.scriptedUsers {
      let plan = UserPlan(
        name: UserName(base: user.name), country: user.country, actions: user.timeline,
        stream: root.child("user").child(user.name))
      admit(plan, in: &simulation)
    }
    if let first = arrivals.first { simulation.schedule(.admitNext, at: first.time) }
  }

  mutating func handle(_ event: WorldEvent, in simulation: inout Simulation<WorldEvent>) {
    switch event {
    case .admitNext:
      let arrival = arrivals[nextArrival]
      nextArrival += 1
      if nextArrival < arrivals.count { simulation.schedule(.admitNext, at: arrivals[nextArrival].time) }
      let plan = behaviours[Int(arrival.cohort)].plan(of: Int(arrival.index), arrival: arrival.time)
      admit(plan, in: &simulation)
    case .action(let slot):
      users[Int(slot)]!.pending -= 1
      perform(slot: slot, in: &simulation)
      finishIfDone(slot)
    case .windowEnd(let slot, let window):
      users[Int(slot)]!.pending -= 1
      if users[Int(slot)]!.conversion?.windows[Int(window)].closedAt == nil {
        close(window: Int(window), slot: slot, in: &simulation)
      }
      finishIfDone(slot)
    case .send(let slot, let window):
      users[Int(slot)]!.pending -= 1
      send(window: Int(window), slot: slot, now: simulation.now)
      finishIfDone(slot)
    }
  }

  /// Emits the ground truth of users still in flight when the run stopped early (horizon).
  mutating func finishAll() {
    for slot in users.indices where users[slot] != nil {
      finish(Int32(slot))
    }
  }

  // MARK: - Users

  private mutating func admit(_ plan: UserPlan, in simulation: inout Simulation<WorldEvent>) {
    guard let first = plan.actions.first else { return }
    let slot: Int32
    if let free = freeSlots.popLast() {
      slot = free
      users[Int(slot)] = ActiveUser(plan: plan)
    } else {
      slot = Int32(users.count)
      users.append(ActiveUser(plan: plan))
    }
    users[Int(slot)]!.pending = 1
    simulation.schedule(.action(slot: slot), at: max(SimTime.zero + first.at, simulation.now))
  }

  private mutating func finishIfDone(_ slot: Int32) {
    // Field by field: copying the whole user would retain and release all its arrays.
    let index = Int(slot)
    if users[index]!.pending == 0, users[index]!.nextAction == users[index]!.plan.actions.count {
      finish(slot)
    }
  }

  private mutating func finish(_ slot: Int32) {
    if let user = users[Int(slot)], let conversion = user.conversion {
      sink.receive(ConversionRecordBuilder(scenario: scenario, windows: windows).record(conversion, user: user.plan))
    }
    users[Int(slot)] = nil
    freeSlots.append(slot)
  }

  private mutating func perform(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let index = Int(slot)
    let step = users[index]!.plan.actions[users[index]!.nextAction]
    users[index]!.nextAction += 1
    if users[index]!.nextAction < users[index]!.plan.actions.count {
      let next = users[index]!.plan.actions[users[index]!.nextAction]
      users[index]!.pending += 1
      simulation.schedule(.action(slot: slot), at: max(SimTime.zero + next.at, simulation.now))
    }
    let now = simulation.now
    switch step.action {
    case .impression(let exposure):
      let listed = publisherLists[exposure.publisher].contains(exposure.network)
      switch users[index]!.impressions.record(exposure, at: now, publisherListsNetwork: listed) {
      case nil:
        if case .click = exposure.kind { summary.clicks += 1 } else { summary.views += 1 }
      case .viewTooShort: summary.viewsTooShort += 1
      case .publisherDoesNotListNetwork: summary.impressionsIneligible += 1
      }
    case .install(let redownload):
      install(slot: slot, redownload: redownload, now: now)
    case .launch:
      summary.sessions += 1
      if !users[index]!.launched {
        users[index]!.launched = true
        summary.firstLaunches += 1
        register(slot: slot, in: &simulation)
      }
      measure(slot: slot, now: now, in: &simulation) { $0.sessions += 1 }
    case .event(let name, let revenue):
      let event = eventIndex[name]
      measure(slot: slot, now: now, in: &simulation) { state in
        if let event { state.eventCounts[event] += 1 }
        state.purchaseRevenue += revenue ?? 0
      }
    case .revenue(let amount, let kind):
      measure(slot: slot, now: now, in: &simulation) { state in
        switch kind {
        case .inAppPurchase: state.purchaseRevenue += amount
        case .ad: state.adRevenue += amount
        }
      }
    case .conversionValueUpdate(let update):
      if users[index]!.conversion?.windowStart != nil { apply(update, slot: slot, in: &simulation) }
    }
  }

  // MARK: - Attribution

  private mutating func install(slot: Int32, redownload: Bool, now: SimTime) {
    let index = Int(slot)
    summary.installs += 1
    if redownload { summary.redownloads += 1 }
    guard let winner = users[index]!.impressions.winner(at: now) else { return }
    summary.attributedInstalls += 1
    let facts = ConversionFacts(
      network: Int(winner.network), campaign: Int(winner.campaign), publisher: Int(winner.publisher),
      country: users[index]!.plan.country)
    let tier = tierPolicy.decide(for: facts)
    summary.conversionsByTier[tier.tier] += 1
    let measurementWindows = (0..<3).map {
      ConversionWindow(measurement: MeasurementState(window: $0, eventCount: model.eventNames.count))
    }
    users[index]!.conversion = Conversion(
      winner: winner, installTime: now, redownload: redownload, tier: tier, windows: measurementWindows,
      stream: users[index]!.plan.stream.child("conversion"))
  }

  /// First launch: the install registers and window 1 starts with conversion value 0
  /// (rulebook §4 "Registration", §5.2), if within 60 days of install (§2.2).
  private mutating func register(slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let index = Int(slot)
    guard let conversion = users[index]!.conversion else { return }
    let now = simulation.now
    if now - conversion.installTime > .days(60) {
      users[index]!.conversion!.dropReason = "no first launch within 60 days of install"
      summary.noLaunchWithin60Days += 1
      return
    }
    users[index]!.conversion!.windowStart = now
    users[index]!.conversion!.windows[0].fine = 0
    users[index]!.conversion!.windows[0].updated = true
    summary.updateCalls += 1
    summary.updatesApplied += 1
    for (window, end) in windows.windowEnds.enumerated() {
      users[index]!.pending += 1
      simulation.schedule(.windowEnd(slot: slot, window: Int8(window)), at: now + end, priority: .first)
    }
  }

  /// Adds an activity to the current window's measurements and asks the conversion model
  /// whether to update.
  private mutating func measure(
    slot: Int32, now: SimTime, in simulation: inout Simulation<WorldEvent>,
    _ change: (inout MeasurementState) -> Void
  ) {
    let index = Int(slot)
    guard let conversion = users[index]!.conversion, let start = conversion.windowStart,
      let window = windows.window(at: now - start), conversion.windows[window].closedAt == nil
    else { return }
    change(&users[index]!.conversion!.windows[window].measurement)
    let current = users[index]!.conversion!.windows[window]
    guard let update = model.update(for: current.measurement) else { return }
    // An app's SDK only calls the API when something would change.
    let fineChanges = window == 0 && update.fine != nil && update.fine != current.fine
    let coarseChanges = update.coarse != nil && update.coarse != current.coarse
    guard fineChanges || coarseChanges || update.lock else { return }
    apply(update, slot: slot, in: &simulation)
  }

  /// One call to the conversion-value API (rulebook §4, §5.2).
  private mutating func apply(_ update: ConversionUpdate, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let index = Int(slot)
    summary.updateCalls += 1
    guard let start = users[index]!.conversion?.windowStart else { return }
    guard let window = windows.window(at: simulation.now - start) else {
      summary.updatesAfterLastWindow += 1
      return
    }
    if let fine = update.fine, !ConversionUpdate.fineRange.contains(fine) {
      summary.updatesRejectedOutOfRange += 1
      return
    }
    if users[index]!.conversion!.windows[window].closedAt != nil {
      summary.updatesIgnoredLocked += 1
      return
    }
    if let fine = update.fine {
      if window == 0 {
        users[index]!.conversion!.windows[0].fine = fine
      } else {
        summary.fineValuesIgnoredAfterFirstWindow += 1
      }
    }
    if let coarse = update.coarse { users[index]!.conversion!.windows[window].coarse = coarse }
    users[index]!.conversion!.windows[window].updated = true
    summary.updatesApplied += 1
    if update.lock {
      users[index]!.conversion!.windows[window].locked = true
      close(window: window, slot: slot, in: &simulation)
    }
  }

  // MARK: - Postbacks

  /// Closes a window by lock or end and prepares its postback with a random send delay.
  private mutating func close(window: Int, slot: Int32, in simulation: inout Simulation<WorldEvent>) {
    let index = Int(slot)
    let now = simulation.now
    users[index]!.conversion!.windows[window].closedAt = now
    let conversion = users[index]!.conversion!
    // Postbacks 2 and 3 need tier 1 or more and an update during their window (rulebook §5.2).
    guard window == 0 || (conversion.tier.tier >= 1 && conversion.windows[window].updated) else {
      summary.windowsWithoutPostback += 1
      return
    }
    var delayStream = conversion.stream.child("send-delay").child(window)
    let delay = SimDuration.milliseconds(delayStream.uniform(in: windows.sendDelays[window]))
    let transactionId = ConversionRecordBuilder.transactionId(conversion, window: window)
    let network = scenario.adNetworks[Int(conversion.winner.network)]
    let state = conversion.windows[window]
    let postback = SKAdNetworkPostback(
      networkIdentifier: network.identifier,
      sourceIdentifier: network.campaigns[Int(conversion.winner.campaign)].sourceIdentifier,
      appId: scenario.app.appId, transactionId: transactionId, redownload: conversion.redownload,
      sourceAppId: scenario.publishers[Int(conversion.winner.publisher)].appId,
      fidelityType: Int(conversion.winner.fidelityType), didWin: true, sequenceIndex: window,
      tier: conversion.tier, fine: state.fine, coarse: state.coarse, country: users[index]!.plan.country)
    users[index]!.conversion!.windows[window].postback = postback
    users[index]!.conversion!.windows[window].sendTime = now + delay
    users[index]!.pending += 1
    simulation.schedule(.send(slot: slot, window: Int8(window)), at: now + delay)
  }

  private mutating func send(window: Int, slot: Int32, now: SimTime) {
    guard let postback = users[Int(slot)]!.conversion?.windows[window].postback else { return }
    let content = postback.content
    summary.postbacks[window][content == .fine ? 0 : content == .coarse ? 1 : 2] += 1
    var record = PostbackRecord(
      time: now, recipient: .adNetwork, payload: postback.payload, user: users[Int(slot)]!.plan.name.description,
      content: content,
      sequenceIndex: window)
    sink.receive(record)
    if scenario.app.attributionReportEndpoint != nil {
      // The developer gets an exact copy of each winning postback, at the same time (§7.6).
      record.recipient = .developer
      summary.developerCopies += 1
      sink.receive(record)
    }
    users[Int(slot)]!.conversion!.windows[window].postback = nil
  }
}
