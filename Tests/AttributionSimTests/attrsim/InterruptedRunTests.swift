import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs that end early, by a signal or a kill, leave the folder with its earlier complete
/// outputs and no temporary files.
@Suite("Interrupted runs leave nothing behind")
struct InterruptedRunTests {
  /// ``TestScenarios/minimal`` with enough users to run for minutes: it is always interrupted.
  private static let long = TestScenarios.minimal.replacing(required: "count: 10,", with: "count: 600000,")
    .replacing(required: "to: \"1d\"", with: "to: \"400d\"")

  /// A fresh folder with the scenarios, and `out/` holding a complete run of the small one.
  private func folderWithOutputs() throws -> (folder: URL, out: URL, before: [String: Data]) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("interrupted")
    try TestScenarios.minimal.write(to: folder.appendingPathComponent("small.json"), atomically: true, encoding: .utf8)
    try Self.long.write(to: folder.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("out")
    let first = try ChildProcess.run(binary, ["run", folder.appendingPathComponent("small.json").path, "--out", out.path])
    #expect(first.status == 0, "\(first.output)")
    return (folder, out, try contents(of: out))
  }

  /// Every file of `folder` by name, hidden ones included.
  private func contents(of folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  /// Starts `attrsim run long.json --out out` and waits until its outputs' temporary files are
  /// open: the run is under way, with files to leave behind. (Its first postbacks reach them
  /// only minutes later in a debug build, after most users are simulated: waiting for data
  /// cost each test its 120-second deadline and the run's CPU all that time.)
  private func startLongRun(in folder: URL, out: URL) throws -> (process: Process, output: Pipe) {
    let binary = try #require(ChildProcess.attrsim)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["run", folder.appendingPathComponent("long.json").path, "--out", out.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let temporary = ["postbacks", "conversions"].map { out.appendingPathComponent(".\($0).jsonl.\(process.processIdentifier).tmp") }
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, process.isRunning, !temporary.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) {
      Thread.sleep(forTimeInterval: 0.02)
    }
    // A moment more, so the signal finds the run simulating rather than just opening its files.
    Thread.sleep(forTimeInterval: 0.3)
    #expect(process.isRunning, "the long run is still running when interrupted")
    for file in temporary {
      #expect(FileManager.default.fileExists(atPath: file.path), "the run writes \(file.lastPathComponent)")
    }
    return (process, output)
  }

  @Test(
    "SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the run's temporary files, keep the earlier outputs byte for byte and exit 128 + the signal",
    arguments: [(SIGINT, 130, "interrupted"), (SIGTERM, 143, "terminated"), (SIGHUP, 129, "hung up"), (SIGQUIT, 131, "quit")])
  func signalRemovesTemporaryFiles(signal: Int32, status: Int32, word: String) throws {
    let (folder, out, before) = try folderWithOutputs()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, output) = try startLongRun(in: folder, out: out)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    kill(process.processIdentifier, signal)
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == status, "\(text)")
    #expect(text.contains("\(word); removed 2 unfinished temporary files"), "\(text)")
    // One line for the signal, no crash report (SIGQUIT's default prints a backtrace).
    #expect(text.split(separator: "\n").count <= 2, "\(text)")
    let after = try contents(of: out)
    #expect(after.keys.filter { $0.hasSuffix(".tmp") } == [])
    #expect(after == before)
  }

  @Test("SIGINT during verify removes its scratch folders from TMPDIR, not only the files in them")
  func verifyLeavesNoScratchFolders() throws {
    let binary = try #require(ChildProcess.attrsim)
    let folder = try TemporaryFolder.create("interrupted-verify")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Self.long.write(to: folder.appendingPathComponent("long.json"), atomically: true, encoding: .utf8)
    let scratch = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["verify", "long.json"]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    // Waits until the run's outputs are open in its scratch folder: the folder would be left.
    let deadline = Date().addingTimeInterval(60)
    func opened() -> Bool {
      let folders = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
      return folders.contains { name in
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent(name).path)) ?? []).count >= 2
      }
    }
    while Date() < deadline, process.isRunning, !opened() { Thread.sleep(forTimeInterval: 0.02) }
    #expect(opened(), "verify writes its run into a scratch folder under TMPDIR")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
  }

  @Test("SIGINT also stops a conversion-model command the run started, which would otherwise outlive it")
  func signalStopsStartedCommands() throws {
    let binary = try #require(ChildProcess.attrsim)
    let folder = try TemporaryFolder.create("interrupted")
    defer { try? FileManager.default.removeItem(at: folder) }
    // The command notes its process ID, then never answers: the run waits on its 60 s timeout.
    let scenario = TestScenarios.sdk(
      sdk: #"{ model: { command: ["sh", "-c", "echo $$ > child.pid; exec sleep 100"], timeout: "60s" } }"#, steps: "")
    try scenario.write(to: folder.appendingPathComponent("cmd.json"), atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["run", "cmd.json", "--allow-commands", "--out", "out"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pidFile = folder.appendingPathComponent("child.pid")
    var child: Int32?
    let deadline = Date().addingTimeInterval(60)
    while child == nil, Date() < deadline, process.isRunning {
      child = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      if child == nil { Thread.sleep(forTimeInterval: 0.05) }
    }
    let pid = try #require(child, "the command started")
    kill(process.processIdentifier, SIGINT)
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    // The command was asked to stop; it is gone (or a zombie awaiting init) within moments.
    #expect(ChildProcess.ends(pid, within: 5), "the started command outlived the interrupted run: \(pid)")
  }

  @Test("after a SIGKILL, the next run into the folder removes the killed run's temporary files and no others")
  func nextRunRemovesStaleTemporaryFiles() throws {
    let (folder, out, before) = try folderWithOutputs()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (process, output) = try startLongRun(in: folder, out: out)
    kill(process.processIdentifier, SIGKILL)
    _ = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    let killed = process.processIdentifier
    let stale = [".conversions.jsonl.\(killed).tmp", ".postbacks.jsonl.\(killed).tmp"]
    #expect(try contents(of: out).keys.sorted() == (Array(before.keys) + stale).sorted())
    #expect(try contents(of: out).filter { !stale.contains($0.key) } == before)

    // Files that only look alike: a live process's, and names not of the pattern.
    let others = [".summary.json.1.tmp", "notes.tmp", ".notes.tmp", ".x.12a.tmp", "draft.\(killed).tmp"]
    for name in others { try Data("keep".utf8).write(to: out.appendingPathComponent(name)) }
    let binary = try #require(ChildProcess.attrsim)
    let again = try ChildProcess.run(binary, ["run", folder.appendingPathComponent("small.json").path, "--out", out.path])
    #expect(again.status == 0, "\(again.output)")
    let after = try contents(of: out)
    #expect(after.keys.sorted() == (Array(before.keys) + others).sorted())
    #expect(after.filter { before[$0.key] != nil } == before, "same scenario, same outputs")
  }

  @Test("only temporary files of processes that have ended are stale; the pattern is .<name>.<pid>.tmp")
  func stalePattern() throws {
    let folder = try TemporaryFolder.create("stale")
    defer { try? FileManager.default.removeItem(at: folder) }
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = ended.processIdentifier
    let names = [
      ".postbacks.jsonl.\(dead).tmp", ".a.b.\(dead).tmp",  // stale
      ".postbacks.jsonl.\(getpid()).tmp", ".postbacks.jsonl.1.tmp",  // this process's, and a live one's
      ".\(dead).tmp", "postbacks.jsonl.\(dead).tmp", ".x.+\(dead).tmp", ".x.\(dead).tmp.bak",
    ]
    for name in names { try Data().write(to: folder.appendingPathComponent(name)) }
    // A folder of the pattern is not a file of ours.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".dir.\(dead).tmp"), withIntermediateDirectories: false)
    let removed = TemporaryFiles.removeStale(in: folder.path)
    #expect(removed == [".a.b.\(dead).tmp", ".postbacks.jsonl.\(dead).tmp"])
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(left == (names.dropFirst(2) + [".dir.\(dead).tmp"]).sorted())
  }

  @Test("a writer's temporary files are registered while written and gone from the registry once committed or discarded")
  func registryFollowsTheWriter() throws {
    let scenario = try TestScenarios.load(TestScenarios.minimal)
    for commit in [true, false] {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("registry-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      var writer = try RunDirectoryWriter(directory: folder, scenario: scenario)
      let mine = { TemporaryFiles.shared.inFlight.filter { $0.hasPrefix(folder.path + "/") } }
      #expect(mine().map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == [
        ".conversions.jsonl.\(getpid()).tmp", ".postbacks.jsonl.\(getpid()).tmp",
      ])
      if commit {
        let summary = ScenarioRunner.run(scenario, sink: &writer)
        try writer.commit(summary, scenario: scenario)
      } else {
        writer.discard()
      }
      #expect(mine() == [])
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(names.filter { $0.hasPrefix(".") } == [])
      #expect(names.contains("postbacks.jsonl") == commit)
    }
  }
}
