import SimEngine
import SimJSON
import SimModel

/// Rewrites a run's outputs so golden copies survive harmless changes: signatures blanked,
/// random identifiers numbered in order of first appearance, timestamps as epoch offsets.
///
/// One normaliser serves all of a run's files, in a fixed order, so a transaction numbered in
/// `postbacks.jsonl` has the same number in `conversions.jsonl`.
package struct OutputNormaliser {
  package let normalisation: GoldenSettings.Normalisation
  package let epoch: Epoch
  private var labels: [String: String] = [:]

  package static let signatureKeys: Set<String> = ["attribution-signature", "jws-string"]
  package static let identifierKeys: Set<String> = ["transaction-id", "transactionId", "id", "postback-identifier", "nonce"]

  package init(normalisation: GoldenSettings.Normalisation, epoch: Epoch) {
    self.normalisation = normalisation
    self.epoch = epoch
  }

  /// The normalised text of the output called `name`, or why it could not be read.
  package mutating func normalise(_ text: String, name: String) -> Result<String, FigureError> {
    guard !normalisation.isEmpty else { return .success(text) }
    if name.hasSuffix(".jsonl") {
      var output = ""
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
        guard let node = try? JSONParser.parse(String(line)) else {
          return .failure(FigureError("\(name) line \(number + 1) is not JSON"))
        }
        output += rewrite(JSONValue(node)).serialized() + "\n"
      }
      return .success(output)
    }
    if name.hasSuffix(".json") {
      guard let node = try? JSONParser.parse(text) else { return .failure(FigureError("\(name) is not JSON")) }
      return .success(rewrite(JSONValue(node)).serialized(pretty: true) + "\n")
    }
    return .success(text)
  }

  private mutating func rewrite(_ value: JSONValue, key: String? = nil) -> JSONValue {
    switch value {
    case .object(let members):
      var rewritten: [String: JSONValue] = [:]
      for (name, member) in members.sorted(by: { $0.key < $1.key }) { rewritten[name] = rewrite(member, key: name) }
      return .object(rewritten)
    case .array(let elements):
      return .array(elements.map { rewrite($0) })
    case .string(let text):
      if let key, normalisation.contains(.signatures), Self.signatureKeys.contains(key) { return .string("<signature>") }
      if let key, normalisation.contains(.identifiers), Self.identifierKeys.contains(key) { return .string(label(text)) }
      if normalisation.contains(.times), let offset = offset(text) { return .string(offset) }
      return value
    default:
      return value
    }
  }

  private mutating func label(_ identifier: String) -> String {
    if let known = labels[identifier] { return known }
    let label = "<id \(labels.count + 1)>"
    labels[identifier] = label
    return label
  }

  /// `+2d1h25m` for a timestamp in the outputs' own format (`2026-03-02T01:25:00.000Z`).
  private func offset(_ text: String) -> String? {
    guard text.utf8.count == 24, text.hasSuffix("Z"), let instant = Epoch(iso8601: text) else { return nil }
    let milliseconds = instant.unixMilliseconds - epoch.unixMilliseconds
    let sign = milliseconds < 0 ? "-" : "+"
    return sign + DurationNotation.format(SimDuration(milliseconds: abs(milliseconds)))
  }
}
