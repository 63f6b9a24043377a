import AttributionSim
import AttributionTestSupport
import Testing

/// Bad subscriptions, flights and dates: each message names the place, what was expected and
/// what was found. Each case is the minimal scenario with one piece added or replaced.
@Suite("Subscription, flight and date errors")
struct SubscriptionReaderTests {
  static let product = #"{ id: "weekly", period: "week", prices: { USD: 4.99 }, trial: { duration: "3d" } }"#

  /// The minimal scenario with `products` and a cohort `subscription`.
  private func diagnostics(product: String = Self.product, subscription: String) -> [String] {
    TestScenarios.diagnostics(
      TestScenarios.minimal
        .replacing(required: "app: { appId: 111 },", with: "app: { appId: 111 }, products: [\(product)],")
        .replacing(required: "revenue: 4.99 }],", with: "revenue: 4.99 }], subscription: \(subscription),"))
  }

  private func diagnostics(replacing old: String, with new: String) -> [String] {
    TestScenarios.diagnostics(TestScenarios.minimal.replacing(required: old, with: new))
  }

  @Test("a valid subscription reads without problems")
  func validSubscription() {
    #expect(diagnostics(subscription: #"{ product: "weekly", start: 0.2, trialToPaid: 0.5, renewal: [0.7, 0.8] }"#) == [])
  }

  @Test("a renewal probability above 1 is refused")
  func renewalAboveOne() {
    #expect(diagnostics(subscription: #"{ product: "weekly", start: 0.2, renewal: [0.7, 1.2] }"#) == [
      "bad.json:19:131: error: cohorts[0].subscription.renewal[1]: expected a probability from 0 to 1, found number 1.2"
    ])
  }

  @Test("a trial longer than its period is refused")
  func trialLongerThanPeriod() {
    let product = #"{ id: "weekly", period: "week", prices: { USD: 4.99 }, trial: { duration: "10d" } }"#
    #expect(diagnostics(product: product, subscription: #"{ product: "weekly", start: 0.2, renewal: 0.7 }"#) == [
      "bad.json:7:109: error: products[0].trial.duration: expected a trial no longer than its period (a week, at least 7d), found 10d"
    ])
  }

  @Test("a product without a price in the cohort's currency is refused")
  func productWithoutPriceInCurrency() {
    #expect(diagnostics(subscription: #"{ product: "weekly", currency: "EUR", start: 0.2, renewal: 0.7 }"#) == [
      "bad.json:19:114: error: cohorts[0].subscription.currency: expected a price in EUR, the cohort's currency, but product 'weekly' is priced in USD: add prices.EUR to it, or set the cohort's 'currency'"
    ])
  }

  @Test("an unknown product gets a suggestion")
  func unknownProduct() {
    #expect(diagnostics(subscription: #"{ product: "weakly", start: 0.2, renewal: 0.7 }"#) == [
      "bad.json:19:94: error: cohorts[0].subscription.product: unknown product 'weakly'; did you mean 'weekly'?"
    ])
  }

  @Test("a product with a bad period gets one error, and cohorts naming it none")
  func badPeriodReportedOnce() {
    let product = #"{ id: "weekly", period: "fortnight", prices: { USD: 4.99 } }"#
    let found = diagnostics(product: product, subscription: #"{ product: "weekly", start: 0.2, renewal: 0.7 }"#)
    #expect(found.count == 1)
    #expect(found.first?.contains("products[0].period") == true)
    #expect(!found.contains { $0.contains("unknown product") })
  }

  @Test("a flight that ends before it starts is refused")
  func flightEndsBeforeStart() {
    #expect(diagnostics(
      replacing: "sourceIdentifier: 1234 }", with: #"sourceIdentifier: 1234, flight: { start: "2026-03-05", end: "2d" } }"#) == [
      "bad.json:9:141: error: adNetworks[0].campaigns[0].flight.end: expected a flight end after its start (3d from the epoch), found 2d from the epoch"
    ])
  }

  @Test("a date before the epoch is refused, saying how far before")
  func dateBeforeEpoch() {
    #expect(diagnostics(replacing: #"arrivals: { from: "0d", to: "1d" }"#, with: #"arrivals: { from: "2026-03-01T18:00:00Z", to: "1d" }"#) == [
      "bad.json:16:25: error: cohorts[0].arrivals.from: expected a date on or after the epoch (2026-03-02T00:00:00.000Z), found '2026-03-01T18:00:00Z', 6h before it"
    ])
  }

  @Test("a malformed date says what a date looks like")
  func malformedDate() {
    #expect(diagnostics(replacing: #"arrivals: { from: "0d", to: "1d" }"#, with: #"arrivals: { from: "2026-02-30", to: "1d" }"#) == [
      "bad.json:16:25: error: cohorts[0].arrivals.from: expected a date such as \"2026-04-01\" or \"2026-04-01T12:00:00Z\", found '2026-02-30'"
    ])
  }

  @Test("a Poisson distribution is for counts, not durations")
  func poissonIsForCounts() {
    #expect(diagnostics(replacing: #"delay: "1h""#, with: #"delay: { poisson: { mean: 2 } }"#) == [
      "bad.json:18:53: error: cohorts[0].install.delay.poisson: a Poisson distribution draws counts, not durations"
    ])
  }

  @Test("an ad revenue's eCPM must cover every country of the cohort")
  func ecpmCoversCountries() {
    #expect(diagnostics(
      replacing: "revenue: 4.99 }],", with: #"revenue: 4.99 }], adRevenue: { impressionsPerSession: 5, ecpm: { DE: 3 } },"#) == [
      "bad.json:19:114: error: cohorts[0].adRevenue.ecpm: expected an eCPM for every country of the cohort, found none for US: add them, or \"*\" for the rest"
    ])
  }
}
