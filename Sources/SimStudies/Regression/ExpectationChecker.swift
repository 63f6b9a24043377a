import SimEngine
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Checks a run's outputs against a scenario's expectations.
package struct ExpectationChecker {
  package let scenario: Scenario

  /// One result per postback, AdServices, SDK expectation and figure check, plus one per user
  /// whose postbacks must all be listed. `postbacks`, `trace`, `adServices` and `sdk` are the
  /// run's, in time order (only those of the users the expectations name are needed).
  package func check(
    postbacks: [PostbackRecord], trace: [TraceRecord], summary: JSONValue, adServices: [AdServicesExchange] = [],
    sdk: [SDKTraceRecord] = []
  ) -> [CheckResult] {
    let expectations = scenario.expectations
    var consumed = Set<Int>()
    var results: [CheckResult] = []
    for expectation in expectations.postbacks {
      results.append(Stopwatch.timed { check(expectation, postbacks: postbacks, trace: trace, consumed: &consumed) })
    }
    if expectations.exhaustive {
      for user in expectations.postbacks.map(\.user).uniqued() {
        results.append(Stopwatch.timed { exhaustive(user, postbacks: postbacks, consumed: consumed) })
      }
    }
    for expectation in expectations.adServices {
      results.append(Stopwatch.timed { check(expectation, calls: adServices, trace: trace) })
    }
    for expectation in expectations.sdk {
      results.append(Stopwatch.timed { check(expectation, records: sdk) })
    }
    for check in expectations.checks { results.append(Stopwatch.timed { self.check(check, summary: summary) }) }
    return results
  }

  /// Whether `user` sent no postbacks, to the recipients listed for them, beyond those listed.
  private func exhaustive(_ user: String, postbacks: [PostbackRecord], consumed: Set<Int>) -> CheckResult {
    let expectations = scenario.expectations
    let listed = Set(expectations.postbacks.filter { $0.user == user }.map(\.recipient))
    let extra = postbacks.indices.filter {
      !consumed.contains($0) && postbacks[$0].user == user && listed.contains(postbacks[$0].recipient)
    }
    return CheckResult(
      name: "expect.exhaustive: \(user) sends only the postbacks listed",
      problems: extra.map { "unexpected postback: \(describe(postbacks[$0]))" })
  }

  /// What Apple's attribution API answered the user's token, against `expectation`.
  private func check(_ expectation: AdServicesExpectation, calls adServices: [AdServicesExchange], trace: [TraceRecord])
    -> CheckResult
  {
    var result = CheckResult(
      name: "\(expectation.origin.path): \(expectation.user)'s AdServices token", origin: location(expectation.origin))
    if let rule = expectation.rule { result.context.append("rule checked: \(rule)") }
    let calls = adServices.filter { $0.user == expectation.user }
    result.problems = expectation.problems(in: calls)
    if !result.problems.isEmpty {
      result.context += calls.map { "call \($0.attempt) at \(offset($0.time)): \($0.status) \($0.reason ?? "record"), \($0.next.rawValue)" }
      result.context += traceLines(for: expectation.user, until: nil, trace: trace)
    }
    return result
  }

  /// The user's client SDK trace against `expectation`.
  private func check(_ expectation: SDKExpectation, records sdk: [SDKTraceRecord]) -> CheckResult {
    var result = CheckResult(
      name: "\(expectation.origin.path): \(expectation.user)'s SDK trace", origin: location(expectation.origin))
    if let rule = expectation.rule { result.context.append("rule checked: \(rule)") }
    let records = sdk.filter { $0.user == expectation.user }
    result.problems = expectation.problems(in: records)
    if !result.problems.isEmpty { result.context += sdkLines(records, user: expectation.user) }
    return result
  }

  /// The user's SDK trace, one numbered line each: when, what happened, what the SDK did, the
  /// value it then held and the kinds of any findings, so a wrong list can be read line by line.
  private func sdkLines(_ records: [SDKTraceRecord], user: String) -> [String] {
    guard !records.isEmpty else { return ["\(user)'s SDK wrote no trace lines (it registers at the first launch)"] }
    return records.enumerated().map { number, record in
      var line = "sdk line \(number + 1) at \(offset(record.time)), \(record.activity)"
      if let detail = record.detail { line += " \(detail)" }
      line += ": \(record.action); value \(record.fineValue.map(String.init) ?? "none")"
      if !record.lint.isEmpty { line += "; lint: " + record.lint.map(\.kind.rawValue).joined(separator: ", ") }
      return line
    }
  }

  private func check(
    _ expectation: PostbackExpectation, postbacks: [PostbackRecord], trace: [TraceRecord], consumed: inout Set<Int>
  ) -> CheckResult {
    var result = CheckResult(
      name: "\(expectation.origin.path): \(expectation.subject)",
      origin: location(expectation.origin))
    if let rule = expectation.rule { result.context.append("rule checked: \(rule)") }
    let selected = postbacks.indices.filter { expectation.selects(postbacks[$0]) }
    let usersPostbacks = postbacks.filter { $0.user == expectation.user }
    if expectation.absent {
      for index in selected { result.problems.append("expected no such postback, got \(describe(postbacks[index]))") }
      if let first = selected.first { result.context += provenance(of: postbacks[first], trace: trace) }
      return result
    }
    guard let index = selected.first(where: { !consumed.contains($0) }) else {
      result.problems.append(
        selected.isEmpty ? "no such postback was sent" : "only \(selected.count) such postback(s) were sent, and earlier expectations took them")
      result.context.append(
        usersPostbacks.isEmpty
          ? "\(expectation.user) sent no postbacks at all"
          : "\(expectation.user) sent: " + usersPostbacks.map(describe).joined(separator: "; "))
      result.context += traceLines(for: expectation.user, until: nil, trace: trace)
      return result
    }
    consumed.insert(index)
    let postback = postbacks[index]
    // Flattened, so an expectation names an AdAttributionKit field (`conversion-type` inside
    // the JWS, `conversion-value` beside it) as directly as an SKAdNetwork one.
    let payload = PostbackFields(postback.payload).fields
    for (key, wanted) in expectation.fields.sorted(by: { $0.key < $1.key }) {
      switch payload[key] {
      case nil: result.problems.append("field '\(key)': expected \(wanted.serialized()), but the postback has no such field")
      case let got? where got != wanted && !Self.sameNumber(got, wanted):
        result.problems.append("field '\(key)': expected \(wanted.serialized()), got \(got.serialized())")
      default: break
      }
    }
    if expectation.wholePayload {
      for key in payload.keys.sorted() where expectation.fields[key] == nil && !Self.unknowableFields.contains(key) {
        result.problems.append("field '\(key)': not expected, got \(payload[key]!.serialized())")
      }
    }
    if let bound = expectation.sendTime {
      let sent = SimDuration(milliseconds: postback.time.milliseconds)
      if !bound.contains(sent) {
        result.problems.append("send time: expected \(describe(bound)), got \(offset(postback.time))")
      }
    }
    if !result.passed { result.context += provenance(of: postback, trace: trace) }
    return result
  }

  private func check(_ check: FigureCheck, summary: JSONValue) -> CheckResult {
    var result = CheckResult(name: "\(check.origin.path): \(check.name) is \(check.bounds)", origin: location(check.origin))
    if let rule = check.rule { result.context.append("rule checked: \(rule)") }
    switch check.metric.number(in: summary) {
    case .failure(let error):
      result.problems.append(error.reason)
    case .success(let value):
      var figure = value
      if let denominator = check.denominator {
        switch denominator.number(in: summary) {
        case .failure(let error):
          result.problems.append(error.reason)
          return result
        case .success(let total):
          guard total != 0 else {
            result.problems.append("'\(denominator)' is 0, so the share is undefined")
            return result
          }
          figure = value / total
          result.context.append("\(check.metric) = \(FigureCheck.format(value)), \(denominator) = \(FigureCheck.format(total))")
        }
      }
      if let violation = check.violation(figure) { result.problems.append(violation) }
    }
    return result
  }

  /// Fields no one can write down in advance: signatures (`jws-string` too, whose payload is
  /// compared field by field) and random identifiers (`transaction-id`, `postback-identifier`).
  package static let unknowableFields = OutputNormaliser.signatureKeys.union(OutputNormaliser.identifierKeys)

  /// 1 and 1.0 are the same number in JSON.
  private static func sameNumber(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.int(let x), .double(let y)), (.double(let y), .int(let x)): Double(x) == y
    default: false
    }
  }

  private func location(_ origin: ExpectationOrigin) -> String? {
    guard !origin.file.isEmpty else { return nil }
    return origin.file + (origin.location.map { ":\($0.line):\($0.column)" } ?? "")
  }

  /// "ad-network postback at +3d20h57m52.013s, sequence index 0, winning, {…}".
  package func describe(_ postback: PostbackRecord) -> String {
    "\(postback.recipient.rawValue) postback sent at \(offset(postback.time)), sequence index \(postback.sequenceIndex), "
      + "\(postback.didWin ? "winning" : "non-winning"): \(Self.visibleFields(postback.payload))"
  }

  /// The payload's fields, a JWS's decoded, without signatures, which say nothing to a reader.
  package static func visibleFields(_ payload: JSONValue) -> String {
    guard case .object = payload else { return payload.serialized() }
    var members = PostbackFields(payload).fields
    for key in OutputNormaliser.signatureKeys where members[key] != nil { members[key] = .string("…") }
    return JSONValue.object(members).serialized()
  }

  /// Which platform rules made the postback what it is, and the user's trace before it.
  private func provenance(of postback: PostbackRecord, trace: [TraceRecord]) -> [String] {
    let preparedNote = scenario.attributionFramework.postbackPreparedNote(
      window: postback.sequenceIndex, at: offset(postback.preparedAt))
    let (timers, prepared) = (preparedNote.rule, preparedNote.message)
    var lines = [
      "produced by: \(timers) \(prepared), then a random send delay of "
        + "\(DurationNotation.format(postback.time - postback.preparedAt)) (\(timers))",
      "\(postback.didWin ? "§3.2 the winning impression" : "§3.3 a non-winning impression")"
        + "\(postback.recipient == .developer ? "; §7.6 the developer's copy" : ""); §6 crowd anonymity let it carry "
        + contentWords(postback),
    ]
    lines += traceLines(for: postback.user, until: postback.time, trace: trace)
    return lines
  }

  private func contentWords(_ postback: PostbackRecord) -> String {
    var words: String
    switch postback.content {
    case .fine: words = "a fine value"
    case .coarse: words = "a coarse value"
    case .none: words = "no value"
    }
    if let digits = PostbackFields(postback.payload).sourceIdentifier {
      words += " and a \(digits.count)-digit source identifier"
    }
    return words
  }

  /// The user's last few trace records up to `until`.
  private func traceLines(for user: String, until: SimTime?, trace: [TraceRecord]) -> [String] {
    let records = trace.filter { record in record.user == user && until.map { record.time <= $0 } ?? true }
    return records.suffix(6).map { "trace \(offset($0.time)) \($0.rule): \($0.message)" }
  }

  private func offset(_ time: SimTime) -> String { "+" + DurationNotation.format(SimDuration(milliseconds: time.milliseconds)) }

  private func describe(_ bound: ClosedRange<SimDuration>) -> String {
    if bound.lowerBound == bound.upperBound { return "+" + DurationNotation.format(bound.lowerBound) }
    if bound.upperBound.milliseconds == .max { return "at or after +\(DurationNotation.format(bound.lowerBound))" }
    return "between +\(DurationNotation.format(bound.lowerBound)) and +\(DurationNotation.format(bound.upperBound))"
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(scenario: Scenario) {
    self.scenario = scenario
  }
}

extension Sequence where Element: Hashable {
  /// The elements in order, each once.
  package func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}
