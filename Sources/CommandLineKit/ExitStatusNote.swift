/// One exit status of a tool and when it is returned.
public struct ExitStatusNote: Sendable, Hashable {
  /// The status: `64`.
  public let status: Int32
  /// When the tool exits with it: `a usage error`.
  public let meaning: String

  /// Declares what an exit status means.
  public init(_ status: ExitStatus, _ meaning: String) {
    self.status = status.rawValue
    self.meaning = meaning
  }
}
