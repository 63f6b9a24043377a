import SimJSON
import SimModel

/// The rows of one stretch of a log read on its own (on its own thread, beside the other
/// stretches): users and event names numbered in order of first appearance within it, and all
/// that the loader's reading counts or stops at, with lines numbered from the stretch's start.
///
/// It does per row what reading the whole log in order does, in the same order (the row
/// counted, its currency converted or refused, its user and name numbered, its country and
/// install time noted), so that ``EventLogLoader`` joining the stretches in file order gets
/// what a single reading of the file would: each stretch's numbers are renumbered after those
/// of the stretches before it, its lines after theirs.
struct LogPart {
  /// How the stretch's reading ended.
  enum End: Equatable {
    /// At the stretch's end, after this many lines (blank ones included).
    case complete(lines: Int)
    /// At a row's error (with `badRows: fail`) or a problem that ends any reading.
    case failed(ScenarioDiagnostic)
    /// At the row of a new event name past ``EventLogLoader/maximumEventNames`` in the stretch
    /// alone, which is past it in the log too: the loader says so.
    case tooManyNames(line: Int)
  }

  let path: String
  let badRows: EventLogSource.BadRows
  let currencies: CurrencyTable
  /// The rows, users and names numbered in the stretch.
  var rows = LogRowColumns()
  var users = InternTable()
  var names = InternTable()
  /// Per name: the line it first comes at, and (for the GA4 scanner's rows) its kind and
  /// whether it is a refund.
  private(set) var nameLines: [Int] = []
  private var nameKinds: [LogRow.Kind] = []
  private var nameRefunds: [Bool] = []
  /// Per user: the first country a row of theirs names (as a code when known), the first media
  /// source and campaign, the earliest install time.
  private(set) var countries: [String?] = []
  private(set) var sources: [(network: String?, campaign: String?)] = []
  private(set) var installTimes: [Int64?] = []
  /// Rows read, bad ones included; rows skipped and the first few of their errors.
  private(set) var rowCount = 0
  private(set) var skippedRows = 0
  private(set) var skippedExamples: [ScenarioDiagnostic] = []
  /// Nil while reading.
  private(set) var end: End?

  /// An empty stretch of the log at `path`.
  init(path: String, badRows: EventLogSource.BadRows, currencies: CurrencyTable) {
    self.path = path
    self.badRows = badRows
    self.currencies = currencies
  }

  /// Adds `row`, read at `line`; false when the reading ends there. `currencyColumn` is where
  /// the row's currency is, for a currency the scenario cannot convert.
  mutating func add(_ row: LogRow, line: Int, currencyColumn: @autoclosure () -> Int) -> Bool {
    rowCount += 1
    guard let revenue = converted(row.revenue, currency: row.currency, line: line, column: currencyColumn(), user: row.user) else {
      return end == nil
    }
    let user = users.number(of: row.user)
    let name: UInt16
    if let known = names.find(row.name) {
      name = UInt16(known)
    } else {
      guard let added = addName(row.name, line: line) else { return false }
      name = added
    }
    append(
      user: user, time: row.time, revenue: revenue, name: name, kind: row.kind, country: row.country,
      source: (row.network, row.campaign), installTime: row.installTime)
    return true
  }

  /// Adds the row of the GA4 line `event`, at `line`, from the line's bytes: as
  /// ``GA4LogReader/row(user:micros:name:country:network:campaign:revenue:)`` makes it and
  /// ``add(_:line:currencyColumn:)`` takes it.
  mutating func add(_ event: borrowing GA4LineScanner, line: Int) -> Bool {
    rowCount += 1
    // A new name is numbered only once its row is kept, as a String-keyed reading numbers it.
    let known = event.withNameBytes { names.find($0) }
    let kind = known.map { nameKinds[Int($0)] } ?? GA4LogReader.kind(of: event.nameText)
    let refund = known.map { nameRefunds[Int($0)] } ?? GA4LogReader.isRefund(event.nameText)
    let stated = GA4LogReader.revenue(kind: kind, refund: refund, event.revenue)
    guard let revenue = converted(stated?.amount, currency: stated?.currency, line: line, column: 1, user: event.userText) else {
      return end == nil
    }
    let user = event.withUserBytes { users.number(of: $0) }
    let name: UInt16
    if let known {
      name = UInt16(known)
    } else {
      guard let added = addName(event.nameText, line: line) else { return false }
      name = added
    }
    // Texts are made only where the user still lacks them.
    let country = user.isNew || countries[Int(user.number)] == nil ? event.countryText : nil
    let network = user.isNew || sources[Int(user.number)].network == nil ? event.networkText : nil
    let campaign = user.isNew || sources[Int(user.number)].campaign == nil ? event.campaignText : nil
    append(
      user: user, time: event.micros / 1_000, revenue: revenue, name: name, kind: kind, country: GA4LogReader.country(country),
      source: (network, campaign), installTime: nil)
    return true
  }

  /// Counts a row that cannot be read (a `.row` error), skipping it or ending the reading;
  /// a `.stop` error ends it. False when the reading ends.
  @discardableResult
  mutating func refuse(_ error: LogReadError) -> Bool {
    guard case .row(let problem) = error else {
      end = .failed(error.diagnostic)
      return false
    }
    rowCount += 1
    return skip(problem)
  }

  /// Ends the reading at the stretch's end, after `lines` lines.
  mutating func finish(lines: Int) { end = .complete(lines: lines) }

  /// `revenue` in the scenario's currency (0 for none); nil when the currency cannot be
  /// converted, the row then skipped or the reading ended.
  private mutating func converted(_ revenue: Double?, currency: String?, line: Int, column: Int, user: @autoclosure () -> String) -> Double? {
    guard let revenue, let currency else { return revenue ?? 0 }
    if let rate = currencies.rate(currency) { return revenue * rate }
    let known = ([currencies.base] + currencies.rates.keys.sorted()).joined(separator: ", ")
    skip(
      ScenarioDiagnostic(
        file: path, location: SourceLocation(line: line, column: column), path: "currency",
        message: "expected a currency the scenario can convert (\(known)), "
          + "found \(LogExcerpt.quoted(currency, user: user(), limit: 12)): give its rate in the schema's currencies"))
    return nil
  }

  /// Skips a bad row with `badRows: skip`, else ends the reading at it; false when it ends.
  @discardableResult
  private mutating func skip(_ problem: ScenarioDiagnostic) -> Bool {
    guard badRows == .skip else {
      end = .failed(problem)
      return false
    }
    skippedRows += 1
    if skippedExamples.count < EventLogReport.exampleLimit { skippedExamples.append(problem) }
    return true
  }

  /// Numbers a new name first met at `line`; nil, the reading ended, past the limit.
  private mutating func addName(_ name: String, line: Int) -> UInt16? {
    guard names.count < EventLogLoader.maximumEventNames else {
      end = .tooManyNames(line: line)
      return nil
    }
    let number = names.number(of: name).number
    nameLines.append(line)
    nameKinds.append(GA4LogReader.kind(of: name))
    nameRefunds.append(GA4LogReader.isRefund(name))
    return UInt16(number)
  }

  private mutating func append(
    user: (number: Int32, isNew: Bool), time: Int64, revenue: Double, name: UInt16, kind: LogRow.Kind, country: String?,
    source: (network: String?, campaign: String?), installTime: Int64?
  ) {
    let index = Int(user.number)
    if user.isNew {
      countries.append(nil)
      sources.append((nil, nil))
      installTimes.append(nil)
    }
    if countries[index] == nil { countries[index] = country.map { CountryNames.code(for: $0) ?? $0 } }
    if sources[index].network == nil, let network = source.network, !network.isEmpty { sources[index].network = network }
    if sources[index].campaign == nil, let campaign = source.campaign, !campaign.isEmpty { sources[index].campaign = campaign }
    if let installTime { installTimes[index] = min(installTimes[index] ?? installTime, installTime) }
    rows.append(user: user.number, time: time, revenue: revenue, name: name, kind: kind)
  }
}
