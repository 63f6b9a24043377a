import SimJSON
import SimModel

/// Reads a volumes table (Docs/privacy-fit.md, "The fitter's own volumes"): `date` (a UTC day,
/// YYYY-MM-DD), `network`, `campaign` (the campaign id or source identifier set) and `installs`,
/// with optional `publisher` and `country` columns whose rows are summed.
package enum InstallVolumesReader {
  package static let columns = ["date", "network", "campaign", "installs", "publisher", "country"]

  /// The rows of `text` (file `file`).
  package static func read(_ text: String, file: String) throws(ScenarioDiagnostic) -> [InstallVolume] {
    let table = try EvidenceTable(text, file: file, known: columns, required: ["date", "network", "campaign", "installs"])
    var volumes: [InstallVolume] = []
    for row in table.rows {
      guard let date = row.text("date") else { throw row.problem("date", "expected a day as YYYY-MM-DD, found a blank cell") }
      guard date.count == 10, let epoch = Epoch(iso8601: date) else {
        throw row.problem("date", "expected a day as YYYY-MM-DD, found \(Excerpt.quoted(date))")
      }
      guard let network = row.text("network") else { throw row.problem("network", "expected the ad network, found a blank cell") }
      guard let campaign = try row.integer("campaign", in: 0...9_999) else {
        throw row.problem("campaign", "expected the campaign id or source identifier, found a blank cell")
      }
      guard let installs = try row.integer("installs", in: 0...100_000_000) else {
        throw row.problem("installs", "expected the installs that day, found a blank cell")
      }
      volumes.append(InstallVolume(day: epoch.utcDay, network: network, campaign: campaign, installs: installs, line: row.line))
    }
    guard !volumes.isEmpty else {
      throw ScenarioDiagnostic(file: file, location: nil, path: "", message: "expected at least one row of volumes, found only the header")
    }
    return volumes
  }
}
