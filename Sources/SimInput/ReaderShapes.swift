/// What the readers accepted while reading one document: each object's allowed keys and each
/// closed set of strings, by JSON path. Recorded only when asked for (a ``DiagnosticLog``'s
/// `shapes`), so tests can check that the JSON Schemas in Docs/schemas say the same.
package final class ReaderShapes {
  /// The file whose values are recorded; values of files it refers to (a schema file) are not.
  package let file: String
  /// The keys each object at a JSON path may have.
  package private(set) var keys: [String: [String]] = [:]
  /// The strings each closed-set value at a JSON path may be.
  package private(set) var choices: [String: [String]] = [:]

  package init(file: String) { self.file = file }

  package func record(keys: [String], of reader: JSONReader) {
    if reader.file == file { self.keys[reader.path] = keys }
  }

  package func record(choices: [String], of reader: JSONReader) {
    if reader.file == file { self.choices[reader.path] = choices }
  }
}
