/// Why an event log's setting cannot be followed (a time pattern, a time zone): a lowercase
/// reason the scenario reader places at the setting.
package struct LogSettingProblem: Error, Equatable, Sendable {
  package var reason: String
  package init(_ reason: String) { self.reason = reason }
}
