import Foundation
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Writes a run's `postbacks.jsonl`, `conversions.jsonl`, `summary.json`, `keys.json`,
/// `decoded.csv` (when decoded), `report.html` and `report.md` (given a report) and, when
/// traced, `trace.jsonl` into a folder.
///
/// Lines go to hidden temporary files beside their targets as the run produces them, so memory
/// stays flat however long the run; ``commit(_:scenario:report:)`` renames them into place, so a
/// reader never sees a half-written file and a failed run leaves the old outputs untouched.
public struct RunDirectoryWriter: RunSink {
  /// Why the outputs could not be written.
  public struct WriteError: Error, CustomStringConvertible {
    /// Lowercase description naming the file.
    public var description: String

    /// Each stored property as given; other targets of the package build it too.
    package init(description: String) {
      self.description = description
    }
  }

  /// The output folder.
  public let directory: URL
  private let epoch: Epoch
  private var postbacks: BufferedFile
  private var conversions: BufferedFile
  /// `trace.jsonl`, when the run is traced.
  private var trace: BufferedFile?
  /// `adservices.jsonl`, when the scenario runs Apple Ads.
  private var adServices: BufferedFile?
  /// `sdk-trace.jsonl`, when the app has a client SDK.
  private var sdkTrace: BufferedFile?
  private var firstError: WriteError?

  /// Creates the folder if needed and opens the temporary files; `trace` adds `trace.jsonl`,
  /// `adServices` (for scenarios with Apple Ads) `adservices.jsonl`, `sdk` (for apps with a
  /// client SDK) `sdk-trace.jsonl`.
  public init(
    directory: URL, epoch: Epoch, trace: Bool = false, adServices: Bool = false, sdk: Bool = false
  ) throws(WriteError) {
    self.directory = directory
    self.epoch = epoch
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw WriteError(
        description: "cannot create output folder '\(directory.path)': \(FileProblem.reason(writing: directory.path, error))")
    }
    postbacks = try BufferedFile(final: directory.appendingPathComponent("postbacks.jsonl"))
    conversions = try BufferedFile(final: directory.appendingPathComponent("conversions.jsonl"))
    if trace { self.trace = try BufferedFile(final: directory.appendingPathComponent("trace.jsonl")) }
    if adServices { self.adServices = try BufferedFile(final: directory.appendingPathComponent("adservices.jsonl")) }
    if sdk { sdkTrace = try BufferedFile(final: directory.appendingPathComponent("sdk-trace.jsonl")) }
  }

  /// A writer for `scenario`'s outputs: with `adservices.jsonl` and `sdk-trace.jsonl` when it
  /// has Apple Ads or a client SDK.
  public init(directory: URL, scenario: Scenario, trace: Bool = false) throws(WriteError) {
    try self.init(
      directory: directory, epoch: scenario.epoch, trace: trace, adServices: scenario.appleAds != nil,
      sdk: scenario.app.sdk != nil)
  }

  public var wantsTrace: Bool { trace != nil }

  public mutating func receive(_ record: TraceRecord) {
    guard trace != nil else { return }
    write { writer throws(WriteError) in try writer.trace!.appendLine(record.jsonLine(epoch: writer.epoch)) }
  }

  public mutating func receive(_ postback: PostbackRecord) {
    write { writer throws(WriteError) in try writer.postbacks.appendLine(postback.jsonLine(epoch: writer.epoch)) }
  }

  public mutating func receive(_ conversion: ConversionRecord) {
    write { writer throws(WriteError) in try writer.conversions.appendLine(conversion.json) }
  }

  public mutating func receive(_ exchange: AdServicesExchange) {
    guard adServices != nil else { return }
    write { writer throws(WriteError) in try writer.adServices!.appendLine(exchange.jsonLine(epoch: writer.epoch)) }
  }

  public mutating func receive(_ record: SDKTraceRecord) {
    guard sdkTrace != nil else { return }
    write { writer throws(WriteError) in try writer.sdkTrace!.appendLine(record.jsonLine(epoch: writer.epoch)) }
  }

  /// Runs one write unless an earlier one failed, keeping the first error for ``commit``.
  private mutating func write(_ body: (inout RunDirectoryWriter) throws(WriteError) -> Void) {
    guard firstError == nil else { return }
    do {
      try body(&self)
    } catch {
      firstError = error
    }
  }

  /// Writes `summary.json`, `keys.json` (the public keys that verify the run's signatures) and,
  /// given `report`, `report.html` and `report.md`, and moves every file into place.
  public mutating func commit(_ summary: RunSummary, scenario: Scenario, report: RunReport? = nil) throws(WriteError) {
    if let firstError {
      discard()
      throw firstError
    }
    var small: [BufferedFile] = []
    do {
      var files = [
        ("summary.json", summary.json(scenario: scenario.name, seed: scenario.seed).serialized(pretty: true) + "\n"),
        ("keys.json", SimulatedKeys(scenario: scenario).json.serialized(pretty: true) + "\n"),
      ]
      if let decoding = summary.decoding { files.append(("decoded.csv", decoding.csv)) }
      if let report { files += [("report.html", report.html), ("report.md", report.markdown)] }
      for (name, text) in files {
        small.append(try BufferedFile(final: directory.appendingPathComponent(name)))
        try small[small.count - 1].append(text)
      }
      for index in small.indices { try small[index].synchronize() }
      try postbacks.synchronize()
      try conversions.synchronize()
      try trace?.synchronize()
      try adServices?.synchronize()
      try sdkTrace?.synchronize()
      // Every file is on disk before the first rename, and an interruption waits for the last.
      try TemporaryFiles.shared.uninterrupted { () throws(WriteError) in
        try postbacks.moveIntoPlace()
        try conversions.moveIntoPlace()
        try trace?.moveIntoPlace()
        try adServices?.moveIntoPlace()
        try sdkTrace?.moveIntoPlace()
        for index in small.indices { try small[index].moveIntoPlace() }
      }
      try BufferedFile.synchronizeFolder(directory)
    } catch {
      discard()
      for index in small.indices { small[index].discard() }
      throw error
    }
  }

  /// Removes the temporary files, leaving any earlier outputs as they were.
  public mutating func discard() {
    postbacks.discard()
    conversions.discard()
    trace?.discard()
    adServices?.discard()
    sdkTrace?.discard()
  }
}

/// A file written through a buffer to a temporary path, then made durable and renamed to its
/// final path; the temporary file is registered in ``TemporaryFiles`` while it exists.
package struct BufferedFile {
  package let final: URL
  package let temporary: URL
  private var handle: FileHandle?
  private var buffer = ""
  /// Whether the written bytes have reached the disk since the last write.
  private var synchronized = false

  package init(final: URL) throws(RunDirectoryWriter.WriteError) {
    self.final = final
    // The process ID keeps concurrent runs into one folder from sharing a temporary file.
    temporary = TemporaryFiles.path(for: final)
    guard TemporaryFiles.shared.create(temporary), let handle = FileHandle(forWritingAtPath: temporary.path) else {
      TemporaryFiles.shared.unregister(temporary)
      try? FileManager.default.removeItem(at: temporary)
      throw RunDirectoryWriter.WriteError(description: "cannot create '\(temporary.path)'")
    }
    self.handle = handle
    buffer.reserveCapacity(1 << 20)
  }

  package mutating func appendLine(_ value: JSONValue) throws(RunDirectoryWriter.WriteError) {
    value.write(to: &buffer, pretty: false)
    buffer += "\n"
    if buffer.utf8.count >= 1 << 20 { try flush() }
  }

  package mutating func append(_ text: String) throws(RunDirectoryWriter.WriteError) {
    buffer += text
    try flush()
  }

  private mutating func flush() throws(RunDirectoryWriter.WriteError) {
    guard let handle, !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: Data(buffer.utf8))
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot write '\(final.path)': \(FileProblem.reason(writing: final.path, error))")
    }
    buffer.removeAll(keepingCapacity: true)
    synchronized = false
  }

  /// Writes out the buffer and waits until the file's bytes are on disk (fsync), so that the
  /// rename cannot put an empty or partial file in place of a complete one after a crash.
  package mutating func synchronize() throws(RunDirectoryWriter.WriteError) {
    try flush()
    guard let handle, !synchronized else { return }
    do {
      try handle.synchronize()
    } catch {
      throw RunDirectoryWriter.WriteError(description: "cannot write '\(final.path)' to disk: \(error.localizedDescription)")
    }
    synchronized = true
  }

  package mutating func moveIntoPlace() throws(RunDirectoryWriter.WriteError) {
    try synchronize()
    do {
      try handle?.close()
      handle = nil
      // rename(2) replaces the target atomically; FileManager's move refuses to overwrite.
      guard rename(temporary.path, final.path) == 0 else {
        throw RunDirectoryWriter.WriteError(
          description: "cannot move output into '\(final.path)': \(String(cString: strerror(errno)))")
      }
      TemporaryFiles.shared.unregister(temporary)
    } catch let error as RunDirectoryWriter.WriteError {
      throw error
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot close '\(final.path)': \(FileProblem.reason(writing: final.path, error))")
    }
  }

  /// Makes the renames into `folder` durable (fsync of the folder); where a folder cannot be
  /// opened for that, the renames are as durable as the system makes them.
  package static func synchronizeFolder(_ folder: URL) throws(RunDirectoryWriter.WriteError) {
    let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
    guard fd >= 0 else { return }
    defer { close(fd) }
    guard fsync(fd) == 0 || errno == EINVAL else {
      throw RunDirectoryWriter.WriteError(
        description: "cannot write folder '\(folder.path)' to disk: \(String(cString: strerror(errno)))")
    }
  }

  /// Writes `text` to `url` whole, through a temporary file and a rename, creating its folder.
  package static func write(_ text: String, to url: URL) throws(RunDirectoryWriter.WriteError) {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw RunDirectoryWriter.WriteError(
        description: "cannot create folder '\(folder.path)': \(FileProblem.reason(writing: folder.path, error))")
    }
    var file = try BufferedFile(final: url)
    do {
      try file.append(text)
      try file.moveIntoPlace()
      try synchronizeFolder(url.deletingLastPathComponent())
    } catch {
      file.discard()
      throw error
    }
  }

  package mutating func discard() {
    try? handle?.close()
    handle = nil
    try? FileManager.default.removeItem(at: temporary)
    TemporaryFiles.shared.unregister(temporary)
  }
}
