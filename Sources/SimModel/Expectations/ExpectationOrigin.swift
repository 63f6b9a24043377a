import SimJSON

/// Where an expectation was written: shown with every mismatch so it can be found and fixed.
public struct ExpectationOrigin: Sendable, Equatable, CustomStringConvertible {
  /// The scenario file, as the user named it; empty for expectations built in code.
  public var file: String
  /// Line and column of the expectation, when known.
  public var location: SourceLocation?
  /// Its JSON path, e.g. `expect.postbacks[2]`.
  public var path: String

  /// An origin with every part given.
  public init(file: String = "", location: SourceLocation? = nil, path: String) {
    self.file = file
    self.location = location
    self.path = path
  }

  /// `path (file:line:column)`, or the path alone.
  public var description: String {
    guard !file.isEmpty else { return path }
    return "\(path) (\(file)\(location.map { ":\($0.line):\($0.column)" } ?? ""))"
  }
}
