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

  /// The bytes of every file directly in `folder` (not its subfolders), by file name: what a
  /// byte-for-byte comparison of two runs' output folders compares.
  package static func files(in folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let url = folder.appendingPathComponent(name)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
        result[name] = try Data(contentsOf: url)
      }
    }
    return result
  }
}
