/// Where a delimited log keeps a field: a column named in its header, or a 1-based position.
public enum LogColumn: Hashable, Sendable, CustomStringConvertible {
  case named(String)
  case position(Int)

  /// `"Event Time"` or `#2`, as messages show it.
  public var description: String {
    switch self {
    case .named(let name): "\"\(name)\""
    case .position(let position): "#\(position)"
    }
  }
}
