import AttributionSim
import CommandLineKit
import Foundation

/// `attrsim schema export SCHEMA --to ga4|google-ads --out FILE [--app-id ID]`.
struct SchemaExportCommand: DeclaredCommand {
  @Argument(name: "schema", help: "The schema file (JSON or JSON5).", parsing: .inputPath)
  var path: String
  @Option(name: "to", valueName: "format", help: "The format to write: ga4 or google-ads.", parsing: .oneOf)
  var format: GoogleSchemaFormat?
  @Option(
    name: "out", short: "o", valueName: "file", help: "The file to write (- for standard output).", parsing: .outputPath)
  var outFile: String?
  @Option(
    name: "app-id", valueName: "id", help: "The App Store ID Google Ads files carry.",
    defaultDescription: "the imported file's", parsing: .text)
  var appId: String?

  static let configuration = spec(
    name: "export", abstract: "Write a schema as a GA4 or Google Ads SKAdNetwork schema, or say why it cannot be.",
    discussion: """
      Writes the schema as Google's Admin API (GA4 / Firebase) or Google Ads API represents it. \
      A schema that says something the format cannot (a revenue bucket, a session count, a \
      predicted revenue) is refused with every reason, located in the file, and nothing is \
      written: never a file that means less than the schema.
      """)

  static var readingOrder: [ReadingStep<Self>] {
    [.value("--to"), .value("--out"), .check(Self.checkNamed)]
  }

  private func checkNamed() throws(ValidationError) {
    if format == nil { throw ValidationError("Name the format to write: --to ga4 or --to google-ads") }
    if outFile == nil { throw ValidationError("Name the file to write: --out FILE") }
  }

  func run() -> ExitStatus {
    let out = outFile ?? ""
    guard let format else { return .usage }
    if let obstacle = OutputFile(out).obstacle() {
      Console.error("error: \(obstacle.description); nothing was exported")
      return .writing(obstacle)
    }
    let json: JSONValue
    do {
      json = try ScenarioLoader.exportSchema(path: path, to: format, appId: appId)
    } catch {
      ProblemPrinter.report(error, file: path)
      return .loading(error)
    }
    let output = JSONFileOutput(path: out)
    if let failed = output.write(json) { return failed }
    output.sayWritten(format.title)
    return .success
  }
}
