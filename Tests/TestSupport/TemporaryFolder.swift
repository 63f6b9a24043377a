import Foundation

/// Fresh folders under the system's temporary directory, one per test, so parallel tests never
/// share files.
package enum TemporaryFolder {
  /// Creates an empty folder named `<prefix>-<UUID>` and returns it; the caller removes it.
  package static func create(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
