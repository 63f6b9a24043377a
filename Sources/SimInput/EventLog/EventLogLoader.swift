import SimEngine
import SimJSON
import SimModel

/// Reads an event log whole into ``LoggedUsers``: rows grouped by user and renumbered, revenue
/// converted to the scenario's currency, each user's events made relative to their first
/// launch, with a report accounting for every row.
///
/// A user's first launch is their earliest `first_open` (or `first_launch`) row; failing that,
/// the install time the log gives (AppsFlyer); failing that, their first event (a transaction
/// log's first purchase). Events before it and past the horizon are dropped and counted, rows
/// repeated exactly are kept once, refunds stay as negative revenue. A user's country is their
/// first row's that names one, as an ISO code when the log gives a code or an English name; so
/// are their media source and campaign (where their install came from).
package enum EventLogLoader {
  /// Why a log could not be loaded.
  package enum Failure: Error, Equatable {
    case opening(EventLogOpeningProblem)
    /// A row's error (with `badRows: fail`), or one that ends any reading (a header without a
    /// mapped column, a line past the length limit).
    case reading(ScenarioDiagnostic)
  }

  /// The rows read, as columns (23 bytes a row), until the log is grouped by user.
  private struct Rows {
    var users: [Int32] = []
    var times: [Int64] = []
    var revenues: [Double] = []
    var names: [UInt16] = []
    var kinds: [LogRow.Kind] = []

    var count: Int { times.count }

    mutating func append(user: Int32, time: Int64, revenue: Double, name: UInt16, kind: LogRow.Kind) {
      users.append(user)
      times.append(time)
      revenues.append(revenue)
      names.append(name)
      kinds.append(kind)
    }

    /// Row indices grouped by user (users in index order), each user's in time order, ties in
    /// order of reading; and where each user's start. Drops `users`, which it no longer needs.
    mutating func byUserAndTime(userCount: Int) -> (order: [Int32], starts: [Int]) {
      // A stable counting sort by user keeps each user's rows in order of reading...
      var starts = [Int](repeating: 0, count: userCount + 1)
      for user in users { starts[Int(user) + 1] += 1 }
      for user in 0..<userCount { starts[user + 1] += starts[user] }
      var order = [Int32](repeating: 0, count: count)
      var next = starts
      for (row, user) in users.enumerated() {
        order[next[Int(user)]] = Int32(row)
        next[Int(user)] += 1
      }
      users = []
      // ...so ordering each user's by time, ties by row, is the sort by (user, time, row).
      let times = self.times
      for user in 0..<userCount {
        let rows = starts[user]..<starts[user + 1]
        let sorted = zip(order[rows], order[rows].dropFirst()).allSatisfy { times[Int($0)] <= times[Int($1)] }
        if !sorted { order[rows].sort { (times[Int($0)], $0) < (times[Int($1)], $1) } }
      }
      return (order, starts)
    }
  }

  /// The most distinct event names a log may have (``LoggedUsers`` numbers them in 16 bits).
  package static let maximumEventNames = 65_535

  /// Loads `source`, converting revenue with `currencies` (to its base currency).
  package static func load(_ source: EventLogSource, currencies: CurrencyTable) throws(Failure) -> (users: LoggedUsers, report: EventLogReport) {
    var report = EventLogReport()
    var next: () throws(LogReadError) -> (line: Int, row: LogRow)?
    // Where the row just read has its currency, for an error there (GA4's: its line's start).
    var currencyColumn: () -> Int = { 1 }
    switch source.format {
    case .ga4:
      var reader: GA4LogReader
      do { reader = try GA4LogReader(path: source.path) } catch { throw .opening(.file(error)) }
      next = { () throws(LogReadError) in try reader.next() }
    case .delimited(let mapping):
      var reader: DelimitedLogReader
      do { reader = try DelimitedLogReader(path: source.path, mapping: mapping) } catch { throw .opening(error) }
      next = { () throws(LogReadError) in try reader.next() }
      currencyColumn = { reader.currencyColumn }
    }
    var userIndex: [String: Int32] = [:]
    var nameIndex: [String: UInt16] = [:]
    var names: [String] = []
    var countries: [String?] = []
    var sources: [(network: String?, campaign: String?)] = []
    var installTimes: [Int64?] = []
    var rows = Rows()
    while true {
      let read: (line: Int, row: LogRow)?
      do {
        read = try next()
      } catch {
        guard source.badRows == .skip, case .row(let problem) = error else { throw .reading(error.diagnostic) }
        report.rows += 1
        skip(problem, in: &report)
        continue
      }
      guard let (line, row) = read else { break }
      report.rows += 1
      var revenue = row.revenue ?? 0
      if row.revenue != nil, let currency = row.currency {
        guard let rate = currencies.rate(currency) else {
          let problem = ScenarioDiagnostic(
            file: source.path, location: SourceLocation(line: line, column: currencyColumn()), path: "currency",
            message: "expected a currency the scenario can convert (\(([currencies.base] + currencies.rates.keys.sorted()).joined(separator: ", "))), "
              + "found \(LogExcerpt.quoted(currency, user: row.user, limit: 12)): give its rate in the schema's currencies")
          guard source.badRows == .skip else { throw .reading(problem) }
          skip(problem, in: &report)
          continue
        }
        revenue *= rate
      }
      let user: Int32
      if let known = userIndex[row.user] {
        user = known
      } else {
        user = Int32(userIndex.count)
        userIndex[row.user] = user
        countries.append(nil)
        sources.append((nil, nil))
        installTimes.append(nil)
      }
      if countries[Int(user)] == nil { countries[Int(user)] = row.country.map { CountryNames.code(for: $0) ?? $0 } }
      if sources[Int(user)].network == nil, let network = row.network, !network.isEmpty { sources[Int(user)].network = network }
      if sources[Int(user)].campaign == nil, let campaign = row.campaign, !campaign.isEmpty { sources[Int(user)].campaign = campaign }
      if let install = row.installTime { installTimes[Int(user)] = min(installTimes[Int(user)] ?? install, install) }
      let name: UInt16
      if let known = nameIndex[row.name] {
        name = known
      } else {
        // The table numbers names in 16 bits: past its limit, names would silently merge into the last.
        guard names.count < maximumEventNames else {
          let field = if case .ga4 = source.format { "event_name" } else { "event" }
          throw .reading(
            ScenarioDiagnostic(
              file: source.path, location: SourceLocation(line: line, column: 1), path: field,
              message: "expected at most \(maximumEventNames) distinct event names, found more: "
                + "a name that carries an id or a value (\"level_1234\") belongs in a parameter"))
        }
        name = UInt16(clamping: names.count)
        nameIndex[row.name] = name
        names.append(row.name)
      }
      rows.append(user: user, time: row.time, revenue: revenue, name: name, kind: row.kind)
    }
    // The identifiers end here: nothing after this point can name a user.
    userIndex = [:]
    report.firstTime = rows.times.min() ?? 0
    report.lastTime = rows.times.max() ?? 0
    let horizon = Int64(source.horizonDays) * 86_400_000
    let (order, starts) = rows.byUserAndTime(userCount: countries.count)

    // Each user's rows, then users renumbered by first launch (ties in order of appearance).
    var spans: [(user: Int32, launch: Int64)] = []
    spans.reserveCapacity(countries.count)
    for user in 0..<countries.count {
      let own = order[starts[user]..<starts[user + 1]]
      let stated = own.first { rows.kinds[Int($0)] == .firstLaunch }.map { rows.times[Int($0)] }
      if stated == nil { report.usersWithoutFirstLaunch += 1 }
      // Every user has a row: a user is numbered by their first.
      spans.append((Int32(user), stated ?? installTimes[user] ?? rows.times[Int(order[starts[user]])]))
    }
    spans.sort { ($0.launch, $0.user) < ($1.launch, $1.user) }
    var table = LoggedUsers(currency: currencies.base)
    for name in names { _ = table.eventName(name) }
    for span in spans {
      var events: [LoggedUsers.Event] = []
      for row in order[starts[Int(span.user)]..<starts[Int(span.user) + 1]].lazy.map(Int.init) {
        let offset = rows.times[row] - span.launch
        if offset < 0 {
          report.beforeFirstLaunch += 1
          continue
        }
        if offset > horizon {
          report.afterHorizon += 1
          continue
        }
        let event = LoggedUsers.Event(
          offset: SimDuration(milliseconds: offset), kind: rows.kinds[row], name: Int(rows.names[row]), revenue: rows.revenues[row])
        // Rows are in time order, so a repeat sits among the kept events of the same instant.
        if events.reversed().prefix(while: { $0.offset == event.offset }).contains(event) {
          report.duplicates += 1
          continue
        }
        if event.revenue < 0 { report.refunds += 1 }
        events.append(event)
      }
      report.events += events.count
      table.append(
        country: countries[Int(span.user)], source: sources[Int(span.user)].network, campaign: sources[Int(span.user)].campaign,
        observed: SimDuration(milliseconds: report.lastTime - span.launch), events: events)
    }
    report.users = table.count
    return (table, report)
  }

  private static func skip(_ problem: ScenarioDiagnostic, in report: inout EventLogReport) {
    report.skippedRows += 1
    if report.skippedExamples.count < EventLogReport.exampleLimit { report.skippedExamples.append(problem) }
  }
}
