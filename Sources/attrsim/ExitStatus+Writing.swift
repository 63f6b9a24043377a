import AttributionSim
import CommandLineKit

extension ExitStatus {
  /// 73 when the output could not be created at all, else 74: writing it failed.
  static func writing(_ error: RunDirectoryWriter.WriteError) -> ExitStatus {
    error.cannotCreate ? .cannotCreate : .ioError
  }
}
