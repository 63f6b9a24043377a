import AttributionTestSupport
import Foundation
import Testing

/// `attrsim postback verify` on files with no postbacks, binary data, and tampered Apple postbacks.
@Suite("attrsim postback verify: files without postbacks and values no device sends")
struct PostbackVerifyCommandTests {
  /// Writes `files` into a new folder, runs `postback verify` on the one named `target`, and
  /// checks that the command wrote nothing beside them.
  private func verify(_ files: [String: [UInt8]], _ target: String) throws -> (status: Int32, output: String, path: String) {
    let binary = try #require(ChildProcess.attrsim, "the attrsim executable is built beside the tests by `swift test`")
    let folder = try TemporaryFolder.create("postback-verify")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    let path = folder.appendingPathComponent(target).path
    let result = try ChildProcess.run(binary, ["postback", "verify", path])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files.keys.sorted(), "nothing written")
    return (result.status, result.output, path)
  }

  @Test(
    "a file with nothing to check exits 65 with a message naming the file",
    arguments: [
      ("empty.json", "", "the file is empty"),
      ("blank.jsonl", "\n  \n", "the file is empty"),
      ("none.json", "[]", "no postbacks: found an empty array"),
      ("number.json", "42", "no postbacks: found a number"),
    ])
  func nothingToCheck(name: String, content: String, message: String) throws {
    let result = try verify([name: Array(content.utf8)], name)
    #expect(result.status == 65, "\(result.output)")
    #expect(result.output.hasPrefix("\(result.path): error: \(message)"), "\(result.output)")
  }

  @Test("binary data exits 65: not UTF-8 at its byte offset, or not JSON at its line, column and byte offset")
  func binary() throws {
    let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]
    let notUTF8 = try verify(["postbacks.json.gz": gzip], "postbacks.json.gz")
    #expect(notUTF8.status == 65)
    #expect(notUTF8.output == "\(notUTF8.path): error: not UTF-8 text (byte offset 1): binary data, not postbacks\n")
    let controls: [UInt8] = [0x00, 0x01, 0x02, 0x7F]
    let notJSON = try verify(["noise.bin": controls], "noise.bin")
    #expect(notJSON.status == 65)
    #expect(notJSON.output.hasPrefix("\(notJSON.path):1:1: error: not JSON (byte offset 0): "), "\(notJSON.output)")
  }

  @Test(
    "§4: an Apple-signed postback with a conversion-value of 99 is valid with a warning; its high-S signature is named")
  func tamperedApplePostback() throws {
    let original = try String(
      contentsOfFile: TestPaths.fixtures + "/skan-postbacks/apple-signed/apple-doc-v3.0-winning.json", encoding: .utf8)
    let tampered = original.replacing(required: #""conversion-value": 20"#, with: #""conversion-value": 99"#)
    #expect(tampered != original)
    let result = try verify(["tampered.json": Array(tampered.utf8)], "tampered.json")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.hasPrefix(
      "\(result.path): valid; warning: 'conversion-value' 99 is outside 0–63: no device sends it (rulebook §4); warning: high-S signature"),
      "\(result.output)")
  }

  @Test(
    "fuzz-json5 regression: a verified postback with conversion-value Infinity (JSON5) is valid with a warning, not a crash")
  func infiniteConversionValue() throws {
    let original = try String(
      contentsOfFile: TestPaths.fixtures + "/skan-postbacks/apple-signed/apple-doc-v3.0-nonwinning.json", encoding: .utf8)
    let tampered = original.replacing(required: #""did-win": false"#, with: #""did-win": false, "conversion-value": -Infinity"#)
    #expect(tampered != original)
    let result = try verify(["infinite.json": Array(tampered.utf8)], "infinite.json")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output == "\(result.path): valid; warning: 'conversion-value' is -Infinity, not an integer 0–63 as Apple sends\n")
  }
}

