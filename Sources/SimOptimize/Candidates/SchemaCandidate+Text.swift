import SimJSON
import SimStudies

extension SchemaCandidate {
  /// The candidate as a schema file (JSON5), each part preceded by a comment saying why it was
  /// chosen; `header` lines open the file as comments. Revenue bounds are in `currency`, and
  /// `exchangeRates` convert the scenario's other currencies into it.
  public func text(currency: String, exchangeRates: [String: Double], header: [String]) -> String {
    var lines = header.map { $0.isEmpty ? "//" : "// " + $0 }
    lines.append("{")
    lines.append("  version: 1,")
    lines.append("  description: \(Self.quoted("Found by attrsim schema optimize: " + summary)),")
    if currency != "USD" { lines.append("  currency: \(Self.quoted(currency)),") }
    if !exchangeRates.isEmpty {
      // Rates exactly as given (the shortest text that reads back the same), not rounded as
      // amounts are: the start's copy must read back equal to the start.
      let rates = exchangeRates.keys.sorted().map { "\($0): \(exchangeRates[$0]!)" }
      lines.append("  exchangeRates: { \(rates.joined(separator: ", ")) },")
    }
    lines.append("")
    lines.append("  // Window 1's fine value (postback 1 at crowd tiers 2 and 3).")
    lines.append("  fineValue: {")
    lines.append("    fields: [")
    comment(reasons["revenue"], indent: 6, into: &lines)
    let high = revenueBits - 1
    let bits = revenueBits == 1 ? "0" : "[0, \(high)]"
    let source = predictor == nil ? "" : ", revenueSource: \"predicted\""
    lines.append("      { bits: \(bits), revenue: [\(revenueBounds.map(Self.amount).joined(separator: ", "))]\(source) },")
    var next = revenueBits
    if let counter {
      comment(reasons["counter"], indent: 6, into: &lines)
      let range = counter.bits == 1 ? "\(next)" : "[\(next), \(next + counter.bits - 1)]"
      lines.append("      { bits: \(range), count: \(Self.quoted(counter.measure)) },")
      next += counter.bits
    }
    if !eventBits.isEmpty { comment(reasons["events"], indent: 6, into: &lines) }
    for event in eventBits {
      lines.append("      { bits: \(next), event: \(Self.quoted(event)) },")
      next += 1
    }
    lines.append("    ],")
    lines.append("  },")
    if !coarse.isEmpty {
      lines.append("")
      comment(reasons["coarse"], indent: 2, into: &lines)
      lines.append("  coarseValue: {")
      for (window, thresholds) in coarse.enumerated() {
        lines.append("    window\(window + 1): [")
        lines.append("      { value: \"high\", revenueAtLeast: \(Self.amount(thresholds.high)) },")
        if let event = thresholds.mediumEvent { lines.append("      { value: \"medium\", event: \(Self.quoted(event)) },") }
        lines.append("      { value: \"medium\", revenueAtLeast: \(Self.amount(thresholds.medium)) },")
        if let low = thresholds.low {
          lines.append("      { value: \"low\", revenueAtLeast: \(Self.amount(low)) },")
        } else {
          lines.append("      { value: \"low\", sessionsAtLeast: 1 },")
        }
        lines.append("    ],")
      }
      lines.append("  },")
    }
    if let lock {
      lines.append("")
      comment(reasons["lock"], indent: 2, into: &lines)
      let rule =
        switch lock {
        case .revenue(let window, let amount): "{ window: \(window + 1), revenueAtLeast: \(Self.amount(amount)) }"
        case .hours(let window, let hours): "{ window: \(window + 1), hoursSinceInstallAtLeast: \(hours) }"
        case .event(let window, let name): "{ window: \(window + 1), event: \(Self.quoted(name)) }"
        }
      lines.append("  lock: [")
      lines.append("    \(rule),")
      lines.append("  ],")
    }
    if let predictor {
      lines.append("")
      lines.append("  // The predicted-LTV model the ladder reads: the first bucket that holds gives the prediction.")
      let json = PredictedSchema.predictorJSON(predictor, eventNames: []).serialized(pretty: true)
      let body = json.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      lines.append("  predictor: " + body.joined(separator: "\n").dropFirst(2) + ",")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func comment(_ text: String?, indent: Int, into lines: inout [String]) {
    guard let text, !text.isEmpty else { return }
    let pad = String(repeating: " ", count: indent)
    for line in Self.wrap(text, width: 100 - indent - 3) { lines.append(pad + "// " + line) }
  }

  /// Words of `text` in lines of at most `width` characters (a longer word gets its own line).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// A JSON string literal, escaped as the project's JSON writer escapes every string.
  static func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
}
