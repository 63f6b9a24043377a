import Foundation
import SimJSON
import SimWorld

extension ConversionAnswer {
  /// Reads a conversion-value service's JSON answer; anything unexpected is `.failed(.malformed)`.
  ///
  /// The rules, shared by every adapter (Docs/conversion-services.md):
  /// - the body is one JSON object; members other than those below are ignored, and a member
  ///   whose value is `null` counts as absent;
  /// - a `status` other than "ok" or "success" (any case) is `.refused`, with `reason` when
  ///   present (it must then be a string);
  /// - otherwise `conversion_value` and `skan_updated_coarse_value` are integers, written as
  ///   JSON integers (no fraction or exponent) or as strings of decimal digits, since real
  ///   servers send both; they are kept as sent, in range or not, for the SDK to validate;
  /// - `skan_updated_lock_window_value` is `true`/`false`, `0`/`1`, or one of the strings
  ///   "true", "false", "0", "1".
  ///
  /// Duplicate keys are malformed, so an answer never depends on which copy a reader keeps.
  public init(json body: Data) {
    do {
      self = try Self.parse(body)
    } catch {
      self = .failed(.malformed(error.description))
    }
  }

  /// What was wrong with an answer: the text of `.malformed`.
  private struct Problem: Error, CustomStringConvertible {
    let description: String
  }

  private static func parse(_ body: Data) throws(Problem) -> ConversionAnswer {
    guard !body.isEmpty else {
      throw Problem(description: "expected a JSON object, found an empty answer")
    }
    guard let text = String(data: body, encoding: .utf8) else {
      throw Problem(description: "expected UTF-8 JSON text, found other bytes")
    }
    let root: JSONNode
    do {
      root = try JSONParser.parse(text)
    } catch {
      throw Problem(description: "expected JSON, found an error at \(error)")
    }
    guard case .object(let members) = root.value else {
      throw Problem(description: "expected a JSON object, found \(root.summary)")
    }
    var fields: [String: JSONNode] = [:]
    for member in members {
      if case .null = member.value.value { continue }
      fields[member.key] = member.value
    }
    if let status = try string(fields, "status"), !okStatuses.contains(status.lowercased()) {
      return .refused(status: status, reason: try string(fields, "reason"))
    }
    return .update(
      fine: try integer(fields, "conversion_value"),
      coarse: try integer(fields, "skan_updated_coarse_value"),
      lock: try flag(fields, "skan_updated_lock_window_value") ?? false)
  }

  /// Statuses that mean "no error": the answer's values apply.
  private static let okStatuses: Set<String> = ["ok", "success"]

  /// A string member, or nil when absent.
  private static func string(_ fields: [String: JSONNode], _ name: String) throws(Problem) -> String? {
    guard let node = fields[name] else { return nil }
    guard case .string(let text) = node.value else {
      throw Problem(description: "expected \(name) to be a string, found \(node.summary)")
    }
    return text
  }

  /// An integer member, written as a plain JSON integer or a string of decimal digits.
  private static func integer(_ fields: [String: JSONNode], _ name: String) throws(Problem) -> Int? {
    guard let node = fields[name] else { return nil }
    let digits: String
    switch node.value {
    // The literal must be a plain integer: "5.0", "1e1", hex and "+5" are not what a server
    // that means an integer writes, and accepting them would hide a model's arithmetic slip.
    case .number(let number) where isDecimalInteger(number.literal): digits = number.literal
    case .string(let text) where isDecimalInteger(text): digits = text
    default: throw Problem(description: "expected \(name) to be an integer, found \(node.summary)")
    }
    guard let value = Int(digits) else {
      throw Problem(description: "expected \(name) to be an integer, found \(node.summary), too large")
    }
    return value
  }

  /// A lock flag: a boolean, 0 or 1, or one of those four words as a string.
  private static func flag(_ fields: [String: JSONNode], _ name: String) throws(Problem) -> Bool? {
    guard let node = fields[name] else { return nil }
    switch node.value {
    case .bool(let flag): return flag
    case .number(let number) where number.literal == "0" || number.literal == "1":
      return number.literal == "1"
    case .string(let text) where text == "true" || text == "1": return true
    case .string(let text) where text == "false" || text == "0": return false
    default:
      throw Problem(description: "expected \(name) to be true or false, found \(node.summary)")
    }
  }

  /// Whether `text` is an optional minus sign then one or more ASCII digits.
  private static func isDecimalInteger(_ text: String) -> Bool {
    let utf8 = text.utf8
    let digits = utf8.first == UInt8(ascii: "-") ? utf8.dropFirst() : utf8[...]
    return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }
}
