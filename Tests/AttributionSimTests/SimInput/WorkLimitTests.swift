import AttributionSim
import AttributionTestSupport
import Foundation
import SimEngine
import Testing

/// Every numeric setting has a range checked when the file is read; the work a file may ask for
/// (users, a sweep's runs and users) has documented limits that `--allow-large` raises.
@Suite("Ranges and work limits are checked when files are read")
struct WorkLimitTests {
  private func diagnostics(replacing old: String, with new: String, limits: WorkLimits = .standard) -> [String] {
    #expect(TestScenarios.minimal.contains(old), "test setup: '\(old)' not in the minimal scenario")
    do {
      _ = try ScenarioLoader.parse(
        TestScenarios.minimal.replacing(required: old, with: new), file: "bad.json", limits: limits)
      return []
    } catch {
      return error.diagnostics.map(\.description)
    }
  }

  @Test("an arrival window near the integer limit is refused, naming the path, the value and the limit")
  func hugeArrivalWindow() {
    #expect(diagnostics(replacing: #"to: "1d""#, with: #"to: "100000000000d""#) == [
      "bad.json:16:35: error: cohorts[0].arrivals.to: expected a duration of at most 3650d (10 years), found string '100000000000d'"
    ])
  }

  @Test("a duration too long for integer milliseconds gets the same limit, not an overflow")
  func overflowingDuration() {
    #expect(diagnostics(replacing: #"delay: "1h""#, with: #"delay: "99999999999999999999d""#) == [
      "bad.json:18:42: error: cohorts[0].install.delay: expected a duration of at most 3650d (10 years), found string '99999999999999999999d'"
    ])
  }

  @Test("a horizon and every duration are at most 3650d; 3650d itself is allowed")
  func horizonLimit() {
    #expect(diagnostics(replacing: "  seed: 7,", with: #"  seed: 7, horizon: "3651d","#) == [
      "bad.json:4:21: error: horizon: expected a duration of at most 3650d (10 years), found string '3651d'"
    ])
    #expect(diagnostics(replacing: "  seed: 7,", with: #"  seed: 7, horizon: "3650d","#) == [])
  }

  @Test("a clock change may go back or forward by at most 3650d")
  func signedDurationLimit() {
    let steps = #"""
      users: [{ name: "u", timeline: [{ at: "1h", action: "clockChange", by: "-3651d" }] }],
      cohorts:
      """#
    #expect(diagnostics(replacing: "  cohorts:", with: steps) == [
      "bad.json:12:72: error: users[0].timeline[0].by: expected a duration from -3650d to 3650d (10 years), found string '-3651d'"
    ])
  }

  @Test("amounts are at most 1,000,000,000 and a lognormal's sigma at most 10")
  func amountLimits() {
    #expect(diagnostics(replacing: "revenue: 4.99", with: "revenue: 1e300") == [
      "bad.json:19:60: error: cohorts[0].events[0].revenue: expected a number from 0 to 1000000000, found number 1e300"
    ])
    #expect(diagnostics(replacing: "revenue: 4.99", with: "revenue: { lognormal: { median: 5, sigma: 11 } }") == [
      "bad.json:19:93: error: cohorts[0].events[0].revenue.lognormal.sigma: expected a number from 0 to 10, found number 11"
    ])
  }

  @Test("more users than the standard limit need the large limits, which go to 1,000,000,000")
  func userLimit() {
    #expect(diagnostics(replacing: "count: 10,", with: "count: 10000001,") == [
      "bad.json:15:14: error: cohorts[0].count: 10,000,001 users in all (scripted users and cohorts up to this one) are above "
        + "the limit of 10,000,000 users in a run; --allow-large raises it to 1,000,000,000"
    ])
    #expect(diagnostics(replacing: "count: 10,", with: "count: 10000001,", limits: .large) == [])
    #expect(diagnostics(replacing: "count: 10,", with: "count: 1000000001,", limits: .large) == [
      "bad.json:15:14: error: cohorts[0].count: expected an integer from 0 to 1000000000, found 1000000001"
    ])
  }

  @Test("the estimate counts runs, users and their memory at the quickstart's rate, and says when it exceeds the limits")
  func estimate() throws {
    let scenario = try ScenarioLoader.parse(
      TestScenarios.minimal.replacing(required: "count: 10,", with: "count: 100000000,"), file: "big.json",
      limits: .large)
    let estimate = WorkEstimate(scenario: scenario)
    #expect(estimate.runs == 1)
    #expect(estimate.users == 100_000_000)
    #expect(estimate.memoryBytes == 100_000_000 * 100)
    #expect(estimate.exceeds(.standard))
    #expect(!estimate.exceeds(.large))
    #expect(estimate.description == "100,000,000 users in one run; about 9.3 GiB of memory at the quickstart's 100 bytes a user")
    #expect(!WorkEstimate(scenario: try TestScenarios.load(TestScenarios.minimal)).exceeds(.standard))
  }

  @Test("a sweep grid of a billion points is refused before any point is built")
  func hugeGrid() throws {
    let problems = try TestScenarios.sweepDiagnostics(TestScenarios.billionPointGrid)
    #expect(problems.count == 1)
    #expect(
      problems.first?.hasSuffix(
        "error: parameters: 1000 × 1000 × 1000 values make 1,000,000,000 points, above the limit of 1,000 runs in a sweep; "
          + "--allow-large raises it to 100,000") == true)
  }

  @Test("a sweep's runs count its replicates; the users of all its runs have a limit too")
  func sweepRunsAndUsers() throws {
    let runs = """
      { version: 1, name: "g", scenario: "base.json", replicates: 11,
        parameters: [{ path: "privacy.thresholds.tier1", values: [\((1...100).map(String.init).joined(separator: ","))] }] }
      """
    #expect(try TestScenarios.sweepDiagnostics(runs).first?.hasSuffix("error: parameters: 100 points × 11 replicates = 1,100 runs, "
      + "above the limit of 1,000 runs in a sweep; --allow-large raises it to 100,000") == true)
    let users = """
      { version: 1, name: "g", scenario: "base.json", replicates: 20,
        parameters: [{ path: "cohorts[0].count", values: [6000000] }] }
      """
    #expect(try TestScenarios.sweepDiagnostics(users).first?.hasSuffix("error: parameters: the sweep's 20 runs simulate 120,000,000 users, "
      + "above the limit of 100,000,000 users simulated in a sweep; --allow-large raises it to 100,000,000,000") == true)
    #expect(try TestScenarios.sweepDiagnostics(users, limits: .large) == [])
  }

  @Test("instants saturate at the ends of integer time instead of trapping")
  func saturatingInstants() {
    #expect(SimTime(milliseconds: .max - 1) + .days(1) == SimTime(milliseconds: .max))
    #expect(SimTime(milliseconds: .min + 1) - .days(1) == SimTime(milliseconds: .min))
    #expect(SimTime.zero + SimDuration(milliseconds: .max) == SimTime(milliseconds: .max))
    #expect(SimTime(milliseconds: 5) + .milliseconds(-2) == SimTime(milliseconds: 3))
    let epoch = Epoch(unixMilliseconds: 1_772_409_600_000)
    #expect(epoch.unixMilliseconds(after: .max) == .max)
    #expect(!epoch.iso8601(after: .max).isEmpty)
    #expect(!epoch.iso8601(after: .min).isEmpty)
  }
}
