import Foundation
import SimJSON
import SimModel
import SimPlatform
import SimRecords

/// Writes a run's `postbacks.jsonl`, `conversions.jsonl`, `summary.json`, `keys.json`,
/// `decoded.csv` (when decoded), `report.html` and `report.md` (given a report), when traced
/// `trace.jsonl` and, when asked for, `events.csv` (the users' in-app happenings) into a folder.
///
/// Lines go to hidden temporary files beside their targets as the run produces them, so memory
/// stays flat however long the run; ``commit(_:scenario:report:)`` renames them into place, so a
/// reader never sees a half-written file and a failed run leaves the old outputs untouched. A
/// run owns its folder's outputs: as its own land, those of an earlier run it does not write
/// (``outputNames``) are removed, so the folder never mixes two runs.
public struct RunDirectoryWriter: RunSink {
  /// Why the outputs could not be written.
  public struct WriteError: Error, Sendable, CustomStringConvertible {
    /// Lowercase description naming the file.
    public var description: String
    /// Whether the output could not be created at all (its folder missing or not writable, a
    /// kind of file attrsim does not replace), rather than failing as it was written.
    public var cannotCreate: Bool

    /// Each stored property as given; other targets of the package build it too.
    package init(description: String, cannotCreate: Bool = false) {
      self.description = description
      self.cannotCreate = cannotCreate
    }
  }

  /// Every name a run may write into its folder (`replicates.json` with --replicates,
  /// `deliveries.jsonl` with --deliver); no other file of the folder is ever removed.
  public static let outputNames: Set<String> = [
    "postbacks.jsonl", "conversions.jsonl", "summary.json", "keys.json", "decoded.csv", "report.html", "report.md",
    // deliveries.jsonl by name: Delivery depends on this folder, not this folder on it.
    "trace.jsonl", "adservices.jsonl", "sdk-trace.jsonl", "replicates.json", "deliveries.jsonl", "events.csv",
  ]

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
  /// `events.csv`, when asked for.
  private var eventLog: BufferedFile?
  private var firstError: WriteError?

  /// Creates the folder if needed and opens the temporary files; `trace` adds `trace.jsonl`,
  /// `adServices` (for scenarios with Apple Ads) `adservices.jsonl`, `sdk` (for apps with a
  /// client SDK) `sdk-trace.jsonl`, `eventLog` `events.csv`.
  public init(
    directory: URL, epoch: Epoch, trace: Bool = false, adServices: Bool = false, sdk: Bool = false, eventLog: Bool = false
  ) throws(WriteError) {
    self.directory = directory
    self.epoch = epoch
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw WriteError(
        description: "cannot create output folder '\(directory.path)': \(FileProblem.reason(writing: directory.path, error))",
        cannotCreate: true)
    }
    postbacks = try BufferedFile(final: directory.appendingPathComponent("postbacks.jsonl"))
    conversions = try BufferedFile(final: directory.appendingPathComponent("conversions.jsonl"))
    if trace { self.trace = try BufferedFile(final: directory.appendingPathComponent("trace.jsonl")) }
    if adServices { self.adServices = try BufferedFile(final: directory.appendingPathComponent("adservices.jsonl")) }
    if sdk { sdkTrace = try BufferedFile(final: directory.appendingPathComponent("sdk-trace.jsonl")) }
    if eventLog {
      self.eventLog = try BufferedFile(final: directory.appendingPathComponent("events.csv"))
      try self.eventLog!.append(InAppEventRecord.csvHeader + "\n")
    }
  }

  /// A writer for `scenario`'s outputs: with `adservices.jsonl` and `sdk-trace.jsonl` when it
  /// has Apple Ads or a client SDK.
  public init(directory: URL, scenario: Scenario, trace: Bool = false, eventLog: Bool = false) throws(WriteError) {
    try self.init(
      directory: directory, epoch: scenario.epoch, trace: trace, adServices: scenario.appleAds != nil,
      sdk: scenario.app.sdk != nil, eventLog: eventLog)
  }

  public var wantsTrace: Bool { trace != nil }

  public mutating func receive(_ record: TraceRecord) {
    guard trace != nil else { return }
    write { writer throws(WriteError) in try writer.trace!.appendLine(record.jsonLine(epoch: writer.epoch)) }
  }

  public var wantsEventLog: Bool { eventLog != nil }

  public mutating func receive(_ event: InAppEventRecord) {
    guard eventLog != nil else { return }
    write { writer throws(WriteError) in try writer.eventLog!.append(event.csvLine(epoch: writer.epoch) + "\n") }
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
  /// given `report`, `report.html` and `report.md`, and `extra` files (name and text), and moves
  /// every file into place. An earlier run's outputs this run does not replace are removed then,
  /// except those named in `later`: outputs written after the commit (`deliveries.jsonl`, which a
  /// rerun's delivery resumes), so no moment is left without them.
  public mutating func commit(
    _ summary: RunSummary, scenario: Scenario, report: RunReport? = nil, extra: [(name: String, text: String)] = [],
    keeping later: Set<String> = []
  ) throws(WriteError) {
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
      if let decoding = summary.decoding { files.append(("decoded.csv", DecodedCSV(decoding).text)) }
      if let report { files += [("report.html", report.html), ("report.md", report.markdown)] }
      files += extra.map { ($0.name, $0.text) }
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
      try eventLog?.synchronize()
      // Every file is on disk before the first rename, and an interruption waits for the last.
      try TemporaryFiles.shared.uninterrupted { () throws(WriteError) in
        try postbacks.moveIntoPlace()
        try conversions.moveIntoPlace()
        try trace?.moveIntoPlace()
        try adServices?.moveIntoPlace()
        try sdkTrace?.moveIntoPlace()
        try eventLog?.moveIntoPlace()
        for index in small.indices { try small[index].moveIntoPlace() }
        let written = [postbacks, conversions].map(\.final) + [trace, adServices, sdkTrace, eventLog].compactMap { $0?.final }
          + small.map(\.final)
        Self.removeEarlierOutputs(in: directory, keeping: Set(written.map(\.lastPathComponent)).union(later))
      }
      try BufferedFile.synchronizeFolder(directory)
    } catch {
      discard()
      for index in small.indices { small[index].discard() }
      throw error
    }
  }

  /// Removes from `folder` the regular files of ``outputNames`` not in `kept`: an earlier run's,
  /// which this one did not replace. A file that cannot be removed stays; links and folders of
  /// those names are not attrsim's and stay too.
  private static func removeEarlierOutputs(in folder: URL, keeping kept: Set<String>) {
    for name in outputNames.subtracting(kept) {
      let path = folder.appendingPathComponent(name).path
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      unlink(path)
    }
  }

  /// Removes the temporary files, leaving any earlier outputs as they were.
  public mutating func discard() {
    postbacks.discard()
    conversions.discard()
    trace?.discard()
    adServices?.discard()
    sdkTrace?.discard()
    eventLog?.discard()
  }
}
