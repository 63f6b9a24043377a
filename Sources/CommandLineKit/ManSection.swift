/// A man page section the command tree cannot supply, such as FILES or SEE ALSO.
public struct ManSection: Sendable, Hashable {
  /// The section's heading, in capitals: `SEE ALSO`.
  public let title: String
  /// Its paragraphs, as plain text.
  public let paragraphs: [String]

  /// Declares a section.
  public init(title: String, paragraphs: [String]) {
    self.title = title
    self.paragraphs = paragraphs
  }
}
