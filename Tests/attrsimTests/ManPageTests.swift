import AttributionTestSupport
import CommandLineKit
import Foundation
import Testing

@testable import attrsim

@Suite("attrsim man page")
struct ManPageTests {
  static let spec = AttrsimTool.spec
  static let committed = TestPaths.repository.appendingPathComponent("Docs/attrsim.1")

  @Test("Docs/attrsim.1 is what 'attrsim help --man' prints (regenerate: attrsim help --man > Docs/attrsim.1)")
  func committedPageIsCurrent() throws {
    guard case .help(let page) = Self.spec.parse(["help", "--man"]) else {
      Issue.record("'attrsim help --man' is not help")
      return
    }
    let committed = try String(contentsOf: Self.committed, encoding: .utf8)
    #expect(committed == page + "\n")
  }

  @Test("The page has NAME, SYNOPSIS, DESCRIPTION, a section per command with its options, EXIT STATUS, FILES and SEE ALSO")
  func sections() {
    let page = Self.spec.manPage()
    let headings = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
    #expect(headings == ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "FILES", "SEE ALSO"])
    for path in Self.spec.commandPaths {
      #expect(page.contains(".SS \"attrsim \(path.joined(separator: " "))\""))
      guard let command = Self.spec.command(at: path) else { continue }
      for name in command.options.map(\.name) + command.flags.map(\.name) {
        #expect(page.contains("\\fB\\-\\-\(name.replacingOccurrences(of: "-", with: "\\-"))\\fR"), "\(path): --\(name)")
      }
    }
    for status in Self.spec.exitStatuses {
      #expect(page.contains(".B \(status.status)\n"))
    }
  }

  @Test("groff reads the page without a warning", .enabled(if: ChildProcess.onPath("groff") != nil, "needs groff on PATH"))
  func groffReadsIt() throws {
    let groff = try #require(ChildProcess.onPath("groff"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("attrsim-\(UUID().uuidString).1")
    try (Self.spec.manPage() + "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try ChildProcess.run(groff, ["-man", "-Tutf8", "-ww", "-z", file.path])
    #expect(result.status == 0 && result.output.isEmpty, "\(result.output)")
  }
}
