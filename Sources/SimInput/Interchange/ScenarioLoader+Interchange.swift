import SimJSON
import SimModel

extension ScenarioLoader {
  /// Reads a GA4 or Google Ads schema file (`format`, or the one its keys show) into this tool's
  /// schema format: the JSON to write and the schema it reads as. With `scenario`, its events and
  /// currencies are checked against the scenario's as any schema file's are (a misspelt event
  /// name is an error with the scenario's name suggested).
  ///
  /// - Throws: ``ScenarioLoadError`` with every problem, located in the file.
  public static func importSchema(
    path: String, format: GoogleSchemaFormat? = nil, for scenario: Scenario? = nil
  ) throws(ScenarioLoadError) -> (format: GoogleSchemaFormat, json: JSONValue, schema: ConversionSchema) {
    let node = try document(path, kind: "schema")
    let log = DiagnosticLog()
    let reader = JSONReader(node: node, path: "", file: path, log: log)
    var keys = Set<String>()
    if case .object(let members) = node.value { keys = Set(members.map(\.key)) }
    guard let format = format ?? GoogleSchemaFormat.detect(keys: keys) else {
      throw ScenarioLoadError(diagnostics: [
        ScenarioDiagnostic(
          file: path, location: node.location, path: "$",
          message: "expected a GA4 schema (with 'postbackWindowOne') or a Google Ads schema (with 'schema' or 'appId'); "
            + "found neither (name the format with --from)")
      ])
    }
    let json: JSONValue? =
      switch format {
      case .ga4: GA4SchemaImport(reader: reader).read()
      case .googleAds: GoogleAdsSchemaImport(reader: reader).read()
      }
    let converted = try checked(json, log: log, file: path, what: format.title)
    // The result is read back as any schema file is, so it runs with exactly the checks it would
    // have had written by hand.
    let text = converted.serialized(pretty: true)
    do {
      return (format, converted, try parseSchema(text, file: path + " (imported)", for: scenario))
    } catch {
      // A problem with an event (a name the scenario's users never perform) is shown where the
      // imported file names the event.
      throw ScenarioLoadError(diagnostics: error.diagnostics.map { diagnostic in
        guard let name = Self.quotedEvent(diagnostic.message), let (at, node) = Self.firstString(name, in: node, path: "") else {
          return diagnostic
        }
        return ScenarioDiagnostic(severity: diagnostic.severity, file: path, location: node.location, path: at, message: diagnostic.message)
      })
    }
  }

  /// The event a diagnostic names: its first 'quoted' word.
  private static func quotedEvent(_ message: String) -> String? {
    guard let open = message.firstIndex(of: "'") else { return nil }
    let rest = message[message.index(after: open)...]
    return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
  }

  /// The JSON path and node of the first string equal to `text` under `node`.
  private static func firstString(_ text: String, in node: JSONNode, path: String) -> (String, JSONNode)? {
    switch node.value {
    case .string(let value): return value == text ? (path, node) : nil
    case .object(let members):
      for member in members {
        if let found = firstString(text, in: member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)") { return found }
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = firstString(text, in: element, path: "\(path)[\(index)]") { return found }
      }
    default: break
    }
    return nil
  }

  /// The schema file at `path` in `format`; `appId` names the app for Google Ads when the schema
  /// was not imported with one.
  ///
  /// - Throws: ``ScenarioLoadError``: the file's problems, or every reason the format cannot
  ///   express the schema, located in it.
  public static func exportSchema(path: String, to format: GoogleSchemaFormat, appId: String? = nil) throws(ScenarioLoadError)
    -> JSONValue
  {
    let schema = try loadSchema(path: path)
    let result =
      switch format {
      case .ga4: GA4SchemaExport(schema: schema).write()
      case .googleAds: GoogleAdsSchemaExport(schema: schema, appId: appId).write()
      }
    switch result {
    case .success(let json): return json
    case .failure(let refusals):
      let node = try? document(path, kind: "schema")
      throw ScenarioLoadError(
        diagnostics: refusals.reasons.map { reason in
          ScenarioDiagnostic(
            file: path, location: node.flatMap { reason.path == "$" ? $0.location : JSONPathLookup.node(at: reason.path, under: $0)?.location },
            path: reason.path,
            message: "cannot be written as a \(format.title): " + reason.message)
        })
    }
  }
}
