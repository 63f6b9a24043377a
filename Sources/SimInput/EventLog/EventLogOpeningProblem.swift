import SimModel

/// Why an event log could not be opened for reading: its file, or a setting its reader cannot follow.
package enum EventLogOpeningProblem: Error, Equatable {
  case file(FileProblem)
  case setting(LogSettingProblem)
}
