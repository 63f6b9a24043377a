import SimBehaviour
import SimEngine
import SimJSON
import SimModel
import SimPlatform

/// Writes a finished conversion's ground truth as a `conversions.jsonl` object.
package struct ConversionRecordBuilder: Sendable {
  package let scenario: Scenario
  /// The events the device counted, in measurement order.
  package let eventNames: [String]
  /// The currencies revenue was counted in, in measurement order.
  package let currencies: [String]

  /// The transaction ID of a conversion's postback for `window`: a version-4 UUID drawn from the
  /// conversion's own stream. Each postback has its own: postbacks 2 and 3 cannot be linked to
  /// postback 1 by design.
  package static func transactionId(_ conversion: Conversion, window: Int) -> String {
    var stream = conversion.stream.child("transaction-id").child(window)
    return UUIDText.version4(high: stream.next(), low: stream.next())
  }

  /// The transaction ID of the postback to the non-winning network ranked `rank` (0 = best).
  package static func runnerUpTransactionId(_ conversion: Conversion, rank: Int) -> String {
    var stream = conversion.stream.child("runner-up-transaction-id").child(rank)
    return UUIDText.version4(high: stream.next(), low: stream.next())
  }

  package func record(_ conversion: Conversion, user: UserName, country: String) -> ConversionRecord {
    ConversionRecord(
      body: .live(conversion, user, country: country, self),
      truth: ConversionTruth(
        network: Int(conversion.winner.network), campaign: Int(conversion.winner.campaign),
        installTime: conversion.installTime, user: user.description, conversion: conversion.number,
        attributed: conversion.windowStart != nil,
        windows: conversion.windows.map(\.measures), isInstall: conversion.type != .reengagement,
        fates: Self.fates(conversion)),
      truncatesSourceIdentifier: scenario.attributionFramework.truncatesSourceIdentifier)
  }

  /// What became of each window's postback when the conversion's user finished (or the run
  /// stopped): a window's draft is dropped once sent, so a send time without a draft was sent.
  package static func fates(_ conversion: Conversion) -> [WindowFate] {
    conversion.windows.map { window in
      if conversion.windowStart == nil { return conversion.superseded ? .superseded : .notLaunched }
      if window.sendTime != nil { return window.postback == nil ? .sent : .duePastHorizon }
      if window.closedAt != nil { return .noUpdate }
      return conversion.superseded ? .superseded : .pastHorizon
    }
  }

  /// The object for a conversion, without the fields its tiers decide (``ConversionTiers``).
  package func json(_ conversion: Conversion, user: UserName, country: String) -> JSONValue {
    let epoch = scenario.epoch
    func time(_ t: SimTime) -> JSONValue { .string(epoch.iso8601(after: t.milliseconds)) }
    func money(_ amount: Double) -> JSONValue { .double((amount * 100).rounded() / 100) }
    let windows = WindowSchedule.for(scenario.platform, rules: scenario.rules)
    let framework = scenario.attributionFramework
    let network = scenario.adNetworks[Int(conversion.winner.network)]
    let campaign = network.campaigns[Int(conversion.winner.campaign)]
    func postback(transactionId: String, sendTime: SimTime?) -> JSONValue {
      guard let sendTime else { return .null }
      return .object(["transactionId": .string(transactionId), "sendTime": time(sendTime)])
    }
    var windowObjects: [JSONValue] = []
    if let start = conversion.windowStart {
      for (index, window) in conversion.windows.enumerated() {
        let opens = start + (index == 0 ? .zero : windows.windowEnds[index - 1])
        // Under a value timer the one window ends when the timer expires.
        let end: SimTime
        switch framework.windowClock(windows) {
        case .windows(let ends): end = start + ends[index]
        case .valueTimer: end = conversion.timerDeadline ?? start
        }
        var events: [String: JSONValue] = [:]
        for (event, name) in eventNames.enumerated() where window.measures.eventCounts.indices.contains(event) {
          events[name] = .int(Int64(window.measures.eventCounts[event]))
        }
        func byCurrency(_ amounts: [Double]) -> JSONValue {
          .object(Dictionary(uniqueKeysWithValues: zip(currencies, amounts.map(money))))
        }
        windowObjects.append(
          .object([
            // Numbered 1–3 for people; postbacks.jsonl keeps Apple's 0-based sequence index.
            "window": .int(Int64(index + 1)),
            "start": time(opens),
            "end": time(end),
            "closed": window.closedAt.map(time) ?? .null,
            "locked": .bool(window.locked),
            "fineValue": window.fine.map { .int(Int64($0)) } ?? .null,
            "coarseValue": window.coarse.map { .string($0.rawValue) } ?? .null,
            "sessions": .int(Int64(window.measures.sessions)),
            "activeDays": .int(Int64(window.measures.activeDays)),
            "events": .object(events),
            "revenue": .object(["iap": byCurrency(window.measures.purchaseRevenue), "ad": byCurrency(window.measures.adRevenue)]),
            // Both sources in every currency, converted into the reporting currency.
            "revenueTotal": money(window.measures.revenue(.all, currencies: currencies, table: scenario.schema.currencies)),
            "postback": postback(
              transactionId: ConversionRecordBuilder.transactionId(conversion, window: index), sendTime: window.sendTime),
          ]))
      }
    }
    // AdAttributionKit conversions say what kind they are and which framework won them.
    let adAttributionKit: [String: JSONValue] =
      scenario.usesAdAttributionKit
      ? [
        "type": .string(conversion.type.rawValue), "framework": .string(network.framework.rawValue),
        "tag": conversion.tag.map { .string($0) } ?? .null, "openURL": conversion.openURL.map { .string($0) } ?? .null,
      ] : [:]
    let recordedCampaign = framework.recordedCampaign(campaign.sourceIdentifier)
    let common: [String: JSONValue] = [
      "id": .string(ConversionRecordBuilder.transactionId(conversion, window: 0)),
      "user": .string(user.description),
      "country": .string(country),
      "installTime": time(conversion.installTime),
      "redownload": .bool(conversion.redownload),
      "network": .string(network.name),
      "adNetworkId": .string(network.identifier),
      "campaign": .string(campaign.name),
      "sourceIdentifier": recordedCampaign.sourceIdentifier,
      "campaignId": recordedCampaign.campaignId,
      "publisher": .string(scenario.publishers[Int(conversion.winner.publisher)].name),
      "fidelityType": .int(Int64(conversion.winner.fidelityType)),
      "impressionTime": time(conversion.winner.time),
      "runnerUps": .array(
        conversion.runnerUps.enumerated().map { rank, runnerUp in
          let network = scenario.adNetworks[Int(runnerUp.impression.network)]
          return .object([
            "network": .string(network.name),
            "campaign": .string(network.campaigns[Int(runnerUp.impression.campaign)].name),
            "publisher": .string(scenario.publishers[Int(runnerUp.impression.publisher)].name),
            "fidelityType": .int(Int64(runnerUp.impression.fidelityType)),
            "impressionTime": time(runnerUp.impression.time),
            "postback": postback(
              transactionId: ConversionRecordBuilder.runnerUpTransactionId(conversion, rank: rank),
              sendTime: runnerUp.sendTime),
          ])
        }),
      "firstLaunch": conversion.windowStart.map(time) ?? .null,
      // Why no postback will come, when none will.
      "dropped": (conversion.dropReason ?? (conversion.windowStart == nil ? "app not launched" : nil))
        .map { .string($0) } ?? .null,
      "reportingCurrency": .string(scenario.schema.currencies.base),
      "windows": .array(windowObjects),
    ]
    return .object(adAttributionKit.merging(common) { _, new in new })
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(scenario: Scenario, eventNames: [String], currencies: [String]) {
    self.scenario = scenario
    self.eventNames = eventNames
    self.currencies = currencies
  }
}
