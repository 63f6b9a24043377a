import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim schema import FILE --out FILE [--from ga4|google-ads]`.
struct SchemaImportCommand: DeclaredCommand {
  @Argument(name: "file", help: "A GA4 or Google Ads schema as their APIs return it (JSON).", parsing: .inputPath)
  var path: String
  @Option(
    name: "out", short: "o", valueName: "file", help: "The schema file to write, in this tool's format (- for standard output).",
    parsing: .outputPath)
  var outFile: String?
  @Option(
    name: "from", valueName: "format", help: "The file's format: ga4 or google-ads.", defaultDescription: "from its keys",
    parsing: .oneOf)
  var format: GoogleSchemaFormat?
  @Option(
    name: "scenario", valueName: "file", help: "Check the schema's events and currency against this scenario's.",
    parsing: .inputPath)
  var scenarioPath: String?

  static let configuration = spec(
    name: "import", abstract: "Convert a GA4 or Google Ads SKAdNetwork schema into this tool's schema format.",
    discussion: """
      Reads the schema as Google's Admin API (GA4 / Firebase) or Google Ads API returns it and \
      writes the same schema in this tool's format, which runs with the semantics Google \
      documents: conversion values checked in order, the first that holds deciding, its event \
      mappings all holding (Docs/schema-format.md#google-schemas-import-and-export). Nothing is written when the \
      file has problems.
      """)

  static var readingOrder: [ReadingStep<Self>] { [.value("--out"), .check(Self.checkOutNamed)] }

  private func checkOutNamed() throws(ValidationError) {
    if outFile == nil { throw ValidationError("Name the schema file to write: --out FILE") }
  }

  func run() -> ExitStatus {
    let out = outFile ?? ""
    if let obstacle = OutputFile(out).obstacle() {
      Console.error("error: \(obstacle.description); nothing was imported")
      return .writing(obstacle)
    }
    var scenario: Scenario?
    if let scenarioPath {
      do {
        scenario = try ScenarioLoader.load(path: scenarioPath)
      } catch {
        ProblemPrinter.report(error, file: scenarioPath)
        return .loading(error)
      }
    }
    let imported: (format: GoogleSchemaFormat, json: JSONValue, schema: ConversionSchema)
    do {
      imported = try ScenarioLoader.importSchema(path: path, format: format, for: scenario)
    } catch {
      ProblemPrinter.report(error, file: path)
      return .loading(error)
    }
    let output = JSONFileOutput(path: out)
    if let failed = output.write(imported.json) { return failed }
    let rows = imported.schema.table.map(\.count)
    let rules = imported.schema.coarse.map(\.count)
    output.say(
      "\(path): \(imported.format.title): \(rows[0]) fine-value rows in window 1, rows \(rows[1]) and \(rows[2]) in windows 2 and 3, "
        + "coarse rules \(rules.map(String.init).joined(separator: "/")), \(imported.schema.locks.count) lock rules, "
        + "\(imported.schema.eventNames.count) events")
    output.sayWritten()
    return .success
  }
}
