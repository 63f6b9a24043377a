/// A platform decision explained for the trace: the rulebook section it follows and what happened.
package struct RuleNote: Hashable, Sendable {
  /// The rulebook section, such as `§5.2`.
  package var rule: String
  /// What the platform did, in a sentence.
  package var message: String

  package init(_ rule: String, _ message: String) {
    self.rule = rule
    self.message = message
  }
}
