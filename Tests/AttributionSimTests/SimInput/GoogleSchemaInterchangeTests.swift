@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// GA4 and Google Ads schemas read into this tool's format run as their hand-written equivalents
/// do, and write back as the files they came from.
@Suite("GA4 and Google Ads schema import and export")
struct GoogleSchemaInterchangeTests {
  private static let folder = TestPaths.scenarios + "/schemas/google/"

  /// The logged-users scenario (its users' events carry the GA4 names the samples map) run under
  /// the schema `load` gives: its winning postbacks' bodies, one a line.
  private func postbacks(_ load: (inout Scenario) throws -> Void) throws -> [String] {
    var scenario = try ScenarioLoader.load(path: TestPaths.scenarios + "/logged-users.json")
    try load(&scenario)
    return ScenarioRunner.collect(scenario).1.postbacks.filter { $0.recipient == .adNetwork }.map { $0.payload.serialized() }
  }

  private func imported(_ name: String) throws -> ConversionSchema {
    try ScenarioLoader.importSchema(path: Self.folder + name).schema
  }

  @Test("An imported GA4 schema sends the same postbacks, byte for byte, as the same schema written by hand", arguments: [
    ("ga4-soft-launch.json", "ga4-soft-launch.attrsim.json"),
    ("google-ads-soft-launch.json", "google-ads-soft-launch.attrsim.json"),
  ])
  func importRunsAsHandWritten(file: String, handWritten: String) throws {
    let schema = try imported(file)
    let fromImport = try postbacks { $0.schema = schema }
    let byHand = try postbacks { try ScenarioLoader.loadSchema(path: Self.folder + handWritten, into: &$0) }
    #expect(fromImport == byHand)
    // The comparison means something only if the rows tell users apart.
    let values = Set(fromImport.compactMap { line -> String? in
      guard let range = line.range(of: #""conversion-value":[0-9]+"#, options: .regularExpression) else { return nil }
      return String(line[range])
    })
    #expect(values.count >= 4, "fine values seen: \(values.sorted())")
  }

  @Test("Export gives back the imported file, field for field", arguments: [
    ("ga4-soft-launch.json", GoogleSchemaFormat.ga4), ("google-ads-soft-launch.json", GoogleSchemaFormat.googleAds),
  ])
  func exportGivesBackTheImport(file: String, format: GoogleSchemaFormat) throws {
    let folder = try TemporaryFolder.create("interchange")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (detected, json, _) = try ScenarioLoader.importSchema(path: Self.folder + file)
    #expect(detected == format)
    let path = folder.appendingPathComponent("ours.json").path
    try json.serialized(pretty: true).write(toFile: path, atomically: true, encoding: .utf8)
    let exported = try ScenarioLoader.exportSchema(path: path, to: format)
    let original = JSONValue(try JSONParser.parse(String(contentsOfFile: Self.folder + file, encoding: .utf8)))
    #expect(exported == original)
  }

  /// One user of the scripted scenario who, after launching, does `steps`: window 1's values as
  /// the device last set them, and whether it locked.
  private func firstWindow(schema: String, _ steps: String) throws -> (fine: Int?, coarse: String?, locked: Bool) {
    var scenario = try TestScenarios.load(TestScenarios.scripted(users: """
      { name: "u", timeline: [
        { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
        { at: "2h", action: "install" }, { at: "3h", action: "launch" }, \(steps)
      ] }
      """))
    scenario.schema = try imported(schema)
    let first = try windows(scenario)[0]
    let fine: Int? = if case .int(let value)? = first["fineValue"] { Int(value) } else { nil }
    let coarse: String? = if case .string(let value)? = first["coarseValue"] { value } else { nil }
    return (fine, coarse, first["locked"] == .bool(true))
  }

  /// The conversion's windows in `conversions.jsonl`.
  private func windows(_ scenario: Scenario) throws -> [[String: JSONValue]] {
    let conversion = try #require(ScenarioRunner.collect(scenario).1.conversions.first).json
    guard case .object(let record) = conversion, case .array(let windows)? = record["windows"] else { return [] }
    return windows.compactMap { if case .object(let members) = $0 { members } else { nil } }
  }

  @Test("Google Ads: no update after measurementWindowHours (720 h, day 30): a purchase on day 31 leaves window 3 without one")
  func measurementWindow() throws {
    func windowThree(_ day: Int) throws -> [String: JSONValue] {
      var scenario = try TestScenarios.load(TestScenarios.scripted(users: """
        { name: "u", timeline: [
          { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
          { at: "2h", action: "install" }, { at: "3h", action: "launch" },
          { at: "\(day)d", action: "event", name: "in_app_purchase", revenue: 1 },
        ] }
        """))
      scenario.schema = try imported("google-ads-soft-launch.json")
      return try windows(scenario)[2]
    }
    #expect(try windowThree(29)["coarseValue"] == .string("high"))
    #expect(try windowThree(31)["coarseValue"] == .null)
  }

  @Test("GA4: the first conversion value that holds decides; maxEventValue is inclusive; lockEnabled locks")
  func ga4FirstMatch() throws {
    // 9.99 is within "Payer 2-9.99" (inclusive maximum): 40, high.
    let atMaximum = try firstWindow(schema: "ga4-soft-launch.json", #"{ at: "4h", action: "event", name: "in_app_purchase", revenue: 9.99 }"#)
    #expect(atMaximum.fine == 40 && atMaximum.coarse == "high")
    // 12.00 → "Payer 10+" (63) locks window 1: the level-up after it changes nothing.
    let whale = try firstWindow(
      schema: "ga4-soft-launch.json",
      #"{ at: "4h", action: "event", name: "in_app_purchase", revenue: 12 }, { at: "5h", action: "event", name: "tutorial_complete" }"#)
    #expect(whale.fine == 63 && whale.coarse == "high" && whale.locked)
    // Two level-ups and three ads: row 4 ("Ads and levels", 20) comes before row 5 (levels 1-3, 10).
    let player = try firstWindow(
      schema: "ga4-soft-launch.json",
      #"{ at: "4h", action: "event", name: "level_up" }, { at: "5h", action: "event", name: "level_up" }, { at: "6h", action: "event", name: "ad_impression" }, { at: "7h", action: "event", name: "ad_impression" }, { at: "8h", action: "event", name: "ad_impression" }"#)
    #expect(player.fine == 20 && player.coarse == "medium")
    // Four level-ups are beyond "A few levels" (at most 3): the tutorial row is left, 5, low.
    let four = (4...7).map { #"{ at: "\#($0)h", action: "event", name: "level_up" }"# }.joined(separator: ", ")
    let grinder = try firstWindow(schema: "ga4-soft-launch.json", four + #", { at: "9h", action: "event", name: "tutorial_complete" }"#)
    #expect(grinder.fine == 5 && grinder.coarse == "low")
  }

  @Test("Google Ads: fine values in list order, coarse high before medium before low, a lock on a fine value, the measurement window")
  func googleAdsSemantics() throws {
    // A 3.00 purchase: fine 40 (2 to 9.99), coarse high (≥ 2); no lock (the lock is on 63).
    let payer = try firstWindow(schema: "google-ads-soft-launch.json", #"{ at: "4h", action: "event", name: "in_app_purchase", revenue: 3 }"#)
    #expect(payer.fine == 40 && payer.coarse == "high" && !payer.locked)
    // Exactly three ads (eventCounter 3) and two level-ups within 24 hours: 20; the tutorial
    // afterwards gives coarse low.
    let steps = #"{ at: "4h", action: "event", name: "level_up" }, { at: "5h", action: "event", name: "level_up" }, { at: "6h", action: "event", name: "ad_impression" }, { at: "7h", action: "event", name: "ad_impression" }, { at: "8h", action: "event", name: "ad_impression" }, { at: "9h", action: "event", name: "tutorial_complete" }"#
    let player = try firstWindow(schema: "google-ads-soft-launch.json", steps)
    #expect(player.fine == 20 && player.coarse == "low")
    // A 15.00 purchase: 63, which locks window 1.
    let whale = try firstWindow(
      schema: "google-ads-soft-launch.json",
      #"{ at: "4h", action: "event", name: "in_app_purchase", revenue: 15 }, { at: "5h", action: "event", name: "tutorial_complete" }"#)
    #expect(whale.fine == 63 && whale.locked)
  }

  @Test("GA4 export: an edited window is written as it now is; an empty window 2 is refused (GA4 would fill it from window 1)")
  func ga4WindowsAsTheyAre() throws {
    let folder = try TemporaryFolder.create("interchange")
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try ScenarioLoader.importSchema(path: Self.folder + "ga4-soft-launch.json").json.serialized(pretty: true)
    // Window 3 was unset (GA4 fills it from window 2): once edited, it is written out.
    let edited = folder.appendingPathComponent("edited.json").path
    let window3 = try #require(text.range(of: #""window3""#))
    let low = try #require(text.range(of: #""coarse": "low""#, range: window3.upperBound..<text.endIndex))
    try text.replacingCharacters(in: low, with: #""coarse": "medium""#).write(toFile: edited, atomically: true, encoding: .utf8)
    guard case .object(let root) = try ScenarioLoader.exportSchema(path: edited, to: .ga4),
      case .object(let three)? = root["postbackWindowThree"], case .array(let values)? = three["conversionValues"]
    else { throw CocoaError(.coderValueNotFound) }
    #expect(three["postbackWindowSettingsEnabled"] == .bool(true))
    #expect(values.last.flatMap { if case .object(let v) = $0 { v["coarseValue"] } else { nil } } == .string("COARSE_VALUE_MEDIUM"))
    // A hand-written table with window 1 only.
    let handWritten = folder.appendingPathComponent("one.json").path
    try #"{ version: 1, valueTable: { window1: [{ fine: 1, coarse: "low", event: "a" }] } }"#
      .write(toFile: handWritten, atomically: true, encoding: .utf8)
    #expect(throws: ScenarioLoadError.self) { try ScenarioLoader.exportSchema(path: handWritten, to: .ga4) }
    do {
      _ = try ScenarioLoader.exportSchema(path: handWritten, to: .ga4)
    } catch {
      #expect(error.diagnostics.map(\.message).contains { $0.contains("valueTable.window2 is empty: GA4 would use window 1's") })
    }
  }

  @Test("A second SDK's schema reads event values in its own event order: its 'purchase' is the app's third event")
  func eventValuesReachTheSecondSDK() throws {
    // The app's schema names tutorial_complete, ad_watched, purchase; the second SDK's names
    // level_x first, so its event 1 is purchase, where the app's event 1 is ad_watched.
    let legacy = #"{ version: 1, fineValue: { values: [{ value: 3, event: "level_x" }, { value: 7, eventValues: { purchase: { atLeast: 4 } } }] } }"#
    let text = TestScenarios.withLegacySdk(
      TestScenarios.scripted(users: """
        { name: "u", timeline: [
          { at: "1h", action: "click", network: "alpha", campaign: "broad", publisher: "garden" },
          { at: "2h", action: "install" }, { at: "3h", action: "launch" },
          { at: "4h", action: "event", name: "purchase", revenue: 4.99 },
        ] }
        """), schema: legacy)
    let run = try TestScenarios.run(text)
    #expect(run.summary.legacyUpdateCalls == 1)
    #expect(run.postbacks.first { $0.recipient == .adNetwork && $0.sequenceIndex == 0 }?.fields["conversion-value"] == 7)
  }

  @Test("Export refuses what the format cannot say, each reason located, and writes nothing")
  func exportRefuses() throws {
    do {
      _ = try ScenarioLoader.exportSchema(path: TestPaths.scenarios + "/schemas/quickstart-hybrid.json", to: .ga4)
      Issue.record("exported a bit-field schema to GA4")
    } catch {
      let messages = error.diagnostics.map(\.message)
      #expect(messages.contains { $0.contains("bit-field fine value has no GA4 equivalent") })
      #expect(messages.contains { $0.contains("no 'valueTable.window1'") })
      #expect(error.diagnostics.allSatisfy { $0.message.hasPrefix("cannot be written as a GA4") })
    }
    do {
      _ = try ScenarioLoader.exportSchema(path: Self.folder + "ga4-soft-launch.attrsim.json", to: .googleAds)
      Issue.record("exported a schema without an app ID to Google Ads")
    } catch {
      let messages = error.diagnostics.map(\.message)
      #expect(messages.contains { $0.contains("pass --app-id") })
      #expect(messages.contains { $0.contains("fine mapping carries no coarse value") })
    }
  }
}
