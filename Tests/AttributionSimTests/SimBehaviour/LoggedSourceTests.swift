import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// Resampling by install source: a user who installed through an ad draws among the logged
/// users whose media source (or campaign) the log maps to that ad's network (or campaign),
/// narrowest pool first, then the country, then the whole log.
@Suite("Cohort behaviour: logged users drawn by install source")
struct LoggedSourceTests {
  /// Five logged users, each with one purchase whose amount names them: 1 (source a, campaign x,
  /// US), 50 (a, summer, US), 100 (b, US), none (organic, JP: one session), 2 (a, x, JP).
  private static var log: LoggedUsers {
    var users = LoggedUsers(currency: "USD")
    let (purchase, session) = (users.eventName("in_app_purchase"), users.eventName("session_start"))
    let buys = { (amount: Double) in [LoggedUsers.Event(offset: .hours(1), kind: .purchase, name: purchase, revenue: amount)] }
    users.append(country: "US", source: "a", campaign: "x", observed: .days(40), events: buys(1))
    users.append(country: "US", source: "a", campaign: "summer", observed: .days(40), events: buys(50))
    users.append(country: "US", source: "b", observed: .days(40), events: buys(100))
    users.append(country: "JP", source: "organic", observed: .days(40), events: [.init(offset: .hours(1), kind: .session, name: session)])
    users.append(country: "JP", source: "a", campaign: "x", observed: .days(40), events: buys(2))
    return users
  }

  /// a → alpha, b → beta, organic → organic; campaign summer → alpha's c2. Gamma has no logged user.
  private static let mapping = LogSourceMapping(
    sources: ["a": .network(0), "b": .network(1), "organic": .organic], campaigns: ["summer": .campaign(network: 0, campaign: 1)])

  /// The purchase amounts (0 for a user with none) of `count` users reached by `exposure` (or
  /// organic when nil), from `country`, all of whom install and launch.
  private func amounts(
    exposure: String?, country: String = "US", stratified: Bool = false, mapping: LogSourceMapping = mapping, count: Int = 300
  ) throws -> [Double] {
    let exposures = exposure.map { #"[{ network: "\#($0.split(separator: "/")[0])", campaign: "\#($0.split(separator: "/")[1])", publisher: "pub", reach: 1, click: 1 }]"# } ?? "[]"
    var scenario = try TestScenarios.load(
      """
      {
        version: 1, name: "sources", seed: 3, epoch: "2026-03-02T00:00:00Z",
        platform: { framework: "skadnetwork", version: "4.0" },
        app: { appId: 111 },
        adNetworks: [
          { name: "alpha", identifier: "alpha.skadnetwork", campaigns: [{ name: "c1", sourceIdentifier: 1 }, { name: "c2", sourceIdentifier: 2 }] },
          { name: "beta", identifier: "beta.skadnetwork", campaigns: [{ name: "b1", sourceIdentifier: 3 }] },
          { name: "gamma", identifier: "gamma.skadnetwork", campaigns: [{ name: "g1", sourceIdentifier: 4 }] },
        ],
        publishers: [{ name: "pub", appId: 222, adNetworks: ["alpha", "beta", "gamma"] }],
        cohorts: [{
          name: "co", count: \(count), country: "\(country)", arrivals: { from: "0d", to: "1d" }, exposures: \(exposures),
          install: { afterClick: 1, organic: \(exposure == nil ? 1 : 0), delay: "1h" }, activeDays: 1,
        }],
      }
      """)
    var log = CohortLog(
      source: EventLogSource(path: "af.csv", format: .ga4), use: .resample(stratifyByCountry: stratified), users: Self.log)
    log.sources = mapping
    scenario.cohorts[0].log = log
    let behaviour = CohortBehaviour(cohort: scenario.cohorts[0], scenario: scenario, root: RandomStream(seed: scenario.seed))
    return (0..<count).map { index in
      let plan = behaviour.plan(of: index, arrival: behaviour.arrival(of: index))
      return plan.remainingActions().reduce(0.0) { total, step in
        if case .event(_, let revenue?, _) = step.action { total + revenue } else { total }
      }
    }
  }

  @Test("An install through a mapped campaign draws only that campaign's logged users")
  func campaignPool() throws {
    #expect(Set(try amounts(exposure: "alpha/c2")) == [50])
  }

  @Test("An install through another campaign of the network draws among the network's logged users, each about as often")
  func networkPool() throws {
    let drawn = try amounts(exposure: "alpha/c1", count: 900)
    #expect(Set(drawn) == [1, 50, 2])
    // Binomial(900, ⅓) per user: four standard errors are 57.
    for amount in [1.0, 50, 2] { #expect(abs(Double(drawn.count { $0 == amount }) - 300) < 57) }
    #expect(Set(try amounts(exposure: "beta/b1")) == [100])
  }

  @Test("An organic install draws the organic logged users")
  func organicPool() throws {
    #expect(Set(try amounts(exposure: nil)) == [0])
  }

  @Test("Stratified, the source's users of the user's own country come first; a country the source lacks keeps the source")
  func sourceBeforeCountry() throws {
    #expect(Set(try amounts(exposure: "alpha/c1", country: "JP", stratified: true)) == [2])
    // No beta user in Japan: the source outranks the country (the JP organic user is not drawn).
    #expect(Set(try amounts(exposure: "beta/b1", country: "JP", stratified: true)) == [100])
  }

  @Test("A network no logged user maps to draws from the whole log (the country's, when stratified)")
  func unmappedFallsBack() throws {
    #expect(Set(try amounts(exposure: "gamma/g1", count: 600)) == [1, 50, 100, 0, 2])
    #expect(Set(try amounts(exposure: "gamma/g1", country: "JP", stratified: true)) == [0, 2])
  }

  @Test("Without a mapping, users draw from the whole log as before: the same draws whatever the install's source")
  func noMappingIsUnchanged() throws {
    let alpha = try amounts(exposure: "alpha/c2", mapping: LogSourceMapping())
    #expect(Set(alpha) == [1, 50, 100, 0, 2])
    // The draw is the user's own (common random numbers): mapping changes which pool, not the draw.
    #expect(try amounts(exposure: "gamma/g1", mapping: Self.mapping) == alpha)
  }
}
