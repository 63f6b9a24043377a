import DidYouMean
import SimEngine
import SimJSON
import SimModel

/// Reads one JSON value of an input file, reporting every mismatch to a shared log.
///
/// Accessors return nil after logging when the value is missing or of the wrong kind, so a
/// reader can go on and find the next problem instead of stopping at the first.
package struct JSONReader {
  package let node: JSONNode
  /// JSON path of `node`, e.g. `cohorts[2].events`.
  package let path: String
  package let file: String
  package let log: DiagnosticLog

  package func child(_ node: JSONNode, key: String) -> JSONReader {
    JSONReader(node: node, path: path.isEmpty ? key : "\(path).\(key)", file: file, log: log)
  }

  package func child(_ node: JSONNode, index: Int) -> JSONReader {
    JSONReader(node: node, path: "\(path)[\(index)]", file: file, log: log)
  }

  /// Logs an error located at this value.
  package func error(_ message: String) {
    log.add(ScenarioDiagnostic(file: file, location: node.location, path: path, message: message))
  }

  /// Logs a warning located at this value.
  package func warning(_ message: String) {
    log.add(ScenarioDiagnostic(severity: .warning, file: file, location: node.location, path: path, message: message))
  }

  package func expected(_ what: String) {
    // JSON5 can write Infinity and NaN; no setting takes them, and "found number Infinity"
    // alone would not say why a number was refused.
    if case .number(let number) = node.value, !number.double.isFinite {
      error("expected \(what), found \(node.summary): infinity and NaN are not allowed")
      return
    }
    error("expected \(what), found \(node.summary)")
  }

  // MARK: - Kinds

  /// The value as an object whose keys must be among `keys`; unknown keys are logged with a
  /// suggestion, or with the keys allowed when none is close.
  package func object(keys: [String]) -> ObjectReader? {
    guard case .object(let members) = node.value else {
      expected("an object")
      return nil
    }
    log.shapes?.record(keys: keys, of: self)
    for member in members where !keys.contains(member.key) {
      var message = "unknown key \(Excerpt.quoted(member.key))"
      if let suggestion = Suggestion.closest(to: member.key, among: keys) {
        message += "; did you mean '\(suggestion)'?"
      } else if !keys.isEmpty {
        message += "; expected one of " + keys.map { "'\($0)'" }.joined(separator: ", ")
      }
      log.add(
        ScenarioDiagnostic(
          file: file, location: member.keyLocation, path: child(member.value, key: member.key).path,
          message: message))
    }
    return ObjectReader(reader: self, members: members)
  }

  /// The value as an array of readers, one per element.
  package func array() -> [JSONReader]? {
    guard case .array(let elements) = node.value else {
      expected("an array")
      return nil
    }
    return elements.enumerated().map { child($0.element, index: $0.offset) }
  }

  /// The elements of an array of at most `limit` `what`; an error and nil beyond it.
  package func array(atMost limit: Int, of what: String, because reason: String) -> [JSONReader]? {
    guard let elements = array() else { return nil }
    guard elements.count <= limit else {
      error("expected at most \(DigitGrouping.text(limit)) \(what), found \(DigitGrouping.text(elements.count)) (\(reason))")
      return nil
    }
    return elements
  }

  package func string() -> String? {
    guard case .string(let text) = node.value else {
      expected("a string")
      return nil
    }
    return text
  }

  package func nonEmptyString() -> String? {
    guard let text = string() else { return nil }
    if text.isEmpty {
      error("expected a non-empty string")
      return nil
    }
    return text
  }

  package func bool() -> Bool? {
    guard case .bool(let value) = node.value else {
      expected("true or false")
      return nil
    }
    return value
  }

  package func number() -> Double? {
    guard case .number(let number) = node.value, number.double.isFinite else {
      expected("a number")
      return nil
    }
    return number.double
  }

  package func integer(in range: ClosedRange<Int64>? = nil) -> Int64? {
    let wanted = range.map { range in
      range.upperBound == .max
        ? "an integer of at least \(range.lowerBound)" : "an integer from \(range.lowerBound) to \(range.upperBound)"
    } ?? "an integer"
    guard case .number(let number) = node.value, let value = number.int64 else {
      expected(wanted)
      return nil
    }
    if let range, !range.contains(value) {
      error("expected \(wanted), found \(value)")
      return nil
    }
    return value
  }

  /// An amount: a number from 0 to ``WorkLimits/largestAmount``.
  package func nonNegativeNumber() -> Double? {
    number(in: 0...WorkLimits.largestAmount)
  }

  /// A number within `range`; `above` excludes the lower bound (a rate, a mean).
  package func number(in range: ClosedRange<Double>, above: Bool = false) -> Double? {
    guard let value = number() else { return nil }
    let wanted = above
      ? "above \(range.lowerBound.plain) and at most \(range.upperBound.plain)"
      : "from \(range.lowerBound.plain) to \(range.upperBound.plain)"
    if !range.contains(value) || (above && value == range.lowerBound) {
      error("expected a number \(wanted), found \(node.summary)")
      return nil
    }
    return value
  }

  package func probability() -> Double? {
    guard let value = number() else { return nil }
    if !(0...1).contains(value) {
      error("expected a probability from 0 to 1, found \(node.summary)")
      return nil
    }
    return value
  }

  /// A probability or a non-empty list of them (one per day, period or step).
  package func probabilities() -> [Double]? {
    if case .number = node.value { return probability().map { [$0] } }
    guard let elements = array() else { return nil }
    if elements.isEmpty {
      error("expected at least one probability")
      return nil
    }
    let values = elements.compactMap { $0.probability() }
    return values.count == elements.count ? values : nil
  }

  /// A duration in scenario notation (`90s`, `15m`, `36h`, `2d`) of at most
  /// ``WorkLimits/longestDuration``; `signed` also takes `+24h` and `-2h`.
  package func duration(signed: Bool = false) -> SimDuration? {
    guard case .string(let text) = node.value else {
      expected("a duration such as \"90s\", \"15m\", \"36h\" or \"2d\"")
      return nil
    }
    let negative = signed && text.hasPrefix("-")
    let unsigned = signed && (negative || text.hasPrefix("+")) ? String(text.dropFirst()) : text
    let longest = WorkLimits.longestDuration
    let limit = "\(signed ? "from -\(longest) to " : "of at most ")\(longest) (10 years)"
    do {
      let magnitude = try DurationNotation.parse(unsigned)
      guard magnitude <= longest else {
        error("expected a duration \(limit), found \(node.summary)")
        return nil
      }
      return negative ? .zero - magnitude : magnitude
    } catch .overflow {
      error("expected a duration \(limit), found \(node.summary)")
      return nil
    } catch {
      self.error("invalid duration: \(error.reason)")
      return nil
    }
  }

  /// One of the given strings.
  package func oneOf(_ choices: [String]) -> String? {
    log.shapes?.record(choices: choices, of: self)
    guard let text = string() else { return nil }
    guard choices.contains(text) else {
      var message = "expected one of \(choices.map { "'\($0)'" }.joined(separator: ", ")), found \(Excerpt.quoted(text))"
      if let suggestion = Suggestion.closest(to: text, among: choices) {
        message += "; did you mean '\(suggestion)'?"
      }
      error(message)
      return nil
    }
    return text
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(node: JSONNode, path: String, file: String, log: DiagnosticLog) {
    self.node = node
    self.path = path
    self.file = file
    self.log = log
  }
}

extension JSONReader {
  /// Logs each key seen before at the element that repeats it, naming where it first appeared.
  package static func logDuplicates(_ items: [(key: String, reader: JSONReader)], what: String) {
    var seen: [String: JSONReader] = [:]
    for (key, reader) in items {
      if let first = seen[key] {
        reader.error("duplicate \(what) \(Excerpt.quoted(key)) (first at \(first.node.location))")
      } else {
        seen[key] = reader
      }
    }
  }
}

extension Double {
  /// The number as a reader writes it in a limit: `0`, `1000000000`, `0.5`.
  package var plain: String { self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self) }
}
