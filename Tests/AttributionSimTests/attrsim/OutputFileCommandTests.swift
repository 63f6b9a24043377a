import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 45 at the command line: an output file that is a device, a FIFO or a link is written
/// through or refused, never swapped for a regular file; a run owns its folder's outputs. The
/// refusals that write nothing are cases of bad-inputs-45-files.json.
@Suite("attrsim writes outputs where asked and replaces only its own regular files")
struct OutputFileCommandTests {
  /// Runs attrsim in `folder` with `arguments`.
  private func attrsim(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    return try ChildProcess.run(binary, arguments, in: folder)
  }

  /// One SKAdNetwork postback, as a line of `p.jsonl`.
  static let postback =
    #"{"ad-network-id":"alpha1234.skadnetwork","app-id":1234567890,"did-win":true,"postback-sequence-index":0,"#
    + #""source-identifier":"5211","transaction-id":"t-1","version":"4.0","conversion-value":3}"# + "\n"

  /// A fresh folder holding the scenario `s.json`, the schema `x.json` and a postback in `p.jsonl`.
  private func workspace() throws -> URL {
    let folder = try TemporaryFolder.create("output-file")
    try TestScenarios.minimal.write(to: folder.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    try TestScenarios.sdkSchema.write(to: folder.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
    try Self.postback.write(to: folder.appendingPathComponent("p.jsonl"), atomically: true, encoding: .utf8)
    return folder
  }

  /// The file type of `path` itself, not of what a link names.
  private func type(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
  }

  /// Each command with an output file, OUT standing for the file.
  static let writers = [
    ["decode", "p.jsonl", "--schema", "x.json", "-o", "OUT"], ["calibrate", "s.json", "--out", "OUT"],
    ["verify", "s.json", "--junit", "OUT"],
  ]

  @Test("a link to a device as the output file is written through and stays a link (the device too)", arguments: writers)
  func linkToDeviceStaysALink(arguments: [String]) throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("null").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
    let result = try attrsim(arguments.map { $0 == "OUT" ? "null" : $0 }, in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(type(link) == S_IFLNK, "the link is kept")
    #expect(type("/dev/null") == S_IFCHR)
  }

  @Test("an output file that is a FIFO a program reads gets the output through it", arguments: writers)
  func fifoWithAReader(arguments: [String]) throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo").path
    try #require(mkfifo(fifo, 0o644) == 0)
    // Opened for reading before attrsim runs, without waiting for a writer: the reader is there.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let result = try attrsim(arguments.map { $0 == "OUT" ? "fifo" : $0 }, in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(type(fifo) == S_IFIFO, "the FIFO is kept")
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    let count = read(reader, &buffer, buffer.count)
    let text = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
    let expected = ["decode": #""at":"p.jsonl""#, "verify": "<testsuites", "calibrate": "attrsim-calibration"][arguments[0]]!
    #expect(text.contains(expected), "\(text)")
  }

  @Test("a link to a regular file as the output file keeps the link and replaces the file it names", arguments: writers)
  func linkToFileKeepsTheLink(arguments: [String]) throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("target.txt")
    try "old".write(to: target, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out").path, withDestinationPath: "target.txt")
    let result = try attrsim(arguments.map { $0 == "OUT" ? "out" : $0 }, in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(type(folder.appendingPathComponent("out").path) == S_IFLNK)
    #expect(try String(contentsOf: target, encoding: .utf8) != "old")
  }

  @Test("-o - puts the calibration or the decodings on standard output, alone there, and writes no file named '-'")
  func standardOutput() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let binary = try #require(ChildProcess.attrsim)
    let result = try ChildProcess.runApart(binary, ["calibrate", "s.json", "-o", "-"], in: folder)
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("{") && result.output.contains("attrsim-calibration"), "\(result.output)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    // A link to /dev/stdout is standard output too, whatever it is open on (a pipe here).
    try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("so").path, withDestinationPath: "/dev/stdout")
    let linked = try ChildProcess.runApart(binary, ["calibrate", "s.json", "-o", "so"], in: folder)
    #expect(linked.status == 0, "\(linked.errors)")
    #expect(linked.output.hasPrefix("{") && linked.output.contains("attrsim-calibration"), "\(linked.output)")
    #expect(type(folder.appendingPathComponent("so").path) == S_IFLNK)
    let decoded = try ChildProcess.runApart(binary, ["decode", "p.jsonl", "--schema", "x.json", "-o", "-"], in: folder)
    #expect(decoded.status == 0, "\(decoded.errors)")
    #expect(decoded.output.hasPrefix(#"{"ad-network-id""#) && decoded.output.split(separator: "\n").count == 1, "\(decoded.output)")
    #expect(decoded.errors.contains("1 winning postbacks decoded"), "\(decoded.errors)")
  }

  // /dev/fd/1 rather than /dev/stdout: were the output ever renamed into place again, it would
  // fail in /proc instead of replacing the machine's /dev/stdout.
  @Test("-o /dev/fd/1 with standard output in a file writes after what was printed, not over it")
  func devStdoutIntoAFile() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("printed.txt")
    try #require(FileManager.default.createFile(atPath: file.path, contents: Data("before\n".utf8)))
    let handle = try FileHandle(forWritingTo: file)
    try handle.seekToEnd()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(ChildProcess.attrsim))
    process.arguments = ["calibrate", "s.json", "-o", "/dev/fd/1"]
    process.currentDirectoryURL = folder
    process.standardOutput = handle
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try handle.close()
    #expect(process.terminationStatus == 0)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.hasPrefix("before\n{\n"), "\(text)")
    #expect(text.hasSuffix("wrote /dev/fd/1\n") && text.contains("attrsim-calibration"), "\(text)")
    #expect(type(file.path) == S_IFREG)
  }

  @Test("a rerun into a folder removes the earlier run's outputs it does not write, and no other file")
  func rerunRemovesEarlierOutputs() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try attrsim(["run", "s.json", "--out", "o", "--trace", "--replicates", "2"], in: folder)
    #expect(first.status == 0, "\(first.output)")
    let out = folder.appendingPathComponent("o")
    // As an earlier run with Apple Ads, a client SDK and --deliver would have left them.
    for name in ["adservices.jsonl", "sdk-trace.jsonl", "deliveries.jsonl", "notes.txt"] {
      try "earlier".write(to: out.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let before = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(before.contains("trace.jsonl") && before.contains("replicates.json"))
    let second = try attrsim(["run", "s.json", "--out", "o", "--seed", "7"], in: folder)
    #expect(second.status == 0, "\(second.output)")
    let after = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
    #expect(RunDirectoryWriter.outputNames.contains(DeliveryResult.fileName))
    #expect(after == [
      "conversions.jsonl", "decoded.csv", "keys.json", "notes.txt", "postbacks.jsonl", "report.html", "report.md", "summary.json",
    ])
  }

  @Test("a rerun that fails leaves the earlier run's outputs it would have removed")
  func failedRerunKeepsEarlierOutputs() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = try attrsim(["run", "s.json", "--out", "o", "--trace"], in: folder)
    #expect(first.status == 0, "\(first.output)")
    let out = folder.appendingPathComponent("o")
    // A folder where the new run's report.md goes: its last rename fails.
    try FileManager.default.removeItem(at: out.appendingPathComponent("report.md"))
    try FileManager.default.createDirectory(
      at: out.appendingPathComponent("report.md/inside"), withIntermediateDirectories: true)
    let trace = try Data(contentsOf: out.appendingPathComponent("trace.jsonl"))
    let second = try attrsim(["run", "s.json", "--out", "o"], in: folder)
    #expect(second.status == 74, "\(second.output)")
    #expect(try Data(contentsOf: out.appendingPathComponent("trace.jsonl")) == trace)
  }
}
