/// Why a schema cannot be written in another format: each reason at the JSON path (in the
/// schema file) of what has no equivalent there.
package struct SchemaRefusals: Error, Sendable {
  /// The reasons in the order found.
  package private(set) var reasons: [(path: String, message: String)] = []

  /// Adds a reason; a path built in code (empty) stands for the whole schema.
  package mutating func add(_ path: String, _ message: String) {
    reasons.append((path.isEmpty ? "$" : path, message))
  }

  /// Whether nothing stands in the way.
  package var isEmpty: Bool { reasons.isEmpty }
}
