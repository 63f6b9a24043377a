/// Something a scenario would do beyond simulating, which whoever runs it must allow: start a
/// program, or connect to another machine. The library only says what is needed; the command
/// line decides (`--allow-commands`, `--allow-network`).
public enum ScenarioPermission: Hashable, Sendable, CustomStringConvertible {
  /// Start the local program `arguments`, as the scenario's `path` (a JSON path) asks.
  case command(arguments: [String], path: String)
  /// Connect to `url`, whose host is not this machine (not loopback), as `path` asks.
  case network(url: String, path: String)

  /// Whether this starts a program (rather than connecting somewhere).
  public var startsProgram: Bool {
    if case .command = self { return true }
    return false
  }

  /// The JSON path that asks for it.
  public var path: String {
    switch self {
    case .command(_, let path), .network(_, let path): path
    }
  }

  /// What would happen, e.g. `starts the program 'python3 model.py'`.
  public var description: String {
    switch self {
    case .command(let arguments, _): "starts the program '\(arguments.joined(separator: " "))'"
    case .network(let url, _): "connects to \(url)"
    }
  }
}
