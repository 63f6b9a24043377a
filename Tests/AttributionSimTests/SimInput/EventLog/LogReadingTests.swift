import AttributionSim
import AttributionTestSupport
import Foundation
import SimJSON
import Testing

@testable import SimInput

/// Reading event logs line by line and field by field: line ends, long lines, binary data,
/// quoting, and where each problem is reported.
@Suite("Event logs: lines and fields")
struct LogReadingTests {
  private func lines(of bytes: [UInt8], maximum: Int = 1 << 20) throws -> [(Int, String)] {
    let folder = try TemporaryFolder.create("log-lines")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("log.csv")
    try Data(bytes).write(to: file)
    var reader = try LogLines(path: file.path, maximumLineBytes: maximum)
    var result: [(Int, String)] = []
    while let line = try reader.next() { result.append((line.number, String(decoding: line.bytes, as: UTF8.self))) }
    return result
  }

  @Test("Lines end at \\n or \\r\\n; a last line without an end counts, an empty file has none")
  func lineEnds() throws {
    let read = try lines(of: Array("a,b\r\nc\n\nd".utf8))
    #expect(read.map(\.0) == [1, 2, 3, 4])
    #expect(read.map(\.1) == ["a,b", "c", "", "d"])
    #expect(try lines(of: []).isEmpty)
  }

  @Test("Lines that cross the reader's 1 MiB chunks come back whole and in order")
  func acrossChunks() throws {
    let long = String(repeating: "x", count: 700_000)
    let text = (0..<5).map { "\($0)\(long)" }.joined(separator: "\n")
    let read = try lines(of: Array(text.utf8))
    #expect(read.count == 5)
    #expect(read.map { $0.1.count } == Array(repeating: 700_001, count: 5))
    #expect(read.map { $0.1.first } == ["0", "1", "2", "3", "4"])
  }

  @Test("A line longer than the limit is an error at its line, not a read without bound")
  func tooLong() throws {
    let error = #expect(throws: ScenarioDiagnostic.self) { try lines(of: Array("short\n\(String(repeating: "y", count: 40))\nz".utf8), maximum: 16) }
    #expect(error?.location == SourceLocation(line: 2, column: 1))
    #expect(error?.message == "expected one event per line of at most 16 bytes, found a longer line")
  }

  @Test("A NUL byte says the file is binary, at its line and column")
  func binary() throws {
    let error = #expect(throws: ScenarioDiagnostic.self) { try lines(of: [0x61, 0x0A, 0x62, 0x63, 0x00, 0x64]) }
    #expect(error?.location == SourceLocation(line: 2, column: 3))
    #expect(error?.message == "expected a text log, found a NUL byte (binary data)")
  }

  @Test("A stretch of a file reads its own lines, numbered from 1, and stops at its end; a problem in it is at its own line")
  func stretch() throws {
    let folder = try TemporaryFolder.create("log-lines")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("log.csv")
    try Data(Array("a\n \nb\nc".utf8) + [0] + Array("d\ne".utf8)).write(to: file)
    var reader = try LogLines(path: file.path, bytes: 2..<6)
    #expect(try reader.nextNonBlank()?.number == 2)
    #expect(try reader.nextNonBlank() == nil)
    #expect(reader.linesTaken == 2)
    reader = try LogLines(path: file.path, bytes: 6..<11)
    let error = #expect(throws: LogReadError.self) { try reader.nextNonBlank() }
    #expect(error?.diagnostic.location == SourceLocation(line: 1, column: 2))
    #expect(error?.diagnostic.message == "expected a text log, found a NUL byte (binary data)")
  }

  @Test("A missing log is a file problem naming it")
  func missing() {
    let error = #expect(throws: FileProblem.self) { try LogLines(path: "/nonexistent/log.csv") }
    #expect(error?.kind == .noSuchFile)
  }

  private func fields(_ text: String, _ delimiter: LogDelimiter) throws -> [String] {
    try DelimitedLine(Array(text.utf8)[...], delimiter: delimiter, file: "log.csv", number: 7).fields
  }

  @Test("Commas with RFC 4180 quotes: delimiters and doubled quotes inside quotes, empty fields kept")
  func commaQuoting() throws {
    #expect(try fields(#"u1,"purchase, big","say ""hi""",,4.99,"#, .comma) == ["u1", "purchase, big", #"say "hi""#, "", "4.99", ""])
    #expect(try fields("", .comma) == [""])
    #expect(try fields("a\tb\t\"c\td\"", .tab) == ["a", "b", "c\td"])
  }

  @Test("Whitespace-separated fields: runs of blanks are one delimiter, no quoting")
  func whitespace() throws {
    #expect(try fields("  00001   19970101 1   11.77 ", .whitespace) == ["00001", "19970101", "1", "11.77"])
  }

  @Test("An open quote, text after a closing quote and bytes that are not UTF-8 are errors at their column")
  func fieldProblems() throws {
    let open = #expect(throws: ScenarioDiagnostic.self) { try fields(#"a,"b,c"#, .comma) }
    #expect(open?.description == "log.csv:7:3: error: expected a closing quote for the field that starts here, found the end of the line")
    let after = #expect(throws: ScenarioDiagnostic.self) { try fields(#"a,"b"x,c"#, .comma) }
    #expect(after?.location == SourceLocation(line: 7, column: 6))
    // "é" is two bytes but one column.
    let bad = #expect(throws: ScenarioDiagnostic.self) {
      try DelimitedLine(Array("é,".utf8)[...] + [0xFF], delimiter: .comma, file: "log.csv", number: 1)
    }
    #expect(bad?.location == SourceLocation(line: 1, column: 3))
    #expect(bad?.message == "expected UTF-8 text, found bytes that are not")
  }

  @Test("Fields know their columns, counted in characters")
  func columns() throws {
    let line = try DelimitedLine(Array("é,\"x\",y".utf8)[...], delimiter: .comma, file: "f", number: 1)
    #expect((0..<3).map(line.column(ofField:)) == [1, 3, 7])
  }
}
