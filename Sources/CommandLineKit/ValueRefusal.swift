/// Why a command-line word cannot be the value of its option or argument, and how to say so.
public enum ValueRefusal: Error, Sendable, Hashable {
  /// `The value 'x' is invalid for '--seed <n>'`, then `: reason` when there is one.
  case invalid(reason: String?)
  /// `The value 'x' is invalid for '--format': reason`: the option named without its
  /// placeholder, for values whose reason already lists what the placeholder would.
  case invalidForName(reason: String)
  /// A message of its own, for a value with a wording of its own (`Unknown shell 'tcsh'; …`).
  case message(String)
}
