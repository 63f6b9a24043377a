/// A 1-based line and column in a source text, printed as "line:column".
///
/// Columns count Unicode scalars rather than bytes or grapheme clusters: that matches what most
/// editors show for ordinary text and can be tracked cheaply while scanning UTF-8.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The 1-based line number.
  public var line: Int
  /// The 1-based column, counted in Unicode scalars from the start of the line.
  public var column: Int

  /// Creates a location from a 1-based line and column.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Orders locations by line, then by column.
  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// The location as "line:column", e.g. "3:5".
  public var description: String { "\(line):\(column)" }
}
