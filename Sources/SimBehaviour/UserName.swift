import SimEngine
import SimModel

/// A user's name, built only when an output needs it: most cohort users never appear in one.
package struct UserName: CustomStringConvertible {
  /// The scripted user's name, or the cohort's.
  package var base: String
  /// The index within the cohort; nil for scripted users.
  package var index: Int?

  package var description: String { index.map { "\(base)#\($0)" } ?? base }

  /// Each stored property as given; other targets of the package build it too.
  package init(base: String, index: Int? = nil) {
    self.base = base
    self.index = index
  }
}
