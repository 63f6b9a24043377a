import Foundation
import Testing

extension String {
  /// This text with every `target` replaced by `replacement`, recording an issue at the caller
  /// when `target` does not occur.
  ///
  /// Tests derive variants of fixtures and scenarios by editing their text; when the fixture
  /// drifts, a silent no-op edit would test the unedited text and pass for the wrong reason.
  /// (The caller's location comes from plain literals, so callers need not import Testing.)
  package func replacing(
    required target: String, with replacement: String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) -> String {
    guard !target.isEmpty, range(of: target) != nil else {
      Issue.record(
        "the text to replace is not there: \(target.debugDescription)",
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return self
    }
    return replacingOccurrences(of: target, with: replacement)
  }
}
