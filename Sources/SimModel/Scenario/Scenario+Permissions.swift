import Foundation

extension Scenario {
  /// What running the scenario needs allowed: the program its SDK model starts, or its SDK
  /// endpoint when that is not on this machine.
  public var requiredPermissions: [ScenarioPermission] {
    switch app.sdk?.model {
    case .command(let arguments, _, _):
      return [.command(arguments: arguments, path: "app.sdk.model.command")]
    case .endpoint(let url, _, _):
      return URL(string: url)?.isLoopback == true ? [] : [.network(url: url, path: "app.sdk.model.endpoint")]
    case .schema, .sequential, nil:
      return []
    }
  }

  /// What delivering the postbacks to the scenario's own endpoints needs allowed: each
  /// recipient that is not on this machine (networks' `postbackURL`, the app's developer-copy
  /// endpoints).
  public var deliveryPermissions: [ScenarioPermission] {
    let receiving = networksReceivingPostbacks
    var endpoints = receiving.compactMap { index in
      adNetworks[index].postbackURL.map { (url: $0.absoluteString, path: "adNetworks[\(index)].postbackURL") }
    }
    let frameworks = Set(receiving.map { adNetworks[$0].framework })
    if frameworks.contains(.skAdNetwork), let copy = app.attributionReportEndpoint {
      endpoints.append((copy, "app.attributionReportEndpoint"))
    }
    if frameworks.contains(.adAttributionKit), let copy = app.attributionCopyEndpoint {
      endpoints.append((copy, "app.infoPlist.AttributionCopyEndpoint"))
    }
    return endpoints.filter { URL(string: $0.url)?.isLoopback != true }.map { .network(url: $0.url, path: $0.path) }
  }

  /// The networks that can get postbacks: those whose ads some user or Apple Ads can show.
  package var networksReceivingPostbacks: [Int] {
    var used = Set<Int>()
    for user in scriptedUsers {
      for step in user.timeline {
        if case .impression(let exposure) = step.action { used.insert(exposure.network) }
      }
    }
    for cohort in cohorts {
      used.formUnion(cohort.exposures.map(\.network))
      used.formUnion(cohort.reengagements.map(\.network))
    }
    if let link = appleAds?.adNetwork { used.insert(link.network) }
    return used.sorted()
  }
}
