import Foundation
import Testing

extension String {
  /// This text with every `target` replaced by `replacement`, recording an issue when `target`
  /// does not occur.
  ///
  /// Tests derive variants of fixtures and scenarios by editing their text; when the fixture
  /// drifts, a silent no-op edit would test the unedited text and pass for the wrong reason.
  package func replacing(
    required target: String, with replacement: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    guard !target.isEmpty, range(of: target) != nil else {
      Issue.record("the text to replace is not there: \(target.debugDescription)", sourceLocation: sourceLocation)
      return self
    }
    return replacingOccurrences(of: target, with: replacement)
  }
}
