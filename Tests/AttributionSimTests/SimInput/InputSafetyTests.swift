import AttributionTestSupport
import Foundation
import Testing

@testable import AttributionSim

/// Issue 21: names that become folders, files named by a scenario that are not what they should
/// be, plain reasons for file problems, numbers JSON5 allows but no setting takes.
@Suite("Reading input safely")
struct InputSafetyTests {
  private func diagnostics(replacing old: String, with new: String) -> [String] {
    #expect(TestScenarios.minimal.contains(old), "test setup: '\(old)' not in the minimal scenario")
    return TestScenarios.diagnostics(TestScenarios.minimal.replacing(required: old, with: new))
  }

  /// A fresh folder holding `files` (name → bytes), removed by the caller.
  static func folder(_ files: [String: Data]) throws -> URL {
    let folder = try TemporaryFolder.create("safety")
    for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
    return folder
  }

  @Test(
    "a scenario name that is not one plain folder name is refused with the allowed form",
    arguments: [
      (#""../escape""#, "found '../escape', which contains the path separator '/'"),
      (#""a\\b""#, #"found 'a\b', which contains the path separator '\'"#),
      (#"".""#, "found '.', which names a folder that is not a new one"),
      (#""..""#, "found '..', which names a folder that is not a new one"),
      (#""a\nb""#, #"found 'a\nb', which contains a control character"#),
      (#"" padded""#, "found ' padded', which starts or ends with white space"),
      (#""padded ""#, "found 'padded ', which starts or ends with white space"),
      (#""""#, "found an empty string"),
    ])
  func unsafeNames(name: String, found: String) {
    #expect(diagnostics(replacing: #"name: "t""#, with: "name: \(name)") == [
      "bad.json:3:9: error: name: expected a name usable as a folder under Reports/ (a name is 1 to 100 characters "
        + "with no '/', '\\', control characters or leading or trailing spaces, and is not '.' or '..'); \(found)"
    ])
  }

  @Test("a name of 101 characters is refused by its length; names with dots and spaces inside are fine")
  func nameLength() throws {
    let long = String(repeating: "n", count: 101)
    #expect(diagnostics(replacing: #"name: "t""#, with: "name: \"\(long)\"").first?.hasSuffix("; found 101 characters") == true)
    #expect(diagnostics(replacing: #"name: "t""#, with: #"name: "launch v1.2 ..final""#) == [])
  }

  @Test("a sweep's name is held to the same form")
  func sweepName() throws {
    let base = Data(TestScenarios.minimal.utf8)
    let sweep = Data(#"{ version: 1, name: "../up", scenario: "base.json", parameters: [{ name: "s", path: "seed", values: [1] }], chart: { x: "s", y: "users" } }"#.utf8)
    let folder = try Self.folder(["base.json": base, "sweep.json": sweep])
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try ScenarioLoader.loadSweep(path: folder.appendingPathComponent("sweep.json").path)
      Issue.record("a sweep named '../up' loaded")
    } catch {
      #expect(error.diagnostics.contains { $0.path == "name" && $0.message.hasSuffix("which contains the path separator '/'") })
    }
  }

  @Test("a schema file that is not JSON is described by kind and place, never quoted")
  func foreignSchemaIsNotEchoed() throws {
    let folder = try Self.folder([
      "passwd": Data("root:x:0:0:root:/root:/bin/bash\n".utf8), "token.json": Data(#""s3cret-token""#.utf8),
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    for (file, holds) in [("passwd", "is not a schema file: a schema is a JSON or JSON5 object, '{ … }'"),
      ("token.json", "is not a schema file: it holds a string where a schema is a JSON or JSON5 object, '{ … }'")]
    {
      let path = folder.appendingPathComponent(file).path
      let found = diagnostics(replacing: "  seed: 7,", with: "  seed: 7, schema: \"\(path)\",")
      #expect(found == ["bad.json:4:20: error: schema: '\(path)' \(holds)"])
      #expect(!found.joined().contains("root") && !found.joined().contains("s3cret"))
    }
  }

  @Test("a sweep's base scenario that is not JSON is described, never quoted")
  func foreignBaseScenario() throws {
    let sweep = Data(#"{ version: 1, name: "s", scenario: "secret.txt", parameters: [{ name: "s", path: "seed", values: [1] }], chart: { x: "s", y: "users" } }"#.utf8)
    let folder = try Self.folder(["secret.txt": Data("password=hunter2\n".utf8), "sweep.json": sweep])
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      _ = try ScenarioLoader.loadSweep(path: folder.appendingPathComponent("sweep.json").path)
      Issue.record("loaded")
    } catch {
      let text = error.description
      #expect(text.contains("scenario: '\(folder.path)/secret.txt' is not a scenario file"), "\(text)")
      #expect(!text.contains("password") && !text.contains("hunter2"))
    }
  }

  @Test("a scenario path that is a directory, missing or not UTF-8 says so plainly, with no error code")
  func unreadableScenarios() throws {
    let folder = try Self.folder(["latin1.json": Data([0x7B, 0x20, 0x6E, 0xE9, 0x7D])])
    defer { try? FileManager.default.removeItem(at: folder) }
    let cases: [(String, String, Bool)] = [
      (folder.path, "is a directory (expected a scenario file)", false),
      (folder.appendingPathComponent("missing.json").path, "no such file (expected a scenario file)", false),
      (folder.appendingPathComponent("latin1.json").path, "is not UTF-8 text (byte offset 3) (expected a scenario file)", true),
    ]
    for (path, message, isContent) in cases {
      do {
        _ = try ScenarioLoader.load(path: path)
        Issue.record("loaded \(path)")
      } catch {
        #expect(error.description == "\(path): error: \(message)")
        #expect(error.unreadable?.isContentProblem == isContent)
        #expect(!error.description.contains("Domain"))
      }
    }
  }

  @Test("the first bad UTF-8 sequence is found: overlong forms, surrogates and cut-off sequences included")
  func utf8Offsets() {
    func offset(_ bytes: [UInt8]) -> Int? {
      do {
        _ = try UTF8Text.decode(bytes)
        return nil
      } catch {
        return error.byteOffset
      }
    }
    #expect(offset(Array("héllo ✓ 𝄞".utf8)) == nil)
    #expect(offset([0x61, 0xC0, 0x80]) == 1)  // overlong NUL
    #expect(offset([0x61, 0x62, 0xED, 0xA0, 0x80]) == 2)  // surrogate
    #expect(offset([0x61, 0xE2, 0x9C]) == 1)  // cut off
    #expect(offset([0xF4, 0x90, 0x80, 0x80]) == 0)  // past U+10FFFF
  }

  @Test("Infinity and NaN, which JSON5 allows, are refused by every number reader with the reason")
  func infinityAndNaN() {
    #expect(diagnostics(replacing: "click: 0.5", with: "click: Infinity") == [
      "bad.json:17:80: error: cohorts[0].exposures[0].click: expected a number, found number Infinity: "
        + "infinity and NaN are not allowed"
    ])
    #expect(diagnostics(replacing: "revenue: 4.99", with: "revenue: NaN").first?.hasSuffix("found number NaN: infinity and NaN are not allowed") == true)
    #expect(diagnostics(replacing: "seed: 7", with: "seed: -Infinity") == [
      "bad.json:4:9: error: seed: expected an integer of at least 0, found number -Infinity: infinity and NaN are not allowed"
    ])
  }

  @Test("a long string echoed in a message is cut with its length")
  func longEcho() {
    let long = String(repeating: "z", count: 5000)
    let found = diagnostics(replacing: #"epoch: "2026-03-02T00:00:00Z""#, with: "epoch: \"\(long)\"")
    #expect(found.count == 1)
    #expect(found.first?.hasSuffix("found '\(String(repeating: "z", count: 30))…' (5000 characters)") == true)
    #expect((found.first?.count ?? 0) < 200)
  }
}
