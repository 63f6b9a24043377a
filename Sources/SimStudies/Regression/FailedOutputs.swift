import Foundation
import SimModel
import SimOutput

/// Where a failed scenario's outputs are kept for inspection (`attrsim verify --keep-failed DIR`):
/// `DIR/<scenario path without extension>/` holds the run's files as written, `normalised/` the
/// compared files as normalised (so `diff -r` against the golden folder shows the differences)
/// and `failure.txt` the report.
package struct FailedOutputs {
  /// The folder the user chose.
  package let folder: String
  /// The scenario file, as named.
  package let scenario: String

  /// The marker file that shows a folder was written here, and may be replaced by a later run.
  package static let marker = "failure.txt"

  /// The scenario's subfolder: its path as named, without extension and without `/`, `.` and
  /// `..` components, so two scenarios of one run never share it.
  package var target: String {
    var parts = scenario.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." }
    if let last = parts.popLast() {
      let stem = last.hasSuffix(".json5") ? String(last.dropLast(6)) : last.hasSuffix(".json") ? String(last.dropLast(5)) : last
      parts.append(stem)
    }
    return ([folder.hasSuffix("/") ? String(folder.dropLast()) : folder] + parts).joined(separator: "/")
  }

  /// Copies the run's `outputs` and the `normalised` texts into ``target``, replacing what an
  /// earlier verify kept there, and records where on `result` and on each failed check. A
  /// folder that verify did not write is never replaced.
  package func keep(outputs: URL, normalised: [String: String], into result: inout VerificationResult) {
    let files = FileManager.default
    let target = self.target
    let destination = URL(fileURLWithPath: target)
    if files.fileExists(atPath: target), !files.fileExists(atPath: destination.appendingPathComponent(Self.marker).path) {
      result.notes.append("outputs not kept: \(target) exists and holds no \(Self.marker), so attrsim verify did not write it")
      return
    }
    // Built beside the target and renamed into place, so a kept folder is always whole.
    let partial = destination.deletingLastPathComponent()
      .appendingPathComponent(".\(destination.lastPathComponent).partial-\(ProcessInfo.processInfo.globallyUniqueString)")
    // Registered, so that an interruption removes it rather than leave it beside the target.
    guard TemporaryFiles.shared.registerFolder(partial) else { return }
    do {
      try files.createDirectory(at: partial.deletingLastPathComponent(), withIntermediateDirectories: true)
      try files.copyItem(at: outputs, to: partial)
      for (name, text) in normalised {
        try BufferedFile.write(text, to: partial.appendingPathComponent("normalised").appendingPathComponent(name))
      }
      var kept = result
      kept.keptOutputs = target + "/"
      let note = "the run's outputs are kept in \(target)/ (compared files as normalised in \(target)/normalised/)"
      for index in kept.checks.indices where !kept.checks[index].passed { kept.checks[index].context.append(note) }
      try BufferedFile.write(kept.report() + "\n", to: partial.appendingPathComponent(Self.marker))
      if files.fileExists(atPath: target) { try files.removeItem(at: destination) }
      try files.moveItem(at: partial, to: destination)
      TemporaryFiles.shared.unregisterFolder(partial)
      result = kept
    } catch {
      TemporaryFiles.shared.removeFolder(partial)
      // Foundation's words name neither the file nor the reason: say both.
      let path = (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? target
      let reason =
        (error as? RunDirectoryWriter.WriteError)?.description
        ?? "cannot write '\(path)': \(FileProblem.reason(writing: path, error))"
      result.notes.append("outputs not kept in \(target): \(reason)")
    }
  }

  /// Each stored property as given; other targets of the package build it too.
  package init(folder: String, scenario: String) {
    self.folder = folder
    self.scenario = scenario
  }
}
