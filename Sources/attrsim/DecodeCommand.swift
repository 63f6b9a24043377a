import AttributionSim
import CommandLineKit
import Foundation
import SimJSON

/// `attrsim decode --schema SCHEMA POSTBACKS… [--scenario S] [--calibration FILE] [--estimator NAME]
/// [--out FILE]`: decodes postbacks from anywhere with a schema, per campaign and window.
struct DecodeCommand: DeclaredCommand {
  @Argument(
    name: "postbacks", help: "Files of postbacks.", parsing: .inputPath)
  var files: [String]
  /// One of the two, or both.
  @Option(name: "schema", valueName: "file", help: "The schema to decode with.", parsing: .inputPath)
  var schemaPath: String?
  @Option(
    name: "scenario", valueName: "file", help: "Name networks and campaigns from this scenario.", parsing: .inputPath)
  var scenarioPath: String?
  @Option(
    name: "calibration", valueName: "file",
    help: "Value postbacks with this calibration ('attrsim calibrate'), made for the same schema.", parsing: .inputPath)
  var calibrationPath: String?
  @Option(
    name: "estimator", valueName: "name", help: "Value postbacks with this estimator: calibrated, midpoint or lower.",
    defaultDescription: "calibrated with --calibration or --scenario (then learned from its runs), else midpoint",
    parsing: ValueParser<DecodingSettings.Estimate>.oneOf)
  var estimator: DecodingSettings.Estimate?
  @Option(
    name: "out", short: "o", valueName: "file", help: "Write each postback's decoding (JSON lines; - for standard output).",
    parsing: .outputPath)
  var out: String?

  static let configuration = spec(
    name: "decode", abstract: "Decode postbacks with a schema, per campaign and window.",
    discussion: """
      Reads postbacks (a run's postbacks.jsonl, or Apple's JSON bodies: one object, an array \
      or one per line), skips developer copies, repeated transaction-ids and non-winning \
      postbacks, decodes each value with the schema and prints fine, coarse, none and unknown \
      counts, decoded revenue and events per campaign and window. --scenario names campaigns \
      by their source identifiers (and supplies its schema when --schema is not given); --out \
      writes each postback's decoding as JSON lines. With --calibration (or --scenario, whose \
      runs are then calibrated) revenue is the calibrated conditional mean, and postbacks \
      without a value and windows whose postback never came are imputed and shown apart; a \
      calibration made for another schema or scenario is refused. Signatures are not checked: \
      see 'attrsim postback verify'.
      """)

  // The order attrsim has always reported mistakes in, which is not the help's.
  static var readingOrder: [ReadingStep<Self>] {
    [.check(Self.checkSchemaNamed)]
  }

  private func checkSchemaNamed() throws(ValidationError) {
    guard schemaPath != nil || scenarioPath != nil else {
      throw ValidationError("Name the schema to decode with: --schema FILE (or --scenario FILE for its schema)")
    }
  }

  func run() -> ExitStatus {
    // Refused before any reading: a folder cannot take the decodings, however many there are.
    if let out, FileManager.default.isDirectory(out) {
      Console.error("\(out): error: cannot write the decodings: is a directory (expected a file path for -o)")
      return .ioError
    }
    if let out, let obstacle = OutputFile(out).obstacle() {
      Console.error("error: \(obstacle.description); nothing was decoded")
      return .writing(obstacle)
    }
    var scenario: Scenario?
    var schema: ConversionSchema
    do {
      if let scenarioPath { scenario = try ScenarioLoader.load(path: scenarioPath) }
      if let schemaPath {
        schema = try ScenarioLoader.loadSchema(path: schemaPath)
      } else {
        schema = scenario!.schema
      }
    } catch {
      ProblemPrinter.report(error, file: schemaPath ?? scenarioPath ?? "")
      return .loading(error)
    }
    let valuing: CalibratedDecoding
    switch Self.decoding(estimator, file: calibrationPath, schema: schema, scenario: scenario) {
    case .success(let chosen): valuing = chosen
    case .failure(let status): return status.exitStatus
    }
    // The chosen estimator values ranges too (the calibrated one's fallback is the midpoint).
    schema.decoding.estimate = valuing.estimator
    var decoder = PostbackDecoder(
      decoder: schema, eventNames: schema.eventNames, networks: scenario?.adNetworks ?? [], calibrated: valuing)
    // Signatures are not checked; copies, repeats and non-winning postbacks are skipped as a
    // run's receivers skip them, by the same replay key.
    var receiver = PostbackReceiver(verification: .skipped)
    var lines: [String] = []
    var counts = (postbacks: 0, copies: 0, duplicates: 0, nonWinning: 0, invalid: 0)
    for path in files {
      var failed = ExitStatus.success
      guard let entries = InputText.postbacks(path, failed: &failed) else { return failed }
      var problems = ProblemPrinter()
      defer { problems.finish(file: path) }
      for entry in entries {
        let place = entry.place(in: path)
        if case .failure(let error) = entry.body {
          counts.invalid += 1
          problems.print("\(place):\(error.location.column): error: not JSON: \(error.message)", message: error.message)
          continue
        }
        // SKAdNetwork's fields, or AdAttributionKit's JWS payload and siblings, alike.
        let body = try? entry.body.get()
        let fields = body.map(PostbackFields.init)
        guard let body, let fields, fields.networkId != nil else {
          counts.invalid += 1
          let message = "not a postback (a JSON object with an ad-network-id or ad-network-identifier)"
          problems.print("\(place): error: \(message)", message: message)
          continue
        }
        if let problem = fields.sequenceIndexProblem {
          counts.invalid += 1
          problems.print("\(place): error: \(problem)", message: problem)
          continue
        }
        // A run's log holds the developer's copy of each winning postback too; Apple's bodies are the network's.
        let recipient: PostbackRecipient = entry.recipient == PostbackRecipient.developer.rawValue ? .developer : .adNetwork
        switch receiver.receive(body, fields: fields, recipient: recipient, decodingInto: &decoder) {
        case .developerCopy: counts.copies += 1
        case .nonWinning: counts.nonWinning += 1
        case .duplicate: counts.duplicates += 1
        case .rejected(_, let reason):
          counts.invalid += 1
          problems.print("\(place): error: \(reason)", message: reason)
        case .decoded(let outcome):
          counts.postbacks += 1
          lines.append(Self.line(place: place, fields: fields, outcome: outcome, schema: schema))
        }
      }
    }
    // With -o -, standard output holds the decodings alone; the table goes to standard error.
    let say = out.map { OutputFile($0).isStandardOutput } == true ? Console.error : Console.out
    say(TextTable.render(DecodedCSV(decoder.table).cells))
    var notes = ["\(counts.postbacks) winning postbacks decoded"]
    if counts.copies > 0 { notes.append("\(counts.copies) developer copies skipped") }
    if counts.duplicates > 0 { notes.append("\(counts.duplicates) repeated transaction-ids or postback-identifiers skipped") }
    if counts.nonWinning > 0 { notes.append("\(counts.nonWinning) non-winning (they carry no value)") }
    if counts.invalid > 0 { notes.append("\(counts.invalid) entries not postbacks") }
    // The estimate's provenance first: the counts stay the last line, as scripts read them.
    say(Self.note(decoder.table))
    say(notes.joined(separator: "; "))
    if let out {
      do {
        try OutputFile(out).write(lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"))
        if !OutputFile(out).isStandardOutput { Console.out("wrote \(out)") }
      } catch {
        Console.error("error: \(error.description)")
        return .writing(error)
      }
    }
    return counts.invalid > 0 ? .dataError : .success
  }

  /// How the postbacks are valued: `estimator` (calibrated with a calibration file or a
  /// scenario, else midpoint), the calibration read from `file` (refused for another schema or
  /// scenario) or learned from `scenario`'s runs with `schema`.
  private static func decoding(
    _ estimator: DecodingSettings.Estimate?, file: String?, schema: ConversionSchema, scenario: Scenario?
  ) -> Result<CalibratedDecoding, ScenarioPreparation.Stopped> {
    let chosen = estimator ?? (file != nil || scenario != nil ? .calibrated : .midpoint)
    guard chosen == .calibrated else { return .success(CalibratedDecoding(estimator: chosen)) }
    if let file {
      do {
        let calibration = try ScenarioLoader.loadCalibration(path: file, for: schema, scenario: scenario?.name)
        return .success(CalibratedDecoding(estimator: chosen, calibration: calibration))
      } catch {
        ProblemPrinter.report(error, file: file)
        return .failure(ScenarioPreparation.Stopped(exitStatus: .loading(error)))
      }
    }
    guard var scenario else {
      return .success(
        CalibratedDecoding(
          estimator: chosen, missingReason: "no calibration given (--calibration FILE): values decoded at their midpoint"))
    }
    scenario.schema = schema
    return .success(Calibrator.decoding(for: scenario, estimator: chosen))
  }

  /// A line on how the revenue was estimated and how much of it is imputed.
  private static func note(_ report: DecodedTable) -> String {
    guard let valuing = report.calibrated else { return "" }
    guard valuing.estimator == .calibrated else { return "revenue estimated by each value's range (\(valuing.estimator.rawValue))" }
    guard let calibration = valuing.calibration else { return valuing.missingReason ?? "" }
    let currency = report.currency
    return "revenue estimated by the calibration of '\(calibration.scenario)' (\(calibration.seeds.count) runs, "
      + "\(calibration.installs) installs): measured \(String(format: "%.2f", report.decodedRevenue - report.imputedRevenue)) "
      + "\(currency), imputed \(String(format: "%.2f", report.imputedRevenue)) \(currency) (\(valuing.imputedNulls) "
      + "postbacks without a value, and windows whose postbacks never came); \(valuing.pooledCells) values from the pooled cell, "
      + "\(valuing.midpointFallbacks) at their midpoint (too few calibration installs)"
  }

  /// One postback's identity, value and decoding, as a JSON line.
  private static func line(
    place: String, fields: PostbackFields, outcome: DecodingOutcome?, schema: ConversionSchema
  ) -> String {
    var object: [String: JSONValue] = ["at": .string(place)]
    for key in [
      "ad-network-id", "ad-network-identifier", "transaction-id", "postback-identifier", "postback-sequence-index",
      "source-identifier", "campaign-id", "conversion-value", "coarse-conversion-value",
    ] {
      if let value = fields[key] { object[key] = value }
    }
    // The window for people (1–3) beside Apple's 0-based postback-sequence-index.
    if fields.networkId != nil { object["window"] = .int(Int64((fields.sequenceIndex ?? 0) + 1)) }
    switch outcome {
    case .decoded(let value)?: object["decoded"] = value.json(eventNames: schema.eventNames, currency: schema.currencies.base)
    case .unknown?: object["decoded"] = .string("unknown value")
    case .none?, nil: object["decoded"] = .null
    }
    var text = ""
    JSONValue.object(object).write(to: &text, pretty: false)
    return text
  }
}
