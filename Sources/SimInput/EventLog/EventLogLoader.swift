import Dispatch
import Foundation
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

  /// The most distinct event names a log may have (``LoggedUsers`` numbers them in 16 bits).
  package static let maximumEventNames = 65_535

  /// Loads `source`, converting revenue with `currencies` (to its base currency). A GA4 export
  /// is read in `parts` stretches at once (by default one a processor, for a file large enough),
  /// which gives the same users, report and errors as reading it in one.
  package static func load(
    _ source: EventLogSource, currencies: CurrencyTable, parts: Int? = nil
  ) throws(Failure) -> (users: LoggedUsers, report: EventLogReport) {
    var report = EventLogReport()
    var read = try readParts(source, currencies: currencies, parts: parts)
    // The stretches joined in file order: each one's users and names renumbered after those
    // already met, its lines after the earlier stretches' lines.
    var rows = LogRowColumns()
    var userIndex = InternTable()
    var names = InternTable()
    var countries: [String?] = []
    var sources: [(network: String?, campaign: String?)] = []
    var installTimes: [Int64?] = []
    var lineOffset = 0
    for index in read.indices {
      var part = read[index].take()!
      func located(_ problem: ScenarioDiagnostic) -> ScenarioDiagnostic {
        var problem = problem
        problem.location?.line += lineOffset
        return problem
      }
      let userNumbers = (0..<part.users.count).map { local in
        let (user, isNew) = part.users.withSpelling(local) { userIndex.number(of: $0) }
        if isNew {
          countries.append(nil)
          sources.append((nil, nil))
          installTimes.append(nil)
        }
        if countries[Int(user)] == nil { countries[Int(user)] = part.countries[local] }
        if sources[Int(user)].network == nil { sources[Int(user)].network = part.sources[local].network }
        if sources[Int(user)].campaign == nil { sources[Int(user)].campaign = part.sources[local].campaign }
        if let install = part.installTimes[local] { installTimes[Int(user)] = min(installTimes[Int(user)] ?? install, install) }
        return user
      }
      var nameNumbers: [UInt16] = []
      for local in 0..<part.names.count {
        let name = part.names.string(local)
        // The table numbers names in 16 bits: past its limit, names would silently merge into the last.
        if names.find(name) == nil, names.count == maximumEventNames {
          throw .reading(tooManyNames(source, line: part.nameLines[local] + lineOffset))
        }
        nameNumbers.append(UInt16(names.number(of: name).number))
      }
      report.rows += part.rowCount
      report.skippedRows += part.skippedRows
      report.skippedExamples += part.skippedExamples.prefix(EventLogReport.exampleLimit - report.skippedExamples.count).map(located)
      switch part.end {
      case .complete(let lines): lineOffset += lines
      case .failed(let problem): throw .reading(located(problem))
      case .tooManyNames(let line): throw .reading(tooManyNames(source, line: line + lineOffset))
      case nil: preconditionFailure("a stretch is read to its end")
      }
      rows.append(emptying: &part.rows, users: userNumbers, names: nameNumbers)
    }
    // The identifiers end here: nothing after this point can name a user.
    userIndex = InternTable()
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
    for name in 0..<names.count { _ = table.eventName(names.string(name)) }
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

  /// The log's rows, each stretch's as it read them: a GA4 export's stretches read at once, a
  /// delimited log in one (its header is its first line).
  private static func readParts(_ source: EventLogSource, currencies: CurrencyTable, parts: Int?) throws(Failure) -> [LogPart?] {
    let empty = LogPart(path: source.path, badRows: source.badRows, currencies: currencies)
    switch source.format {
    case .ga4:
      let count = parts ?? automaticParts(source.path)
      let stretches = count > 1 ? LogLines.stretches(of: source.path, count: count) : []
      // Every reader opens before any reads, so a file that cannot be opened is that error alone.
      var readers: [GA4LogReader] = []
      do {
        readers = try stretches.isEmpty ? [GA4LogReader(path: source.path)] : stretches.map { range throws(FileProblem) in
          try GA4LogReader(path: source.path, bytes: range)
        }
      } catch {
        throw .opening(.file(error))
      }
      var read = [LogPart?](repeating: nil, count: readers.count)
      read.withUnsafeMutableBufferPointer { slots in
        let work = PartReading(readers: readers, parts: slots, empty: empty)
        DispatchQueue.concurrentPerform(iterations: work.readers.count) { index in
          var reader = work.readers[index]
          var part = work.empty
          reader.read(into: &part)
          work.parts[index] = part
        }
      }
      return read
    case .delimited(let mapping):
      var reader: DelimitedLogReader
      do { reader = try DelimitedLogReader(path: source.path, mapping: mapping) } catch { throw .opening(error) }
      var part = empty
      while true {
        do {
          guard let (line, row) = try reader.next() else { break }
          guard part.add(row, line: line, currencyColumn: reader.currencyColumn) else { break }
        } catch {
          guard part.refuse(error) else { break }
        }
      }
      // The only stretch: no later one's lines are numbered after its own.
      if part.end == nil { part.finish(lines: 0) }
      return [part]
    }
  }

  /// Stretches for a file of `path`'s size: one a processor (at most four), each at least 16 MiB;
  /// one for what is not a regular file (its size is 0), which is then read as before.
  private static func automaticParts(_ path: String) -> Int {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    return max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4, size / (16 << 20)))
  }

  /// What the threads reading a GA4 export's stretches share: each reads with its own reader
  /// and writes its own slot.
  private struct PartReading: @unchecked Sendable {
    let readers: [GA4LogReader]
    let parts: UnsafeMutableBufferPointer<LogPart?>
    let empty: LogPart
  }

  /// The error at the first row whose event name is one past ``maximumEventNames``.
  private static func tooManyNames(_ source: EventLogSource, line: Int) -> ScenarioDiagnostic {
    let field = if case .ga4 = source.format { "event_name" } else { "event" }
    return ScenarioDiagnostic(
      file: source.path, location: SourceLocation(line: line, column: 1), path: field,
      message: "expected at most \(maximumEventNames) distinct event names, found more: "
        + "a name that carries an id or a value (\"level_1234\") belongs in a parameter")
  }
}
