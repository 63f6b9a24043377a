import SimEngine

/// The draft a tier stage is processing: its time and its user's ordinal.
package final class DraftPosition {
  package var at = SimTime.zero
  package var ordinal = 0

  package init() {}
}
