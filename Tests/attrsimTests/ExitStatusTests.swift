import AttributionTestSupport
import CommandLineKit
import Foundation
import Testing

@testable import attrsim

/// The documented exit statuses (Docs/commands.md, the man page's EXIT STATUS) hold for every
/// command: 64 for a command line that is wrong, 65 for an input file whose content is wrong,
/// 66 for an input file that is not there. Each command is run as a real process.
@Suite("Every command exits with the documented status")
struct ExitStatusTests {
  /// A scenario, schema or sweep that reads as none of them.
  static let badContent = #"{ "version": 1, "name": "bad", "seed": "one" }"#
  /// A file that holds a conversion schema with an error in it.
  static let badSchema = #"{ "version": 1, "fineValue": { "fields": [ { "bits": 0, "revenue": [1, "x"] } ] } }"#
  /// A schema that reads.
  static let goodSchema = #"{ "version": 1, "fineValue": { "revenueBuckets": [1, 5] } }"#

  /// A command's arguments with a missing input and with a bad one, and the status the bad one gives.
  struct Call {
    var missing: [String]
    var bad: [String]
    var badStatus: CommandLineKit.ExitStatus
    init(_ missing: [String], _ bad: [String], _ badStatus: CommandLineKit.ExitStatus = .dataError) {
      self.missing = missing
      self.bad = bad
      self.badStatus = badStatus
    }
  }

  /// How each command is called with a missing input and with a bad one, and the status a bad
  /// one gives: MISSING stands for a path that is not there, BAD for a file of bad content,
  /// SCHEMA for a bad schema, GOOD for a schema that reads, OK for a scenario that reads. The
  /// two checking commands report bad content as a failed check (1), as the table says. A
  /// command listed with nil takes no input file.
  static let calls: [String: Call?] = [
    "run": Call(["MISSING"], ["BAD"]),
    "sweep": Call(["MISSING"], ["BAD"]),
    "merge": Call(["MISSING"], ["BADFOLDER"]),
    "postback verify": Call(["MISSING"], ["BAD"], .failure),
    "compare": Call(["MISSING", "--schema", "GOOD", "--schema", "GOOD"], ["OK", "--schema", "SCHEMA", "--schema", "SCHEMA"]),
    "schema lint": Call(["MISSING"], ["SCHEMA"]),
    "schema explain": Call(["MISSING"], ["SCHEMA"]),
    "schema optimize": Call(["MISSING"], ["BAD"]),
    "schema train": Call(["MISSING", "--out", "OUT"], ["BAD", "--out", "OUT"]),
    "schema import": Call(["MISSING", "--out", "OUT"], ["BAD", "--out", "OUT"]),
    "schema export": Call(["MISSING", "--to", "ga4", "--out", "OUT"], ["BAD", "--to", "ga4", "--out", "OUT"]),
    "decode": Call(["MISSING", "--schema", "GOOD"], ["OK", "--schema", "SCHEMA"]),
    "calibrate": Call(["MISSING", "--out", "OUT"], ["BAD", "--out", "OUT"]),
    "fit": Call(["MISSING"], ["BAD"]),
    "privacy fit": Call(["MISSING", "--postbacks", "OK"], ["BAD", "--postbacks", "OK"]),
    "verify": Call(["MISSING"], ["BAD"], .failure),
    "validate": Call(["MISSING"], ["BAD"]),
    "completions": nil,
  ]

  @Test("every command of the tool has its calls here")
  func everyCommandIsCovered() {
    let paths: [String] = AttrsimTool.spec.commandPaths.map { $0.joined(separator: " ") }
    // Groups (`schema`, `postback`) run nothing themselves: their commands are listed.
    let commands = paths.filter { (path: String) in !paths.contains { (other: String) in other.hasPrefix(path + " ") } }
    #expect(Set(Self.calls.keys) == Set(commands))
  }

  @Test("a missing input file exits 66, a bad one 65 (1 for the checking commands), an unknown option 64", arguments: calls.keys.sorted())
  func statuses(command: String) throws {
    let binary = try #require(ChildProcess.attrsim, "attrsim is built beside the tests")
    let folder = try TemporaryFolder.create("attrsim-exit")
    defer { try? FileManager.default.removeItem(at: folder) }
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    try Self.badContent.write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
    try Self.badSchema.write(toFile: path("schema.json"), atomically: true, encoding: .utf8)
    try Self.goodSchema.write(toFile: path("good.json"), atomically: true, encoding: .utf8)
    try TestScenarios.minimal.write(toFile: path("ok.json"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: path("bad-folder"), withIntermediateDirectories: true)
    let names = [
      "MISSING": path("missing.json"), "BAD": path("bad.json"), "SCHEMA": path("schema.json"), "GOOD": path("good.json"), "OK": path("ok.json"),
      "BADFOLDER": path("bad-folder"), "OUT": path("out.json"),
    ]
    let words = command.split(separator: " ").map(String.init)
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
      try ChildProcess.run(binary, words + arguments.map { names[$0] ?? $0 }, in: folder)
    }
    let unknown = try run(["--no-such-option"])
    #expect(unknown.status == CommandLineKit.ExitStatus.usage.rawValue, "\(command) --no-such-option: \(unknown.output)")
    guard let call = Self.calls[command], let call else { return }
    let missing = try run(call.missing)
    #expect(missing.status == CommandLineKit.ExitStatus.noInput.rawValue, "\(command) with a missing file: \(missing.output)")
    let bad = try run(call.bad)
    #expect(bad.status == call.badStatus.rawValue, "\(command) with a bad file: \(bad.output)")
  }
}
