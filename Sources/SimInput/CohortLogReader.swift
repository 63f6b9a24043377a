import SimEngine
import SimJSON
import SimModel

/// Reads a cohort's `log`: which event log its users' in-app lives come from, how to read it,
/// and how the cohort uses it; then loads the log, so that a bad row is reported with the
/// scenario's other problems.
package struct CohortLogReader {
  package let reader: JSONReader
  /// Where the log file is found (beside the scenario, or pinned beside a shard).
  package let files: FileLocator
  /// The schema's currencies: logged revenue is converted into its base currency.
  package let currencies: CurrencyTable
  /// The scenario's ad networks, and the one standing for Apple Ads: what `sources` map onto.
  package var networks: [AdNetwork] = []
  package var appleAdsNetwork: Int?

  /// A reader of the log at `reader`, its file found by `files`, its revenue converted by `currencies`.
  package init(reader: JSONReader, files: FileLocator, currencies: CurrencyTable) {
    self.reader = reader
    self.files = files
    self.currencies = currencies
  }

  /// Every key a `log` takes.
  package static let keys = [
    "path", "format", "use", "stratifyByCountry", "badRows", "horizonDays", "delimiter", "header", "columns",
    "timeFormat", "timeZone", "kinds", "sources", "campaigns",
  ]
  /// The shapes a log may have, and the ways a cohort uses one.
  package static let formats = ["ga4", "appsFlyer", "delimited"]
  package static let uses = ["replay", "resample"]
  /// The keys only a delimited log (AppsFlyer's included) takes.
  private static let delimitedKeys = ["delimiter", "header", "columns", "timeFormat", "timeZone", "kinds"]
  /// The fields a delimited log maps, in the order messages list them.
  package static let columnKeys = [
    "user", "time", "event", "revenue", "currency", "kind", "country", "network", "campaign", "installTime",
  ]
  /// What a `kinds` entry may make an event, by the word a scenario writes.
  package static let kindWords: [(word: String, kind: LogRow.Kind)] = [
    ("purchase", .purchase), ("ad", .adRevenue), ("session", .session), ("first_open", .firstLaunch), ("event", .event),
  ]

  /// The log as `use` says, loaded; nil after logging when it cannot be read.
  package func read() -> CohortLog? {
    guard let object = reader.object(keys: Self.keys) else { return nil }
    // A log is read only when its settings are sound: a misspelt column would otherwise make
    // every row an error too.
    let problemsBefore = reader.log.diagnostics.count
    let pathReader = object.required("path", "the event log file, relative to the scenario")
    let relativePath = pathReader?.nonEmptyString()
    let formatName = object.required("format", "the log's shape: ga4, appsFlyer or delimited")?
      .oneOf(Self.formats)
    let useName = object.required("use", "how the cohort's users take logged timelines: replay or resample")?
      .oneOf(Self.uses)
    let stratify = object.optional("stratifyByCountry")?.bool() ?? false
    if object.has("stratifyByCountry"), useName == "replay" {
      object.optional("stratifyByCountry")?.error(
        "a replayed user lives the logged user of the same number, whatever the country: 'stratifyByCountry' is for 'use': \"resample\"")
    }
    let sourceEntries = readSourceEntries(object, replay: useName == "replay")
    let badRows = object.optional("badRows")?.oneOf(EventLogSource.BadRows.allCases.map(\.rawValue)).flatMap(EventLogSource.BadRows.init) ?? .fail
    let horizonDays = object.optional("horizonDays")?.integer(in: 1...365) ?? 35
    var format: EventLogSource.Format?
    switch formatName {
    case "ga4":
      for key in Self.delimitedKeys where object.has(key) {
        object.optional(key)?.error("'\(key)' maps a delimited log's columns; a GA4 export's fields are fixed: remove it")
      }
      format = .ga4
    case "appsFlyer": format = readMapping(object, base: .appsFlyer).map(EventLogSource.Format.delimited)
    case "delimited": format = readMapping(object, base: nil).map(EventLogSource.Format.delimited)
    default: break
    }
    guard let pathReader, let relativePath, let format, let useName, let sourceEntries,
      reader.log.diagnostics.count == problemsBefore,
      let path = files.locate(relativePath, kind: "event log", pathReader)
    else { return nil }
    var source = EventLogSource(path: path, format: format)
    source.badRows = badRows
    source.horizonDays = Int(horizonDays)
    let loaded: (users: LoggedUsers, report: EventLogReport)
    do {
      loaded = try EventLogLoader.load(source, currencies: currencies)
    } catch {
      switch error {
      case .opening(.file(let problem)): pathReader.error("cannot read event log '\(relativePath)': \(problem.reason)")
      case .opening(.setting(let problem)): reader.error(problem.reason)
      case .reading(let diagnostic): reader.log.add(diagnostic)
      }
      return nil
    }
    reader.log.noteInput(path)
    if loaded.users.count == 0 {
      if loaded.report.skippedRows > 0, let first = loaded.report.skippedExamples.first {
        pathReader.error(
          "event log '\(relativePath)' holds no users: expected at least one row, found \(loaded.report.skippedRows) "
            + "that could not be read (badRows: skip); the first: \(first)")
      } else {
        pathReader.error("event log '\(relativePath)' holds no users: expected at least one row")
      }
      return nil
    }
    if loaded.report.skippedRows > 0, let first = loaded.report.skippedExamples.first {
      (object.optional("badRows") ?? reader).warning(
        "skipped \(loaded.report.skippedRows) of \(loaded.report.rows) rows of '\(relativePath)' that could not be read; "
          + "the first: \(first)")
    }
    let horizon = SimDuration.days(Int64(horizonDays))
    let shortWatched = (0..<loaded.users.count).count { loaded.users.observed($0) < horizon }
    if shortWatched > 0 {
      pathReader.warning(
        "\(shortWatched) of \(loaded.users.count) logged users were watched for less than \(horizonDays) days after their "
          + "first launch (the log ends there): their later days are empty, so late windows understate what they do")
    }
    guard checkSourceEntries(sourceEntries, against: loaded.users, relativePath: relativePath) else { return nil }
    var log = CohortLog(
      source: source, use: useName == "replay" ? .replay : .resample(stratifyByCountry: stratify), users: loaded.users)
    log.report = loaded.report
    log.sources = sourceEntries.mapping
    return log
  }

  /// The column mapping of a delimited log: `base`'s (AppsFlyer's) with the scenario's changes,
  /// or the scenario's own, which must name the user and time columns.
  private func readMapping(_ object: ObjectReader, base: DelimitedLogMapping?) -> DelimitedLogMapping? {
    let header = object.optional("header")?.bool() ?? true
    let columnsReader = base == nil ? object.required("columns", "which column holds what: { user, time, … }") : object.optional("columns")
    var columns: [String: LogColumn] = [:]
    var readable = true
    if let columnsReader {
      guard let columnsObject = columnsReader.object(keys: Self.columnKeys) else { return nil }
      for key in Self.columnKeys {
        guard let columnReader = columnsObject.optional(key) else { continue }
        guard let column = readColumn(columnReader, header: header) else {
          readable = false
          continue
        }
        columns[key] = column
      }
      if base == nil {
        for key in ["user", "time"] where !columnsObject.has(key) {
          columnsReader.error("expected the '\(key)' column, found none: a log's rows need a user and a time")
          readable = false
        }
      }
    }
    if base != nil, !header, columns.isEmpty {
      object.optional("header")?.error("AppsFlyer's export names its columns in a header: give 'columns' by position to read one without it")
      readable = false
    }
    guard readable, let user = columns["user"] ?? base?.user, let time = columns["time"] ?? base?.time else { return nil }
    var mapping = base ?? DelimitedLogMapping(user: user, time: time)
    mapping.user = user
    mapping.time = time
    mapping.header = header
    let fields: [(String, WritableKeyPath<DelimitedLogMapping, LogColumn?>)] = [
      ("event", \.event), ("revenue", \.revenue), ("currency", \.currency), ("kind", \.kind), ("country", \.country),
      ("network", \.network), ("campaign", \.campaign), ("installTime", \.installTime),
    ]
    for (key, field) in fields where columns[key] != nil { mapping[keyPath: field] = columns[key] }
    if let delimiter = object.optional("delimiter")?.oneOf(LogDelimiter.allCases.map(\.rawValue)).flatMap(LogDelimiter.init) {
      mapping.delimiter = delimiter
    } else if object.has("delimiter") {
      return nil
    }
    if let formatReader = object.optional("timeFormat") {
      guard let timeFormat = Self.timeFormat(formatReader) else { return nil }
      mapping.timeFormat = timeFormat
    }
    if let zoneReader = object.optional("timeZone") {
      guard let zone = Self.timeZone(zoneReader) else { return nil }
      mapping.timeZone = zone
    }
    if let kindsReader = object.optional("kinds") {
      guard let kinds = Self.kinds(kindsReader) else { return nil }
      mapping.kinds.merge(kinds) { _, scenario in scenario }
    }
    return mapping
  }

  /// A column: a header name, or a 1-based position.
  private func readColumn(_ reader: JSONReader, header: Bool) -> LogColumn? {
    switch reader.node.value {
    case .string:
      guard let name = reader.nonEmptyString() else { return nil }
      guard header else {
        reader.error("a log without a header has no column names: give \"\(name)\"'s position (1 for the first column)")
        return nil
      }
      return .named(name)
    case .number:
      return reader.integer(in: 1...100_000).map { .position(Int($0)) }
    default:
      reader.expected("a column name (a string) or position (1 for the first column)")
      return nil
    }
  }

  /// `iso8601`, `epochSeconds`, `epochMilliseconds`, `epochMicroseconds`, or a pattern of
  /// fixed fields such as `yyyy-MM-dd HH:mm:ss`.
  private static func timeFormat(_ reader: JSONReader) -> LogTimeFormat? {
    guard let text = reader.nonEmptyString() else { return nil }
    let named: [String: LogTimeFormat] = [
      "iso8601": .iso8601, "epochSeconds": .epochSeconds, "epochMilliseconds": .epochMilliseconds,
      "epochMicroseconds": .epochMicroseconds,
    ]
    let format = named[text] ?? .pattern(text)
    do {
      _ = try LogTimeParser(format: format)
    } catch {
      reader.error(error.reason + "; or give iso8601, epochSeconds, epochMilliseconds or epochMicroseconds")
      return nil
    }
    return format
  }

  /// `UTC`, an offset `±hh:mm`, or an IANA zone name the system knows.
  private static func timeZone(_ reader: JSONReader) -> LogTimeZone? {
    guard let text = reader.nonEmptyString() else { return nil }
    if text == "UTC" || text == "Z" { return .utc }
    if let sign = text.first, sign == "+" || sign == "-" {
      let parts = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }), let hours = Int(parts[0]),
        let minutes = Int(parts[1]), hours <= 14, minutes < 60
      else {
        reader.error("expected an offset from UTC as ±hh:mm (\"+05:30\"), found \(Excerpt.quoted(text))")
        return nil
      }
      return .fixed(secondsEast: (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60))
    }
    let zone = LogTimeZone.named(text)
    guard (try? LogTimeParser(format: .iso8601, zone: zone)) != nil else {
      reader.error(
        "expected an IANA time zone such as \"Europe/Paris\", \"UTC\" or an offset such as \"+05:30\", found \(Excerpt.quoted(text))")
      return nil
    }
    return zone
  }

  /// Event names standing for a kind: `{ "af_purchase": "purchase" }`.
  private static func kinds(_ reader: JSONReader) -> [String: LogRow.Kind]? {
    guard case .object(let members) = reader.node.value else {
      reader.expected("an object of event names and what each is (purchase, ad, session, first_open, event)")
      return nil
    }
    var kinds: [String: LogRow.Kind] = [:]
    var readable = true
    for member in members {
      let word = reader.child(member.value, key: member.key).oneOf(kindWords.map(\.word))
      guard let kind = kindWords.first(where: { $0.word == word })?.kind else {
        readable = false
        continue
      }
      kinds[member.key] = kind
    }
    return readable ? kinds : nil
  }
}
