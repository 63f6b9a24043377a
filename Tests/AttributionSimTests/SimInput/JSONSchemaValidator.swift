@testable import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON

/// The part of JSON Schema draft 2020-12 that Docs/schemas uses: `type`, `properties`,
/// `required`, `additionalProperties`, `enum`, `const`, `items`, `minItems`/`maxItems`,
/// `minProperties`/`maxProperties`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `minLength`/`maxLength`, `pattern`, `oneOf`, `anyOf` and `$ref` (to `#/$defs/…` or to a
/// sibling schema file). Annotations (`description`, `default`, …) are ignored, as validators do.
///
/// Besides the problems, it records what the schema declared at each JSON path it checked
/// (an object's `properties`, a string's `enum`), as the readers' ``ReaderShapes`` do, so the
/// two can be compared. Within `oneOf`/`anyOf` only the branch that matched is recorded.
struct JSONSchemaValidator {
  /// A schema file's content, by file name.
  let documents: [String: JSONValue]

  /// One problem: where in the instance, and what the schema wanted.
  struct Problem: CustomStringConvertible {
    let location: SourceLocation
    let path: String
    let message: String
    var description: String { "\(location): \(path.isEmpty ? "(top level)" : path): \(message)" }
  }

  /// What one validation found.
  struct Outcome {
    var problems: [Problem] = []
    /// `properties` keys of the object schema each object was checked against.
    var keys: [String: [String]] = [:]
    /// `enum` of the string schema each string was checked against.
    var choices: [String: [String]] = [:]

    mutating func merge(_ other: Outcome) {
      problems += other.problems
      keys.merge(other.keys) { $1 }
      choices.merge(other.choices) { $1 }
    }
  }

  /// Loads every `*.schema.json` in `folder`.
  init(folder: URL) throws {
    var documents: [String: JSONValue] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".schema.json") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      documents[name] = JSONValue(try JSONParser.parse(text))
    }
    self.documents = documents
  }

  /// Validates `instance` against the schema file `name`.
  func validate(_ instance: JSONNode, against name: String) -> Outcome {
    var outcome = Outcome()
    check(instance, path: "", schema: documents[name] ?? .null, document: name, into: &outcome)
    return outcome
  }

  private func check(_ node: JSONNode, path: String, schema: JSONValue, document: String, into outcome: inout Outcome) {
    guard case .object(let schema) = schema else {
      if schema == .bool(false) { outcome.problems.append(Problem(location: node.location, path: path, message: "no value is allowed here")) }
      return
    }
    func fail(_ message: String) { outcome.problems.append(Problem(location: node.location, path: path, message: message)) }

    if case .string(let reference)? = schema["$ref"] {
      let (target, targetDocument) = resolve(reference, in: document)
      check(node, path: path, schema: target, document: targetDocument, into: &outcome)
    }
    if let type = schema["type"], !Self.matches(node, type: type) {
      fail("expected \(Self.describe(type)), found \(node.value.kindName)")
      return
    }
    if case .array(let choices)? = schema["enum"] {
      if case .string = node.value { outcome.choices[path] = choices.compactMap(\.stringValue) }
      if !choices.contains(JSONValue(node)) {
        fail("expected one of \(choices.map { $0.serialized() }.joined(separator: ", ")), found \(node.summary)")
      }
    }
    if let constant = schema["const"], constant != JSONValue(node) {
      fail("expected \(constant.serialized()), found \(node.summary)")
    }
    if case .number(let number) = node.value {
      let value = number.double
      if let minimum = schema["minimum"]?.number, value < minimum { fail("expected at least \(minimum.plain), found \(number.literal)") }
      if let maximum = schema["maximum"]?.number, value > maximum { fail("expected at most \(maximum.plain), found \(number.literal)") }
      if let bound = schema["exclusiveMinimum"]?.number, value <= bound { fail("expected above \(bound.plain), found \(number.literal)") }
    }
    if case .string(let text) = node.value {
      let length = Double(text.count)
      if let least = schema["minLength"]?.number, length < least { fail("expected at least \(least.plain) characters, found \(node.summary)") }
      if let most = schema["maxLength"]?.number, length > most { fail("expected at most \(most.plain) characters, found \(node.summary)") }
      if case .string(let pattern)? = schema["pattern"], text.range(of: pattern, options: .regularExpression) == nil {
        fail("expected a string matching \(pattern), found \(node.summary)")
      }
    }
    if case .array(let elements) = node.value {
      if let least = schema["minItems"]?.number, Double(elements.count) < least {
        fail("expected at least \(least.plain) elements, found \(elements.count)")
      }
      if let most = schema["maxItems"]?.number, Double(elements.count) > most {
        fail("expected at most \(most.plain) elements, found \(elements.count)")
      }
      if let items = schema["items"] {
        for (index, element) in elements.enumerated() {
          check(element, path: "\(path)[\(index)]", schema: items, document: document, into: &outcome)
        }
      }
    }
    if case .object(let members) = node.value {
      let properties = schema["properties"]?.objectValue ?? [:]
      if schema["properties"] != nil { outcome.keys[path] = properties.keys.sorted() }
      if let least = schema["minProperties"]?.number, Double(members.count) < least {
        fail("expected at least \(least.plain) keys, found \(members.count)")
      }
      if let most = schema["maxProperties"]?.number, Double(members.count) > most {
        fail("expected at most \(most.plain) keys, found \(members.count)")
      }
      for case .string(let key) in schema["required"]?.arrayValue ?? [] where !members.contains(where: { $0.key == key }) {
        fail("missing key '\(key)'")
      }
      for member in members {
        let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
        if let property = properties[member.key] {
          check(member.value, path: memberPath, schema: property, document: document, into: &outcome)
        } else if let additional = schema["additionalProperties"] {
          if additional == .bool(false) {
            outcome.problems.append(
              Problem(
                location: member.keyLocation, path: memberPath,
                message: "unknown key '\(member.key)'; allowed: \(properties.keys.sorted().joined(separator: ", "))"))
          } else {
            check(member.value, path: memberPath, schema: additional, document: document, into: &outcome)
          }
        }
      }
    }
    for keyword in ["oneOf", "anyOf"] {
      guard case .array(let branches)? = schema[keyword] else { continue }
      let outcomes = branches.map { branch in
        var branchOutcome = Outcome()
        check(node, path: path, schema: branch, document: document, into: &branchOutcome)
        return branchOutcome
      }
      let passing = outcomes.filter(\.problems.isEmpty)
      if let first = passing.first, keyword == "anyOf" || passing.count == 1 {
        outcome.merge(first)
      } else if passing.count > 1 {
        fail("matches \(passing.count) of the \(keyword) alternatives; exactly one must match")
      } else {
        // The alternative that got furthest (fewest problems) says best what was meant.
        let closest = outcomes.min { $0.problems.count < $1.problems.count } ?? Outcome()
        fail("matches none of the \(branches.count) alternatives (\(keyword)); closest:")
        outcome.problems += closest.problems
      }
    }
  }

  /// The schema a `$ref` names, and the file it is in.
  private func resolve(_ reference: String, in document: String) -> (JSONValue, String) {
    let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let file = parts[0].isEmpty ? document : parts[0]
    var target = documents[file] ?? .null
    for step in (parts.count > 1 ? parts[1] : "").split(separator: "/") {
      target = target.objectValue?[String(step)] ?? .null
    }
    return (target, file)
  }

  private static func matches(_ node: JSONNode, type: JSONValue) -> Bool {
    if case .array(let types) = type { return types.contains { matches(node, type: $0) } }
    switch (type.stringValue, node.value) {
    case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null), ("number", .number):
      return true
    case ("integer", .number(let number)):
      return number.int64 != nil
    default:
      return false
    }
  }

  private static func describe(_ type: JSONValue) -> String {
    if case .array(let types) = type { return types.compactMap(\.stringValue).joined(separator: " or ") }
    return type.stringValue ?? "?"
  }
}

extension JSONValue {
  var number: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}
