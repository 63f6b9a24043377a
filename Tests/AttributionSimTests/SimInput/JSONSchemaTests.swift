@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

/// The JSON Schemas in Docs/schemas, which editors check files with, against the readers.
@Suite("JSON Schemas")
struct JSONSchemaTests {
  /// The kinds of input file, each with its JSON Schema.
  enum Kind: String, CaseIterable {
    case scenario = "scenario.schema.json"
    case conversionSchema = "conversion-schema.schema.json"
    case sweep = "sweep.schema.json"
  }

  /// One sample file of Scenarios/, parsed.
  struct Sample {
    let path: String
    let kind: Kind
    let node: JSONNode
  }

  static func validator() throws -> JSONSchemaValidator {
    try JSONSchemaValidator(folder: TestPaths.repository.appendingPathComponent("Docs/schemas"))
  }

  /// Every JSON file of Scenarios/: schemas in Scenarios/schemas (and its google folder), sweeps (files naming a base
  /// `scenario`) in Scenarios/sweeps, scenarios everywhere else.
  static func samples() throws -> [Sample] {
    var samples: [Sample] = []
    for folder in ["Scenarios", "Scenarios/schemas", "Scenarios/schemas/google", "Scenarios/sweeps"] {
      let directory = TestPaths.repository.appendingPathComponent(folder)
      // Google's own files there are GA4 and Google Ads schemas; `.attrsim.json` ones are ours.
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      where name.hasSuffix(".json") && (!folder.hasSuffix("google") || name.hasSuffix(".attrsim.json")) {
        let path = "\(folder)/\(name)"
        let node = try JSONParser.parse(String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        let isSweep: Bool
        if case .object(let members) = node.value { isSweep = members.contains { $0.key == "parameters" } } else { isSweep = false }
        let kind: Kind = folder.hasPrefix("Scenarios/schemas") ? .conversionSchema : isSweep ? .sweep : .scenario
        samples.append(Sample(path: path, kind: kind, node: node))
      }
    }
    return samples
  }

  /// What the reader of `sample`'s kind accepted while reading it, and its diagnostics.
  static func readerShapes(_ sample: Sample) -> (ReaderShapes, [ScenarioDiagnostic]) {
    let file = TestPaths.repository.appendingPathComponent(sample.path).path
    let log = DiagnosticLog()
    let shapes = ReaderShapes(file: file)
    log.shapes = shapes
    let reader = JSONReader(node: sample.node, path: "", file: file, log: log)
    let folder = (file as NSString).deletingLastPathComponent
    switch sample.kind {
    case .scenario: _ = ScenarioReader(root: reader, baseDirectory: folder, log: log).read()
    case .conversionSchema: _ = SchemaReader(reader: reader).read()
    case .sweep: _ = SweepReader(reader: reader, baseDirectory: folder).read()
    }
    return (shapes, log.diagnostics)
  }

  /// The schema at a JSON Pointer into a schema file, following a `$ref` found there.
  static func schema(_ kind: Kind, _ pointer: String) throws -> [String: JSONValue] {
    let documents = try validator().documents
    var document = kind.rawValue
    var node = documents[document] ?? .null
    for step in pointer.split(separator: "/") {
      if let index = Int(step), let elements = node.arrayValue {
        node = elements.indices.contains(index) ? elements[index] : .null
      } else {
        node = node.objectValue?[String(step)] ?? .null
      }
      if let reference = node.objectValue?["$ref"]?.stringValue {
        let parts = reference.split(separator: "#", omittingEmptySubsequences: false).map(String.init)
        if !parts[0].isEmpty { document = parts[0] }
        node = documents[document] ?? .null
        for inner in (parts.count > 1 ? parts[1] : "").split(separator: "/") { node = node.objectValue?[String(inner)] ?? .null }
      }
    }
    return try #require(node.objectValue, "no schema at \(kind.rawValue)#\(pointer)")
  }

  static func properties(_ kind: Kind, _ pointer: String) throws -> [String] {
    try schema(kind, pointer)["properties"]?.objectValue?.keys.sorted() ?? []
  }

  static func choices(_ kind: Kind, _ pointer: String) throws -> [String] {
    try (schema(kind, pointer)["enum"]?.arrayValue ?? []).compactMap(\.stringValue).sorted()
  }

  @Test func everySampleFileValidatesAgainstItsJSONSchema() throws {
    let validator = try Self.validator()
    let samples = try Self.samples()
    #expect(Set(samples.map(\.kind)) == Set(Kind.allCases))
    for sample in samples {
      let outcome = validator.validate(sample.node, against: sample.kind.rawValue)
      #expect(outcome.problems.isEmpty, "\(sample.path): \(outcome.problems.map(\.description).joined(separator: "\n"))")
    }
  }

  /// Every object and closed set of strings the readers met in the samples is declared alike in
  /// the JSON Schema: the same keys, the same choices, at the same JSON path. This covers the
  /// objects whose key lists the readers write inline.
  @Test func readersAcceptWhatTheJSONSchemasDeclareInEverySample() throws {
    for sample in try Self.samples() { try Self.compareShapes(sample) }
  }

  /// The same for objects no sample writes: an SDK endpoint, a normal distribution, retries,
  /// event-count bounds, decoding settings.
  @Test func readersAcceptWhatTheJSONSchemasDeclareInObjectsNoSampleUses() throws {
    let scenario = TestScenarios.minimal
      .replacing(
        required: #"app: { appId: 111 },"#,
        with: #"app: { appId: 111, sdk: { model: { endpoint: "http://127.0.0.1:9/model", timeout: "5s", concurrency: 2 } } },"#)
      .replacing(
        required: #"version: "4.0" },"#,
        with: #"version: "4.0", postbackDelivery: { maxAttempts: 3, retryInterval: "1d" } },"#
          + #" rules: { sendDelayShape: { normal: { mean: 0.5, sd: 0.1, min: 0, max: 1 } } },"#)
    let schema = """
      { version: 1, fineValue: { values: [{ value: 1, eventCounts: { purchase: { atLeast: 1, below: 3 } } }] },
        decoding: { estimate: "lowerBound", openEndedFactor: 2 } }
      """
    for (text, kind) in [(scenario, Kind.scenario), (schema, .conversionSchema)] {
      let sample = Sample(path: "Tests/coverage.json", kind: kind, node: try JSONParser.parse(text))
      let (shapes, _) = Self.readerShapes(sample)
      #expect(!shapes.keys.isEmpty)
      try Self.compareShapes(sample)
    }
  }

  /// Checks that `sample` reads without problems and that what its reader accepted at each path
  /// is what the JSON Schema declares there.
  static func compareShapes(_ sample: Sample, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let (shapes, diagnostics) = Self.readerShapes(sample)
    #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(sample.path): \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
    let declared = try validator().validate(sample.node, against: sample.kind.rawValue)
    #expect(declared.problems.isEmpty, "\(sample.path): \(declared.problems.map(\.description))", sourceLocation: sourceLocation)
    for path in Set(shapes.keys.keys).union(declared.keys.keys).sorted() {
      #expect(
        shapes.keys[path]?.sorted() == declared.keys[path],
        "\(sample.path) at '\(path)': reader keys \(shapes.keys[path] ?? []), JSON Schema properties \(declared.keys[path] ?? [])",
        sourceLocation: sourceLocation)
    }
    // One way only: a reader may check a string otherwise than as a closed set (AdAttributionKit's
    // `platform.version` must be "4.0"), where the JSON Schema still lists the choices.
    for path in shapes.choices.keys.sorted() {
      #expect(
        shapes.choices[path]?.sorted() == declared.choices[path]?.sorted(),
        "\(sample.path) at '\(path)': reader choices \(shapes.choices[path] ?? []), JSON Schema enum \(declared.choices[path] ?? [])",
        sourceLocation: sourceLocation)
    }
  }

  /// The readers' key lists, including objects no sample uses, are the JSON Schemas' properties.
  @Test func readerKeyListsAreTheJSONSchemasProperties() throws {
    let lists: [(Kind, String, [String])] = [
      (.scenario, "", ScenarioReader.topLevelKeys),
      (.scenario, "properties/platform/properties/postbackDelivery", DeliveryReader.deliveryKeys),
      (.scenario, "properties/app/properties/sdk", ClientSDKReader.keys),
      (.scenario, "properties/app/properties/infoPlist", InfoPlistReader.keys),
      (.scenario, "properties/appleAds", AppleAdsReader.keys),
      (.scenario, "properties/appleAds/properties/adNetwork/properties/placementCampaigns", SupplyPlacement.allCases.map(\.rawValue)),
      (.scenario, "properties/rules", RulesReader.keys),
      (.scenario, "properties/products/items", SubscriptionReader.productKeys),
      (.scenario, "properties/products/items/properties/trial", SubscriptionReader.trialKeys),
      (.scenario, "properties/cohorts/items/properties/subscription", SubscriptionReader.cohortKeys),
      (.scenario, "properties/cohorts/items/properties/subscription/properties/events", SubscriptionReader.eventKeys),
      (.scenario, "properties/cohorts/items/properties/log", CohortLogReader.keys),
      (.scenario, "properties/cohorts/items/properties/log/properties/columns", CohortLogReader.columnKeys),
      (.scenario, "properties/expect", ExpectationReader.keys),
      (.scenario, "properties/expect/properties/postbacks/items", ExpectationReader.postbackKeys),
      (.scenario, "properties/expect/properties/checks/items", ExpectationReader.checkKeys),
      (.scenario, "properties/expect/properties/sdk/items", ExpectationReader.sdkKeys),
      (.scenario, "properties/expect/properties/adServices/items", ExpectationReader.adServicesKeys),
      (.scenario, "properties/schema/oneOf/1", SchemaReader.keys),
      (.scenario, "properties/adNetworks/items/properties/dashboard/oneOf/1", ScenarioReader.dashboardKeys),
      (.conversionSchema, "", SchemaReader.keys),
      (.conversionSchema, "$defs/coarseRule", ["value", "revenueEstimate"] + ConditionReader.keys),
      (.conversionSchema, "properties/fineValue/properties/values/items", ["value", "revenueEstimate"] + ConditionReader.keys),
      (.conversionSchema, "properties/lock/items", SchemaReader.lockKeys),
      (.conversionSchema, "$defs/valueRow", SchemaReader.rowKeys),
      (.sweep, "", SweepReader.keys),
    ]
    for (kind, pointer, keys) in lists {
      #expect(try Self.properties(kind, pointer) == keys.sorted(), "\(kind.rawValue)#/\(pointer)")
    }
    // A timeline step's keys depend on its action: one alternative per action.
    let steps = try Self.schema(.scenario, "properties/users/items/properties/timeline/items")["oneOf"]?.arrayValue ?? []
    var actions: [String] = []
    for case .object(let step) in steps {
      let action = try #require(step["properties"]?.objectValue?["action"]?.objectValue?["const"]?.stringValue)
      actions.append(action)
      #expect(step["properties"]?.objectValue?.keys.sorted() == (["at", "action"] + (UserReader.actionKeys[action] ?? [])).sorted(), "\(action)")
    }
    #expect(actions == UserReader.actions)
  }

  /// The JSON Schemas' enums are the closed sets the readers take.
  @Test func closedSetsAreTheJSONSchemasEnums() throws {
    let scenario = "properties/users/items/properties/timeline/items/oneOf"
    let sets: [(Kind, String, [String])] = [
      (.scenario, "properties/platform/properties/framework", AdFramework.allCases.map(\.rawValue)),
      (.scenario, "properties/adNetworks/items/properties/framework", AdFramework.allCases.map(\.rawValue)),
      (.scenario, "properties/platform/properties/version", SKAdNetworkVersion.allCases.map(\.rawValue)),
      (.scenario, "properties/rules/properties/tieBreak", PlatformRules.TieBreak.allCases.map(\.rawValue)),
      (.scenario, "properties/rules/properties/viewReplacement", PlatformRules.ViewReplacement.allCases.map(\.rawValue)),
      (.scenario, "properties/rules/properties/sourceIdentifierDigits", PlatformRules.DigitSelection.allCases.map(\.rawValue)),
      (.scenario, "properties/rules/properties/legacyFirstPostbackDelay", PlatformRules.LegacyFirstPostbackDelay.allCases.map(\.rawValue)),
      (.scenario, "properties/rules/properties/lateFineOnlyCall", PlatformRules.LateFineOnlyCall.allCases.map(\.rawValue)),
      (.scenario, "properties/rules/properties/developerModeSendDelay", PlatformRules.DeveloperModeSendDelay.allCases.map(\.rawValue)),
      (.scenario, "properties/signing/properties/impressionCheck", SigningSettings.ImpressionCheck.allCases.map(\.rawValue)),
      (.scenario, "properties/cohorts/items/properties/events/items/properties/per", EventCountUnit.allCases.map(\.rawValue)),
      (.scenario, "properties/cohorts/items/properties/subscription/properties/seenBy", ["nextLaunch", "server"]),
      (.scenario, "properties/cohorts/items/properties/log/properties/format", CohortLogReader.formats),
      (.scenario, "properties/cohorts/items/properties/log/properties/use", CohortLogReader.uses),
      (.scenario, "properties/cohorts/items/properties/log/properties/badRows", EventLogSource.BadRows.allCases.map(\.rawValue)),
      (.scenario, "properties/cohorts/items/properties/log/properties/kinds/additionalProperties", CohortLogReader.kindWords.map(\.word)),
      (.scenario, "properties/cohorts/items/properties/log/properties/delimiter", LogDelimiter.allCases.map(\.rawValue)),
      (.scenario, "properties/app/properties/sdk/properties/lateFineValues", ClientSDK.LateFineValues.allCases.map(\.rawValue)),
      (.scenario, "properties/appleAds/properties/campaigns/items/properties/supplyPlacement", SupplyPlacement.allCases.map(\.rawValue)),
      (.scenario, "properties/expect/properties/golden/properties/files/items", GoldenSettings.comparableFiles),
      (.scenario, "properties/expect/properties/golden/properties/normalise/items", GoldenSettings.Normalisation.names.map(\.name)),
      (.scenario, "\(scenario)/0/properties/presentation", AdExposure.Presentation.allCases.map(\.rawValue)),
      (.scenario, "\(scenario)/8/properties/coarse", CoarseValue.allCases.map(\.rawValue)),
      (.scenario, "\(scenario)/8/properties/api", UpdateAPI.allCases.map(\.rawValue)),
      (.scenario, "\(scenario)/8/properties/conversionTypes/items", UpdateRouting.Kind.allCases.map(\.rawValue)),
      (.conversionSchema, "$defs/coarseRule/properties/value", CoarseValue.allCases.map(\.rawValue)),
      (.conversionSchema, "properties/fineValue/properties/revenueSource", RevenueSource.allCases.map(\.rawValue)),
      // `lowerBound` is the first spelling of `lower`, still read.
      (.conversionSchema, "properties/decoding/properties/estimate", DecodingSettings.Estimate.allCases.map(\.rawValue) + ["lowerBound"]),
    ]
    for (kind, pointer, values) in sets {
      #expect(try Self.choices(kind, pointer) == values.sorted(), "\(kind.rawValue)#/\(pointer)")
    }
  }

  /// What an editor shows for a misspelt key: the JSON Schema rejects it where it is written,
  /// as the reader does.
  @Test func aMisspeltKeyIsRejectedByTheJSONSchema() throws {
    let text = try String(contentsOf: TestPaths.repository.appendingPathComponent("Scenarios/quickstart.json"), encoding: .utf8)
    #expect(text.contains("retention:"))
    let typo = text.replacingCharacters(in: try #require(text.range(of: "retention:")), with: "retension:")
    let node = try JSONParser.parse(typo)
    let problems = try Self.validator().validate(node, against: Kind.scenario.rawValue).problems
    let problem = try #require(problems.first)
    #expect(problems.count == 1)
    #expect(problem.path == "cohorts[0].retension")
    #expect(problem.message.hasPrefix("unknown key 'retension'; allowed: "))
    #expect(problem.message.contains("retention"))
    let error = #expect(throws: ScenarioLoadError.self) {
      try ScenarioLoader.parse(typo, file: "q.json", baseDirectory: TestPaths.repository.appendingPathComponent("Scenarios").path)
    }
    #expect(error?.diagnostics.map(\.message) == ["unknown key 'retension'; did you mean 'retention'?"])
  }

  /// Out-of-range numbers, wrong kinds and bad choices are rejected too.
  @Test func badValuesAreRejectedByTheJSONSchema() throws {
    let validator = try Self.validator()
    let sweep = try JSONParser.parse(
      #"{ version: 1, name: "s", scenario: "b.json", parameters: [{ path: "seed", values: [] }], replicates: 0, combine: "mesh" }"#)
    let messages = validator.validate(sweep, against: Kind.sweep.rawValue).problems.map { "\($0.path): \($0.message)" }
    #expect(messages.contains("replicates: expected at least 1, found 0"))
    #expect(messages.contains(#"combine: expected one of "grid", "list", found string 'mesh'"#))
    #expect(messages.contains("parameters[0].values: expected at least 1 elements, found 0"))
    let schema = try JSONParser.parse(
      #"{ version: 1, fineValue: { values: [{ value: 64 }] }, coarseValue: [{ value: "huge" }] }"#)
    let schemaMessages = validator.validate(schema, against: Kind.conversionSchema.rawValue).problems.map(\.message)
    #expect(schemaMessages.contains("expected at most 63, found 64"))
    #expect(schemaMessages.contains { $0.contains("found string 'huge'") })
  }

  /// `$schema` names the JSON Schema for editors; every reader takes it at the top level as a
  /// string, and only as a string.
  @Test func everyReaderAcceptsDollarSchemaAsAString() throws {
    let minimal = TestScenarios.minimal
    let scenario = minimal.replacingCharacters(
      in: try #require(minimal.range(of: "{")), with: #"{ "$schema": "../Docs/schemas/scenario.schema.json","#)
    _ = try ScenarioLoader.parse(scenario, file: "s.json")
    _ = try ScenarioLoader.parseSchema(#"{ "$schema": "conversion-schema.schema.json", version: 1 }"#, file: "c.json")
    let sweep = """
      { "$schema": "../../Docs/schemas/sweep.schema.json", version: 1, name: "s", scenario: "crowd-base.json",
        parameters: [{ name: "s", path: "seed", values: [1] }] }
      """
    _ = try ScenarioLoader.parseSweep(sweep, file: "s.json", baseDirectory: TestPaths.repository.appendingPathComponent("Scenarios/sweeps").path)
    let error = #expect(throws: ScenarioLoadError.self) {
      try ScenarioLoader.parseSchema(#"{ "$schema": 2, version: 1 }"#, file: "c.json")
    }
    #expect(error?.diagnostics.first?.message == "expected a string, found number 2")
  }
}
