import SimJSON
import SimModel

/// An input file read and parsed for a reader. A file that is not a JSON object at all (a path
/// to the wrong file, say `/etc/passwd`) is reported by what it is, never by quoting it: only a
/// file that looks like what was asked for has its text echoed in messages.
package enum InputDocument {
  /// Why a file gave no document.
  package enum Problem: Error {
    /// The file could not be read.
    case unreadable(FileProblem)
    /// Not a JSON object: says what was expected and quotes nothing of the file.
    case foreign(String)
    /// A JSON object with a syntax error.
    case syntax(JSONParseError)
  }

  /// The document in the file at `path`, which should be a `kind` ("scenario", "schema", …).
  package static func read(_ path: String, kind: String) -> Result<JSONNode, Problem> {
    do {
      return parse(try FileProblem.readText(path), kind: kind)
    } catch {
      return .failure(.unreadable(error))
    }
  }

  /// The document in the file at `path`, a `kind` that `reference` names; logs a problem reading
  /// it at the reference, and a syntax error in the file itself.
  package static func node(at path: String, kind: String, referencedBy reference: JSONReader) -> JSONNode? {
    switch read(path, kind: kind) {
    case .success(let node):
      reference.log.noteInput(path)
      return node
    case .failure(.unreadable(let problem)):
      reference.error("cannot read \(kind) file '\(path)': \(problem.reason)")
    case .failure(.foreign(let message)):
      reference.error("'\(path)' \(message)")
    case .failure(.syntax(let error)):
      reference.log.add(ScenarioDiagnostic(file: path, location: error.location, path: "", message: error.message))
    }
    return nil
  }

  /// The document in `text`, which should be a `kind`.
  package static func parse(_ text: String, kind: String) -> Result<JSONNode, Problem> {
    let expected = "a \(kind) is a JSON or JSON5 object, '{ … }'"
    do {
      let node = try JSONParser.parse(text)
      guard case .object = node.value else {
        return .failure(.foreign("is not a \(kind) file: it holds \(kindOfValue(node)) where \(expected)"))
      }
      if let mismatch = DocumentKind(rawValue: kind)?.mismatch(node) { return .failure(.foreign(mismatch)) }
      return .success(node)
    } catch {
      guard JSONParser.opensWithObject(text) else {
        return .failure(.foreign("is not a \(kind) file: \(expected)"))
      }
      return .failure(.syntax(error))
    }
  }

  /// The kind of a value, without its content.
  private static func kindOfValue(_ node: JSONNode) -> String {
    switch node.value {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
