/// Process exit codes, following BSD `sysexits.h` where a specific one applies.
public enum ExitStatus: Int32, Sendable {
  /// Everything went as asked.
  case success = 0
  /// A general failure with no more specific code.
  case failure = 1
  /// The command line was wrong (EX_USAGE).
  case usage = 64
  /// The input data, such as a scenario file, was malformed (EX_DATAERR).
  case dataError = 65
  /// An input file was missing or could not be opened (EX_NOINPUT).
  case noInput = 66
  /// A service the command needed, such as a postback receiver, did not take what was sent
  /// (EX_UNAVAILABLE).
  case unavailable = 69
  /// An output file could not be created: its folder is missing, the system refused it, or it is
  /// a kind of file that is not written (EX_CANTCREAT).
  case cannotCreate = 73
  /// Reading or writing a file failed (EX_IOERR).
  case ioError = 74
}
