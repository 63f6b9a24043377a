import AttributionTestSupport
import Foundation
import Testing

/// Issue 21 at the command line: the exit status, the message, and that nothing was written,
/// run or sent. Every command runs in a fresh folder, so a stray `Reports/` would show.
@Suite("attrsim refuses unsafe requests before doing anything")
struct SafetyCommandTests {
  /// A fresh folder with `files`; the scenario `cmd.json` runs `touch started` if its program starts.
  private func workspace(_ files: [String: String] = [:]) throws -> URL {
    let commandScenario = TestScenarios.sdk(sdk: #"{ model: { command: ["touch", "started"] } }"#, steps: "")
    var all = ["cmd.json": commandScenario, "plain.json": TestScenarios.minimal]
    all.merge(files) { _, new in new }
    return try InputSafetyTests.folder(all.mapValues { Data($0.utf8) })
  }

  /// Runs attrsim in `folder` with `arguments`.
  private func attrsim(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    return try ChildProcess.run(binary, arguments, in: folder)
  }

  /// The names in `folder`, sorted.
  private func contents(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test(
    "a scenario's program starts only with --allow-commands: run, compare, sweep and verify refuse with exit 64",
    arguments: [
      ["run", "cmd.json"], ["run", "cmd.json", "--shard", "0/2"], ["compare", "cmd.json", "--schema", "s.json", "--schema", "s.json"],
      ["sweep", "sweep.json"], ["verify", "."],
    ])
  func commandsNeedTheOptIn(arguments: [String]) throws {
    let sweep = #"{ version: 1, name: "sw", scenario: "cmd.json", parameters: [{ name: "s", path: "seed", values: [1, 2] }], chart: { x: "s", y: "users" } }"#
    let folder = try workspace(["sweep.json": sweep, "s.json": TestScenarios.sdkSchema])
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = contents(folder)
    let result = try attrsim(arguments, in: folder)
    #expect(result.status == 64, "\(result.output)")
    #expect(result.output.contains("cmd.json: error: app.sdk.model.command: the scenario starts the program 'touch started'; "
      + "attrsim does this only with --allow-commands"), "\(result.output)")
    #expect(contents(folder) == before, "nothing was written or started")
  }

  @Test("validate notes that a scenario needs --allow-commands, and exits 0")
  func validateNotes() throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try attrsim(["validate", "cmd.json", "plain.json"], in: folder)
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("cmd.json: note: app.sdk.model.command: the scenario starts the program 'touch started'; "
      + "run, sweep, compare and verify need --allow-commands"))
    #expect(!result.output.contains("plain.json: note"))
  }

  @Test("an SDK endpoint on another machine needs --allow-network; the refusal names the URL")
  func networkNeedsTheOptIn() throws {
    let remote = TestScenarios.sdk(sdk: #"{ model: { endpoint: "https://model.example/v" } }"#, steps: "")
    let folder = try workspace(["remote.json": remote])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try attrsim(["run", "remote.json", "--allow-commands"], in: folder)
    #expect(result.status == 64)
    #expect(result.output.contains("remote.json: error: app.sdk.model.endpoint: the scenario connects to https://model.example/v; "
      + "attrsim does this only with --allow-network"), "\(result.output)")
    #expect(!contents(folder).contains("Reports"))
  }

  @Test("--deliver scenario to recipients on other machines needs --allow-network, checked before the run")
  func deliveryNeedsTheOptIn() throws {
    let folder = try workspace(["deliver.json": DeliveryFixtures.skAdNetwork(betaURL: "https://beta.example/p")])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try attrsim(["run", "deliver.json", "--deliver", "scenario"], in: folder)
    #expect(result.status == 64)
    #expect(result.output.contains("deliver.json: error: adNetworks[0].postbackURL: the scenario connects to https://alpha.example/skan/postbacks?src=sim"))
    #expect(result.output.contains("adNetworks[1].postbackURL: the scenario connects to https://beta.example/p"))
    #expect(result.output.contains("app.attributionReportEndpoint: the scenario connects to https://example.com"))
    #expect(!contents(folder).contains("Reports"))
  }

  @Test(
    "an empty output path is a usage error on every command that writes one",
    arguments: [
      ["run", "plain.json", "--out", ""], ["run", "plain.json", "-o", ""], ["sweep", "sweep.json", "--out", ""],
      ["merge", "x", "--out", ""], ["decode", "p.jsonl", "--schema", "s.json", "-o", ""], ["verify", "plain.json", "--junit", ""],
    ])
  func emptyOut(arguments: [String]) throws {
    let folder = try workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = contents(folder)
    let result = try attrsim(arguments, in: folder)
    #expect(result.status == 64, "\(result.output)")
    #expect(result.output.contains("expected a path, not an empty string"), "\(result.output)")
    #expect(contents(folder) == before)
  }

  @Test("a name that would leave Reports/ is refused (65) and nothing is written anywhere")
  func escapingName() throws {
    let folder = try workspace(["up.json": TestScenarios.minimal.replacing(required: #"name: "t""#, with: #"name: "../../up""#)])
    defer { try? FileManager.default.removeItem(at: folder) }
    let parent = contents(folder.deletingLastPathComponent())
    let result = try attrsim(["run", "up.json"], in: folder)
    #expect(result.status == 65)
    #expect(result.output.contains("up.json:3:9: error: name: expected a name usable as a folder under Reports/"))
    #expect(!contents(folder).contains("Reports"))
    #expect(contents(folder.deletingLastPathComponent()).filter { !parent.contains($0) && $0 == "up" }.isEmpty)
  }

  @Test(
    "file problems are said plainly with the path: a directory or missing file exits 66, bytes that are not UTF-8 65",
    arguments: [
      (["run", "sub"], 66, "sub: error: is a directory (expected a scenario file)"),
      (["validate", "nope.json"], 66, "nope.json: error: no such file (expected a scenario file)"),
      (["run", "latin1.json"], 65, "latin1.json: error: is not UTF-8 text (byte offset 2) (expected a scenario file)"),
      (["schema", "lint", "sub"], 66, "sub: error: is a directory (expected a schema file)"),
      (["decode", "sub", "--schema", "s.json"], 66, "sub: error: cannot read the postbacks: is a directory"),
      (["postback", "verify", "p.jsonl", "--key", "sub"], 66, "sub: error: cannot read the key file"),
    ])
  func plainFileProblems(arguments: [String], status: Int32, message: String) throws {
    let folder = try workspace(["latin1.json": "{\u{E9}", "s.json": TestScenarios.sdkSchema, "p.jsonl": ""])
    defer { try? FileManager.default.removeItem(at: folder) }
    // "{é" as Latin-1: the second byte is not UTF-8.
    try Data([0x7B, 0x20, 0xE9]).write(to: folder.appendingPathComponent("latin1.json"))
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
    let before = contents(folder)
    let result = try attrsim(arguments, in: folder)
    #expect(result.status == status, "\(result.output)")
    #expect(result.output.contains(message), "\(result.output)")
    #expect(!result.output.contains("Domain") && !result.output.contains("error 2"), "\(result.output)")
    #expect(contents(folder) == before)
  }

  @Test("decode -o naming a directory is an output problem (74), found before any decoding")
  func decodeIntoDirectory() throws {
    let folder = try workspace(["s.json": TestScenarios.sdkSchema, "p.jsonl": ""])
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: false)
    let result = try attrsim(["decode", "p.jsonl", "--schema", "s.json", "-o", "out"], in: folder)
    #expect(result.status == 74)
    #expect(result.output.contains("out: error: cannot write the decodings: is a directory"), "\(result.output)")
    #expect(contents(folder.appendingPathComponent("out")).isEmpty)
  }

  @Test("decode with a calibration made for another schema is refused (65) naming the file, and -o is not written")
  func decodeWithAnotherSchemasCalibration() throws {
    let calibration = """
      { "format": "attrsim-calibration", "version": 1, "scenario": "x", "schemaDigest": "\(String(repeating: "0", count: 64))",
        "currency": "USD", "eventNames": [], "windowCount": 3, "minimumInstalls": 30, "seeds": ["1"], "installs": 0,
        "cells": [] }
      """
    let folder = try workspace(["s.json": TestScenarios.sdkSchema, "p.jsonl": "", "cal.json": calibration])
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = contents(folder)
    let result = try attrsim(["decode", "p.jsonl", "--schema", "s.json", "--calibration", "cal.json", "-o", "d.jsonl"], in: folder)
    #expect(result.status == 65, "\(result.output)")
    #expect(result.output.contains("cal.json:") && result.output.contains("schemaDigest"), "\(result.output)")
    #expect(result.output.contains("expected the digest of the schema decoded with"), "\(result.output)")
    #expect(result.output.contains("this calibration was made for another schema"), "\(result.output)")
    #expect(contents(folder) == before)
  }

  @Test("an output folder under a file is named as such, not by an error code (74)")
  func outputUnderAFile() throws {
    let folder = try workspace(["afile": "x"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try attrsim(["run", "plain.json", "-o", "afile/run"], in: folder)
    #expect(result.status == 74, "\(result.output)")
    #expect(result.output.contains("'\(folder.path)/afile' is a file, not a folder"), "\(result.output)")
    #expect(!result.output.contains("Domain"))
  }
}
