import AttributionSim
import AttributionTestSupport
import Foundation
import Testing

/// The report as a browser shows it: headless Chromium renders the page to a PNG.
@Suite("Reports in a browser")
struct ReportRenderTests {
  /// Chromium's path, when installed: Debian calls it `chromium`, Ubuntu's snap wrapper
  /// `chromium-browser`.
  static let chromium = ChildProcess.onPath("chromium", "chromium-browser")

  // Skipped, with this reason, where no Chromium is installed.
  @Test(
    "headless Chromium renders a quickstart report to a PNG of the requested size",
    .enabled(if: chromium != nil, "needs chromium or chromium-browser on PATH"), .timeLimit(.minutes(1)))
  func rendersInChromium() throws {
    let folder = try ReportFixtures.write(try ReportFixtures.quickstart(users: 1_000))
    defer { try? FileManager.default.removeItem(at: folder) }
    let (width, height) = (1280, 2000)
    let png = folder.appendingPathComponent("report.png")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.chromium))
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(width),\(height)",
      // Its own profile, so the test neither reads nor leaves anything in the user's.
      "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
      "--screenshot=\(png.path)", folder.appendingPathComponent("report.html").absoluteString,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(25)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      Issue.record("chromium took longer than 25 s")
      return
    }
    #expect(process.terminationStatus == 0)

    let bytes = [UInt8](try Data(contentsOf: png))
    try #require(bytes.count > 24)
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "PNG signature")
    #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
    func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    #expect(bigEndian(16) == width && bigEndian(20) == height)
    // A blank page of this size compresses to a few kilobytes; charts and text take far more.
    #expect(bytes.count > 50_000, "only \(bytes.count) bytes: the page looks empty")
  }
}
