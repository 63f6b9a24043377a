import SimJSON
import SimModel

/// Reads a calibration file (`attrsim calibrate --out`), refusing one made for another schema
/// or scenario with the file, JSON path, expected and found.
package struct CalibrationReader {
  package let reader: JSONReader

  /// A reader of the calibration object `reader` points at.
  package init(reader: JSONReader) {
    self.reader = reader
  }

  package static let keys = [
    "$schema", "format", "version", "scenario", "schemaDigest", "currency", "eventNames", "windowCount", "minimumInstalls",
    "seeds", "installs", "cells",
  ]
  package static let cellKeys = ["window", "signal", "network", "campaign", "installs", "revenue", "eventUsers", "laterRevenue"]

  /// The calibration, checked against `schema` (its digest, currency and events) and, when
  /// given, the name of the scenario whose postbacks it will decode.
  package func read(for schema: ConversionSchema, scenario: String?) -> Calibration? {
    guard let object = reader.object(keys: Self.keys) else { return nil }
    // Names the JSON Schema editors check the file with (Docs/schemas/calibration.schema.json).
    _ = object.optional("$schema")?.string()
    if let format = object.required("format", "'\(Calibration.formatName)'"), let text = format.string(),
      text != Calibration.formatName
    {
      format.error("expected '\(Calibration.formatName)' (a file written by 'attrsim calibrate'), found \(Excerpt.quoted(text))")
      return nil
    }
    guard let versionReader = object.required("version", "the calibration format version, 1"),
      let version = versionReader.integer()
    else { return nil }
    guard version == Int64(Calibration.formatVersion) else {
      versionReader.error("unsupported calibration format version \(version); this build reads version \(Calibration.formatVersion)")
      return nil
    }
    let name = object.required("scenario", "the scenario's name")?.string()
    let digestReader = object.required("schemaDigest", "the digest of the schema it was made for")
    let digest = digestReader?.string()
    let currencyReader = object.required("currency", "the schema's currency")
    let currency = currencyReader?.string()
    let eventsReader = object.required("eventNames", "the schema's event names")
    let events = eventsReader?.array()?.compactMap { $0.string() }
    let windowCount = object.required("windowCount", "1 or 3")?.integer(in: 1...3)
    let minimum = object.required("minimumInstalls", "a cell's minimum installs")?.integer(in: 1...Int64(Int32.max))
    let seeds = object.required("seeds", "the calibration runs' seeds")?.array()?.compactMap { seed -> UInt64? in
      guard let text = seed.string() else { return nil }
      guard let value = UInt64(text) else {
        seed.error("expected a seed as a decimal string, found \(Excerpt.quoted(text))")
        return nil
      }
      return value
    }
    let installs = object.required("installs", "the calibration's installs")?.integer(in: 0...Int64(Int32.max))
    // Checked before the cells: a calibration for another schema is refused whatever it holds.
    if let digestReader, let digest, digest != schema.digest {
      digestReader.error(
        "expected the digest of the schema decoded with (\(schema.digest.prefix(12))…), found \(digest.prefix(12))…: "
          + "this calibration was made for another schema; make one for it with 'attrsim calibrate'")
      return nil
    }
    if let name, let scenario, name != scenario {
      object.required("scenario")?.error(
        "expected the scenario whose postbacks are decoded ('\(scenario)'), found '\(name)': this calibration was made "
          + "from another scenario's behaviour")
      return nil
    }
    if let currencyReader, let currency, currency != schema.currencies.base {
      currencyReader.error("expected the schema's currency \(schema.currencies.base), found \(Excerpt.quoted(currency))")
    }
    if let eventsReader, let events, events != schema.eventNames {
      eventsReader.error("expected the schema's events \(schema.eventNames), found \(events)")
    }
    var cells: [CalibrationCell.Key: CalibrationCell] = [:]
    // Files written before later revenue was recorded have none: they decode, but forecast nothing.
    var hasForecasts = true
    for cell in object.required("cells", "the calibration's cells")?.array() ?? [] {
      guard let fields = cell.object(keys: Self.cellKeys) else { continue }
      let window = fields.required("window", "1 to 3")?.integer(in: 1...Int64(windowCount ?? 3))
      let signalReader = fields.required("signal", "fine:N, coarse:low|medium|high, none or missing")
      var signal: CalibrationSignal?
      if let signalReader, let text = signalReader.string() {
        signal = CalibrationSignal(name: text)
        if signal == nil {
          signalReader.error("expected fine:0 to fine:63, coarse:low, coarse:medium, coarse:high, none or missing, found \(Excerpt.quoted(text))")
        }
      }
      let network = fields.required("network", "the network's name")?.nonEmptyString()
      let campaign = fields.required("campaign", "the campaign's name")?.nonEmptyString()
      let count = fields.required("installs", "the cell's installs")?.integer(in: 1...Int64(Int32.max))
      let revenue = fields.required("revenue", "the cell's true revenue")?.nonNegativeNumber()
      let later = fields.optional("laterRevenue")?.nonNegativeNumber()
      if later == nil { hasForecasts = false }
      let usersReader = fields.required("eventUsers", "installs per event")
      let users = usersReader?.array()?.compactMap { $0.integer(in: 0...Int64(Int32.max)).map(Int.init) }
      if let usersReader, let users, users.count != schema.eventNames.count {
        usersReader.error("expected \(schema.eventNames.count) counts (one per schema event), found \(users.count)")
      }
      guard let window, let signal, let network, let campaign, let count, let revenue, let users else { continue }
      let key = CalibrationCell.Key(
        window: Int(window) - 1, signal: signal, source: CalibrationCell.Source(network: network, campaign: campaign))
      guard cells[key] == nil else {
        cell.error("expected one cell per window, signal and source, found a second for window \(window), \(signal.name), \(network)/\(campaign)")
        continue
      }
      cells[key] = CalibrationCell(installs: Int(count), revenue: revenue, eventUsers: users, laterRevenue: later ?? 0)
    }
    guard let name, let digest, let currency, let events, let windowCount, let minimum, let seeds, let installs else {
      return nil
    }
    return Calibration(
      scenario: name, schemaDigest: digest, currency: currency, eventNames: events, windowCount: Int(windowCount),
      minimumInstalls: Int(minimum), seeds: seeds, installs: Int(installs), cells: cells,
      hasForecasts: hasForecasts && !cells.isEmpty)
  }
}
